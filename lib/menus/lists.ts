import { eq } from "drizzle-orm";
import { containers, items, locations, menus, sections } from "@/lib/db/schema";
import type { SiblingList } from "@/lib/menus/positions";

// Every positioned list of the menu trees, for lib/menus/positions.ts.

export const menuList: SiblingList = {
  table: menus,
  id: menus.id,
  parent: menus.locationId,
  position: menus.position,
  parentTable: locations,
  parentId: locations.id,
  noun: "menu",
  plural: "menus",
};

export const sectionList: SiblingList = {
  table: sections,
  id: sections.id,
  parent: sections.menuId,
  position: sections.position,
  scope: eq(sections.type, "Section"),
  parentTable: menus,
  parentId: menus.id,
  noun: "section",
  plural: "sections",
};

export const itemList: SiblingList = {
  table: items,
  id: items.id,
  parent: items.sectionId,
  position: items.position,
  parentTable: sections,
  parentId: sections.id,
  noun: "item",
  plural: "items",
};

export const containerList: SiblingList = {
  table: containers,
  id: containers.id,
  parent: containers.itemId,
  position: containers.position,
  parentTable: items,
  parentId: items.id,
  noun: "container",
  plural: "containers",
};
