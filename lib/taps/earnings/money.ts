// Money for what a pour earns (venue-operations §15), pure and isomorphic: amounts in minor units
// (cents) as bigint, volumes in thousandths of a millilitre, so every product and quotient is exact
// until the one rounding (half away from zero) to a cent or a tenth of a percent.

/** "12.50" → 1250n (two decimals, as the tables keep money). */
export function cents(value: string | number): bigint {
  const text = typeof value === "number" ? value.toFixed(2) : value;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not money: ${text}`);
  const whole = BigInt(match[2]!) * 100n + BigInt((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -whole : whole;
}

/** 1250n → "12.50". */
export function money(value: bigint): string {
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** A decimal string with up to `scale` places → an integer scaled by 10^scale. */
export function scaled(value: string | number, scale: number): bigint {
  const text = typeof value === "number" ? value.toFixed(scale) : value;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = (match[2] ?? "").padEnd(scale, "0");
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) throw new Error(`more than ${scale} places: ${text}`);
  return BigInt(match[1]!) * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale) || "0");
}

/** numerator / denominator rounded half away from zero (both bigint, denominator > 0). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** Millilitres in a US fluid ounce, exactly (29.5735295625), scaled by 10^10. */
export const ML_PER_OZ_E10 = 295_735_295_625n;

/** A serving of `ounces` (the container size, 4 places) in thousandths of a ml, rounded. */
export const servingMilli = (ounces: string) => divRound(scaled(ounces, 4) * ML_PER_OZ_E10, 10n ** 11n);

export type Economics = { cost: string; margin: string | null; pour_cost_percent: number | null };

/**
 * A container's cost: the keg's cost × the serving ÷ the keg's size; its margin from its price and the
 * pour cost as a share of the price (one decimal). Exact: cost = cents × ounces_e4 × mlPerOz_e10 ÷
 * (size_e3 × 10^11), rounded once.
 */
export function containerEconomics({
  kegCost,
  kegSizeMl,
  ounces,
  price,
}: {
  kegCost: string;
  kegSizeMl: string;
  ounces: string;
  price: string;
}): Economics {
  const cost = divRound(cents(kegCost) * scaled(ounces, 4) * ML_PER_OZ_E10, scaled(kegSizeMl, 3) * 10n ** 11n);
  const priceCents = cents(price);
  return {
    cost: money(cost),
    margin: money(priceCents - cost),
    pour_cost_percent: priceCents === 0n ? null : Number(divRound(cost * 1000n, priceCents)) / 10,
  };
}
