import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { groupBy } from "@/lib/group-by";
import { customContainers, customItems, customItemTypes, customSections } from "@/lib/db/schema";
import type { CustomMenu } from "./records";
import { legacyContainerJson, legacyItemJson, legacyMenuJson, legacySectionJson } from "./legacy-json";

/** A custom menu's sections, items (with types) and containers in position order: three queries. */
export async function loadCustomTree(db: Db, customMenuId: number) {
  const sectionRows = await db
    .select()
    .from(customSections)
    .where(eq(customSections.customMenuId, customMenuId))
    .orderBy(asc(customSections.position));
  const sectionIds = db.select({ id: customSections.id }).from(customSections).where(eq(customSections.customMenuId, customMenuId));
  const itemRows = await db
    .select({ item: customItems, type: customItemTypes })
    .from(customItems)
    .innerJoin(customItemTypes, eq(customItemTypes.id, customItems.customItemTypeId))
    .where(inArray(customItems.customSectionId, sectionIds))
    .orderBy(asc(customItems.customSectionId), asc(customItems.position));
  const itemIds = db.select({ id: customItems.id }).from(customItems).where(inArray(customItems.customSectionId, sectionIds));
  const containerRows = await db
    .select()
    .from(customContainers)
    .where(inArray(customContainers.customItemId, itemIds))
    .orderBy(asc(customContainers.customItemId), asc(customContainers.position));
  const itemsBySection = groupBy(itemRows, (row) => row.item.customSectionId);
  const containersByItem = groupBy(containerRows, (container) => container.customItemId);
  return sectionRows.map((section) => ({
    section,
    items: (itemsBySection.get(section.id) ?? []).map((row) => ({ ...row, containers: containersByItem.get(row.item.id) ?? [] })),
  }));
}

/** include_legacy with full=true: a custom menu's tree in the consolidated shape. */
export async function customMenuTree(db: Db, { menu, currency }: { menu: CustomMenu; currency: string }) {
  const tree = await loadCustomTree(db, menu.id);
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
