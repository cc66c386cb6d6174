import type { containerSizes, containers, items, menus, sections } from "@/lib/db/schema";
import { inForce } from "./in-force";
import { containerSizeJson } from "@/lib/container-sizes/container-sizes";
import { iso } from "@/lib/shared/iso";
import { sourceOwnId } from "@/lib/shared/source-id";
import type { BlankContainerResponse, ContainerResponse, ItemResponse, MenuResponse, SectionResponse } from "@/lib/menus/schemas/menus";

export type Menu = typeof menus.$inferSelect;
export type Section = typeof sections.$inferSelect;
export type Item = typeof items.$inferSelect;
export type Container = typeof containers.$inferSelect;
export type ContainerSize = typeof containerSizes.$inferSelect;

/** 4.40 → "4.4", 5.00 → "5.0", 4.25 → "4.25": the reference's decimal strings. */
export function decimalString(value: string | number | null): string | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isInteger(number) ? number.toFixed(1) : String(number);
}

export function menuJson(menu: Menu): MenuResponse {
  return {
    id: menu.id,
    location_id: menu.locationId,
    uuid: menu.uuid,
    name: menu.name,
    description: menu.description,
    footer: menu.footer,
    unpublished: menu.unpublished,
    position: menu.position,
    legacy_menu_id: menu.legacyMenuId,
    source_id: sourceOwnId(menu.sourceId),
    // Only when set (venue-operations §7): a menu without one is on always, and answers as before.
    ...(menu.schedule ? { schedule: menu.schedule } : {}),
    version: menu.version,
    created_at: iso(menu.createdAt),
    updated_at: iso(menu.updatedAt),
  };
}

export function sectionJson(section: Section): SectionResponse {
  return {
    id: section.id,
    menu_id: section.menuId,
    position: section.position,
    name: section.name,
    description: section.description,
    type: section.type,
    public: section.public,
    ...(section.schedule ? { schedule: section.schedule } : {}),
    source_id: sourceOwnId(section.sourceId),
    created_at: iso(section.createdAt),
    updated_at: iso(section.updatedAt),
  };
}

const calories = (value: number | null) => (value === null ? null : String(value));

/**
 * Whether an 86 is in force at `now` (live-menus §7): set, and either until restored or until a time
 * still ahead. An 86 whose time has passed reads as restored on every read, before the sweeper
 * (lib/menus/eighty-six-sweeper.ts) clears the row.
 */
export function eightySixInForce(item: Pick<Item, "eightySixedAt" | "eightySixedUntil">, now: Date): boolean {
  return inForce({ set: item.eightySixedAt !== null, until: item.eightySixedUntil }, now);
}

/**
 * Plain fields show the override when one is set; custom_* the override; original_* the source value.
 * `now` decides whether a timed 86 is still in force.
 */
export function itemJson(item: Item, now: Date = new Date()): ItemResponse {
  const eightySixed = eightySixInForce(item, now);
  return {
    id: item.id,
    section_id: item.sectionId,
    position: item.position,
    untappd_id: item.untappdId,
    name: item.customName ?? item.originalName,
    brewery: item.customBrewery ?? item.originalBrewery,
    style: item.customStyle ?? item.originalStyle,
    description: item.customDescription ?? item.originalDescription,
    abv: decimalString(item.customAbv ?? item.originalAbv),
    ibu: decimalString(item.customIbu ?? item.originalIbu),
    calories: calories(item.customCalories ?? item.originalCalories),
    label_image: item.labelImage,
    label_image_hd: item.labelImageHd,
    brewery_location: item.breweryLocation,
    untappd_beer_slug: item.untappdBeerSlug,
    untappd_brewery_id: item.untappdBreweryId,
    tap_number: item.tapNumber,
    cask: item.cask,
    nitro: item.nitro,
    in_production: item.inProduction,
    rating: item.rating === null ? null : Number(item.rating).toFixed(2),
    custom_name: item.customName,
    custom_brewery: item.customBrewery,
    custom_style: item.customStyle,
    custom_description: item.customDescription,
    custom_abv: decimalString(item.customAbv),
    custom_ibu: decimalString(item.customIbu),
    custom_calories: calories(item.customCalories),
    original_name: item.originalName,
    original_brewery: item.originalBrewery,
    original_style: item.originalStyle,
    original_description: item.originalDescription,
    original_abv: decimalString(item.originalAbv),
    original_ibu: decimalString(item.originalIbu),
    original_calories: calories(item.originalCalories),
    eighty_sixed: eightySixed,
    eighty_sixed_until: eightySixed && item.eightySixedUntil ? iso(item.eightySixedUntil) : null,
    eighty_sixed_reason: eightySixed ? item.eightySixedReason : null,
    allergens: item.allergens,
    dietary: item.dietary,
    source_id: sourceOwnId(item.sourceId),
    created_at: iso(item.createdAt),
    updated_at: iso(item.updatedAt),
  };
}

export function containerJson(container: Container, size: ContainerSize | null, currency: string): ContainerResponse {
  return {
    id: container.id,
    item_id: container.itemId,
    container_size_id: container.containerSizeId,
    container_size: size ? containerSizeJson(size, { embedded: true }) : null,
    // Clients print `name` as the size label: one not set answers its size's name (contract §4).
    name: container.name ?? size?.name ?? null,
    price: container.price,
    currency,
    calories: container.calories,
    ...(container.timePrices ? { time_prices: container.timePrices } : {}),
    position: container.position,
    _track_by: container.id,
    source_id: sourceOwnId(container.sourceId),
    created_at: iso(container.createdAt),
    updated_at: iso(container.updatedAt),
  };
}

/** build=true: the blank, unsaved container a form starts from. */
export function blankContainerJson(itemId: number, position: number, currency: string): BlankContainerResponse {
  return {
    id: null,
    item_id: itemId,
    container_size_id: null,
    container_size: null,
    name: null,
    price: null,
    currency,
    calories: null,
    position,
    _track_by: null,
    source_id: null,
    created_at: null,
    updated_at: null,
  };
}
