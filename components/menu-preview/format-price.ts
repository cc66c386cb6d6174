// Isomorphic (the server-rendered preview and the dashboard's client components both use it).

/** "6.50" in EUR → "€6.50": prices are decimal strings, currencies ISO 4217 codes. */
export function formatPrice(price: string, currency: string | null | undefined): string {
  const amount = Number(price);
  if (!currency || !Number.isFinite(amount)) return price;
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).format(amount);
  } catch {
    return `${price} ${currency}`; // a code Intl does not know
  }
}
