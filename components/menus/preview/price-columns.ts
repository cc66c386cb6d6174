import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { formatPrice } from "@/lib/shared/format-price";

// A TV board's prices as columns (decision 054): a section whose beers pour in the same few sizes says
// each size once, over its column ("Pint", "4 oz Taster"), and each beer shows only the amounts, in
// line with the name. That leaves the style, ABV and brewery the whole width of the column, and the
// compact layout room for them on its one line.

type Container = MenuTreeResponse["sections"][number]["items"][number]["containers"][number];
type Priced = { containers: Container[] };

export type PriceColumn = { key: string; label: string };

/** More sizes than this, and a row of amounts no longer reads as one: each price keeps its size beside it. */
export const MAX_PRICE_COLUMNS = 3;

export const priceKey = (container: Container) =>
  container.container_size_id !== null ? `size:${container.container_size_id}` : `name:${container.name ?? ""}`;

export const priceLabel = (container: Container) => container.container_size?.name ?? container.name ?? "Serving";

/**
 * The section's sizes in the order they first appear, or null when they cannot be columns: more than
 * MAX_PRICE_COLUMNS of them, none at all, or a beer with two prices for one size (kept from before
 * decision 051).
 */
export function priceColumns(items: Priced[]): PriceColumn[] | null {
  const columns = new Map<string, string>();
  for (const item of items) {
    const keys = item.containers.map(priceKey);
    if (new Set(keys).size !== keys.length) return null;
    item.containers.forEach((container, index) => {
      if (!columns.has(keys[index]!)) columns.set(keys[index]!, priceLabel(container));
    });
  }
  if (columns.size === 0 || columns.size > MAX_PRICE_COLUMNS) return null;
  return [...columns].map(([key, label]) => ({ key, label }));
}

/**
 * How wide a column of the section's amounts is, in em of their type: the longest amount as written,
 * at 0.7 em a character (the widest bold tabular figures are ~0.7 em; "." and "," are narrower, so there
 * is room to spare), never under 2.5 em. The sizes over the columns wrap to it.
 */
export function amountWidth(items: Priced[], currency: string): number {
  const longest = Math.max(
    0,
    ...items.flatMap((item) => item.containers.map((container) => formatPrice(container.price, currency).length)),
  );
  return Math.max(2.5, Math.round((0.7 * longest + 0.2) * 100) / 100);
}

/**
 * How wide the sizes over the columns are on one line, in em of the amounts' type (the sizes are 3/4
 * of it): the longest, at 0.62 em a character of its own type. The compact layout, one column wide,
 * has the room to keep "4 oz Taster" on one line; the full one lets sizes wrap instead.
 */
export function sizeWidth(columns: PriceColumn[]): number {
  const longest = Math.max(0, ...columns.map((column) => column.label.length));
  return Math.round(0.62 * longest * 0.75 * 100) / 100;
}
