// Isomorphic: the server-rendered preview and the dashboard's client components share it.

const formatters = new Map<string, Intl.NumberFormat>();

/** "6.50" in EUR → "€6.50": prices are decimal strings, currencies ISO 4217 codes. */
export function formatPrice(price: string, currency: string | null | undefined): string {
  const amount = Number(price);
  if (!currency || !Number.isFinite(amount)) return price;
  let format = formatters.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    } catch {
      return `${price} ${currency}`; // a code Intl does not know
    }
    formatters.set(currency, format);
  }
  return format.format(amount);
}
