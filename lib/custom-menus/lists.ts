import { customContainers, customItems, customMenus, customSections, locations } from "@/lib/db/schema";
import type { SiblingList } from "@/lib/menus/positions";

// Every positioned list of the deprecated custom-menu trees, for lib/menus/positions.ts.

export const customMenuList: SiblingList = {
  table: customMenus,
  id: customMenus.id,
  parent: customMenus.locationId,
  position: customMenus.position,
  parentTable: locations,
  parentId: locations.id,
  noun: "custom menu",
  plural: "custom_menus",
};

export const customSectionList: SiblingList = {
  table: customSections,
  id: customSections.id,
  parent: customSections.customMenuId,
  position: customSections.position,
  parentTable: customMenus,
  parentId: customMenus.id,
  noun: "custom section",
  plural: "custom_sections",
};

export const customItemList: SiblingList = {
  table: customItems,
  id: customItems.id,
  parent: customItems.customSectionId,
  position: customItems.position,
  parentTable: customSections,
  parentId: customSections.id,
  noun: "custom item",
  plural: "custom_items",
};

export const customContainerList: SiblingList = {
  table: customContainers,
  id: customContainers.id,
  parent: customContainers.customItemId,
  position: customContainers.position,
  parentTable: customItems,
  parentId: customItems.id,
  noun: "custom container",
  plural: "custom_containers",
};
