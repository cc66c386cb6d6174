import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { nestTree, treeIds } from "@/lib/menus/tree-rows";
import { customContainers, customItems, customItemTypes, customSections } from "@/lib/db/schema";
import type { CustomMenu } from "./records";
import { legacyContainerJson, legacyItemJson, legacyMenuJson, legacySectionJson } from "./legacy-json";
import { customContainerJson, customItemJson, customMenuJson, customSectionJson } from "./serialize";

/** A custom menu's sections, items (with types) and containers in position order: three queries. */
export async function loadCustomTree(db: Db, customMenuId: number) {
  const sectionRows = await db
    .select()
    .from(customSections)
    .where(eq(customSections.customMenuId, customMenuId))
    .orderBy(asc(customSections.position));
  const { sectionIds, itemIds } = treeIds(db, customMenuId, {
    sections: { table: customSections, id: customSections.id, parent: customSections.customMenuId },
    items: { table: customItems, id: customItems.id, parent: customItems.customSectionId },
  });
  const itemRows = await db
    .select({ item: customItems, type: customItemTypes })
    .from(customItems)
    .innerJoin(customItemTypes, eq(customItemTypes.id, customItems.customItemTypeId))
    .where(inArray(customItems.customSectionId, sectionIds))
    .orderBy(asc(customItems.customSectionId), asc(customItems.position));
  const containerRows = await db
    .select()
    .from(customContainers)
    .where(inArray(customContainers.customItemId, itemIds))
    .orderBy(asc(customContainers.customItemId), asc(customContainers.position));
  const tree = nestTree(
    { sections: sectionRows, items: itemRows, containers: containerRows },
    {
      section: (section) => section.id,
      item: (row) => row.item.id,
      itemSection: (row) => row.item.customSectionId,
      containerItem: (container) => container.customItemId,
    },
  );
  return tree.map(({ section, items }) => ({ section, items: items.map(({ item: row, containers }) => ({ ...row, containers })) }));
}

export type CustomTree = Awaited<ReturnType<typeof loadCustomTree>>;

/** A custom menu's tree in the custom family's own shape (`custom_sections[].custom_items[].custom_containers[]`). */
export function customMenuTreeJson(menu: CustomMenu, tree: CustomTree) {
  return {
    ...customMenuJson(menu),
    custom_sections: tree.map(({ section, items }) => ({
      ...customSectionJson(section),
      custom_items: items.map(({ item, type, containers }) => ({
        ...customItemJson(item, type),
        custom_containers: containers.map(customContainerJson),
      })),
    })),
  };
}

/** include_legacy with full=true: a custom menu's tree in the consolidated shape. */
export function legacyMenuTreeJson(menu: CustomMenu, tree: CustomTree, currency: string) {
  return {
    ...legacyMenuJson(menu),
    sections: tree.map(({ section, items }) => ({
      ...legacySectionJson(section),
      items: items.map(({ item, type, containers }) => ({
        ...legacyItemJson(item, type),
        containers: containers.map((container) => legacyContainerJson(container, currency)),
      })),
    })),
    on_deck_section: null,
  };
}
