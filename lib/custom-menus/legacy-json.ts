import { iso } from "@/lib/shared/iso";
import type { CustomContainer, CustomItem, CustomItemType, CustomMenu, CustomSection } from "./records";
import type {
  LegacyContainerResponse,
  LegacyItemResponse,
  LegacyMenuResponse,
  LegacySectionResponse,
} from "@/lib/custom-menus/schemas/include-legacy";

// include_legacy: a custom record answered under the consolidated key, in the consolidated shape,
// marked `"legacy": true` (contract §4).

/** A custom item's type ("wine") as a consolidated item's style ("Wine"): here and in the migration. */
export const typeAsStyle = (type: CustomItemType) => type.name.charAt(0).toUpperCase() + type.name.slice(1);

export function legacyMenuJson(menu: CustomMenu): LegacyMenuResponse {
  return {
    id: menu.id,
    location_id: menu.locationId,
    uuid: null,
    name: menu.name,
    description: menu.description,
    footer: menu.footer,
    unpublished: menu.unpublished,
    position: menu.position,
    legacy_menu_id: null,
    source_id: null,
    created_at: iso(menu.createdAt),
    updated_at: iso(menu.updatedAt),
    legacy: true,
  };
}

export function legacySectionJson(section: CustomSection): LegacySectionResponse {
  return {
    id: section.id,
    menu_id: section.customMenuId,
    position: section.position,
    name: section.name ?? "",
    description: section.description,
    type: "Section",
    public: true,
    source_id: null,
    created_at: iso(section.createdAt),
    updated_at: iso(section.updatedAt),
    legacy: true,
  };
}

/** The item type (wine, cocktail, food) becomes the style, as the migration does. */
export function legacyItemJson(item: CustomItem, type: CustomItemType): LegacyItemResponse {
  const catalogueFields = {
    untappd_id: null,
    brewery: null,
    abv: null,
    ibu: null,
    calories: null,
    label_image: null,
    label_image_hd: null,
    brewery_location: null,
    untappd_beer_slug: null,
    untappd_brewery_id: null,
    tap_number: null,
    cask: false,
    nitro: false,
    in_production: true,
    rating: null,
    // The deprecated family has no 86.
    eighty_sixed: false,
    eighty_sixed_until: null,
    eighty_sixed_reason: null,
    // Nor allergens or dietary tags: none declared.
    allergens: [],
    dietary: [],
    source_id: null,
  };
  const name = item.name ?? "";
  const style = typeAsStyle(type);
  return {
    id: item.id,
    section_id: item.customSectionId,
    position: item.position,
    name,
    style,
    description: item.description,
    ...catalogueFields,
    custom_name: null,
    custom_brewery: null,
    custom_style: null,
    custom_description: null,
    custom_abv: null,
    custom_ibu: null,
    custom_calories: null,
    original_name: name,
    original_brewery: null,
    original_style: style,
    original_description: item.description,
    original_abv: null,
    original_ibu: null,
    original_calories: null,
    created_at: iso(item.createdAt),
    updated_at: iso(item.updatedAt),
    legacy: true,
  };
}

export function legacyContainerJson(container: CustomContainer, currency: string): LegacyContainerResponse {
  return {
    id: container.id,
    item_id: container.customItemId,
    container_size_id: null,
    container_size: null,
    name: container.name,
    price: container.price,
    currency,
    calories: null,
    position: container.position,
    _track_by: container.id,
    source_id: null,
    created_at: iso(container.createdAt),
    updated_at: iso(container.updatedAt),
    legacy: true,
  };
}
