import type { Container, Item } from "@/lib/client/queries/menus";
import { formatPrice } from "@/lib/shared/format-price";

export const containerLabel = (container: Container) =>
  `${container.container_size?.name ?? container.name ?? "Serving"} ${formatPrice(container.regular_price ?? container.price, container.currency)}`;

/** "Tidewater Brewing · IPA - New England / Hazy · 6.8% ABV · 45 IBU" */
export function itemDetails(item: Item): string {
  return [
    item.brewery,
    item.style,
    item.abv === null ? null : `${Number(item.abv)}% ABV`,
    item.ibu === null ? null : `${Number(item.ibu)} IBU`,
  ]
    .filter(Boolean)
    .join(" · ");
}

const OVERRIDABLE = ["name", "brewery", "style", "description", "abv", "ibu", "calories"] as const;

/** A catalogue beer with at least one of its values replaced by the venue. */
export const hasOverrides = (item: Item) => item.untappd_id !== null && OVERRIDABLE.some((field) => item[`custom_${field}`] !== null);

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
