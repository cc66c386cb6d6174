import type { BulkHappyHours } from "./schemas";

// A happy-hour rule for many prices at once (issue 49): each price's happy-hour price from its regular
// one, in whole cents. Pure: lib/menus/happy-hours.ts reads the prices and writes the result.

const cents = (price: string) => Math.round(Number(price) * 100);
const money = (value: number) => (value / 100).toFixed(2);

/** The happy-hour price of a regular price under the rule, or null when it would not be below it and above 0. */
export function happyPriceOf(regular: string, rule: Pick<BulkHappyHours, "percent_off" | "amount_off" | "price">): string | null {
  const base = cents(regular);
  const next =
    rule.percent_off !== undefined
      ? Math.round((base * (100 - rule.percent_off)) / 100)
      : rule.amount_off !== undefined
        ? base - cents(rule.amount_off)
        : cents(rule.price!);
  return next > 0 && next < base ? money(next) : null;
}
