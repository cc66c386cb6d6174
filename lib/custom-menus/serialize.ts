import { iso } from "@/lib/shared/iso";
import type { CustomContainer, CustomItem, CustomItemType, CustomMenu, CustomSection } from "./records";
import type {
  BlankCustomContainerResponse,
  CustomContainerResponse,
  CustomItemResponse,
  CustomItemTypeResponse,
  CustomMenuResponse,
  CustomSectionResponse,
} from "@/lib/custom-menus/schemas/custom-menus";

// The deprecated family's own JSON shapes (spec: CustomMenu, CustomSection, CustomItem,
// CustomItemType, CustomContainer). Prices come from `numeric(10, 2)`: already "6.50".

export function customMenuJson(menu: CustomMenu): CustomMenuResponse {
  return {
    id: menu.id,
    location_id: menu.locationId,
    name: menu.name,
    description: menu.description,
    footer: menu.footer,
    unpublished: menu.unpublished,
    position: menu.position,
    created_at: iso(menu.createdAt),
    updated_at: iso(menu.updatedAt),
  };
}

export function customSectionJson(section: CustomSection): CustomSectionResponse {
  return {
    id: section.id,
    custom_menu_id: section.customMenuId,
    position: section.position,
    name: section.name,
    description: section.description,
    created_at: iso(section.createdAt),
    updated_at: iso(section.updatedAt),
  };
}

export function customItemJson(item: CustomItem, type: CustomItemType): CustomItemResponse {
  return {
    id: item.id,
    custom_section_id: item.customSectionId,
    position: item.position,
    name: item.name,
    description: item.description,
    type: type.name,
    custom_item_type_id: type.id,
    image_url_for_type: type.imageUrl,
    created_at: iso(item.createdAt),
    updated_at: iso(item.updatedAt),
  };
}

export function customItemTypeJson(type: CustomItemType): CustomItemTypeResponse {
  return {
    id: type.id,
    name: type.name,
    position: type.position,
    created_at: iso(type.createdAt),
    updated_at: iso(type.updatedAt),
  };
}

export function customContainerJson(container: CustomContainer): CustomContainerResponse {
  return {
    id: container.id,
    custom_item_id: container.customItemId,
    name: container.name,
    price: container.price,
    position: container.position,
    _track_by: container.id,
    created_at: iso(container.createdAt),
    updated_at: iso(container.updatedAt),
  };
}

/** build=true: the blank, unsaved container a form starts from, after the saved ones. */
export function blankCustomContainerJson(customItemId: number, position: number): BlankCustomContainerResponse {
  return {
    id: null,
    custom_item_id: customItemId,
    name: null,
    price: null,
    position,
    _track_by: null,
    created_at: null,
    updated_at: null,
  };
}
