import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, sections } from "@/lib/db/schema";
import { groupBy } from "@/lib/group-by";
import { containerJson, itemJson, menuJson, sectionJson, type Menu } from "./serialize";

/**
 * GET /menus/:id?full=true: the whole tree in position order in three queries (sections, items,
 * containers with their sizes), however many sections and items the menu holds.
 */
export async function menuTree(db: Db, { menu, currency }: { menu: Menu; currency: string }) {
  const sectionRows = await db
    .select()
    .from(sections)
    .where(eq(sections.menuId, menu.id))
    .orderBy(asc(sections.position), asc(sections.id));
  const sectionIds = db.select({ id: sections.id }).from(sections).where(eq(sections.menuId, menu.id));
  const itemRows = await db
    .select()
    .from(items)
    .where(inArray(items.sectionId, sectionIds))
    .orderBy(asc(items.sectionId), asc(items.position));
  const itemIds = db.select({ id: items.id }).from(items).where(inArray(items.sectionId, sectionIds));
  const containerRows = await db
    .select({ container: containers, size: containerSizes })
    .from(containers)
    .leftJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
    .where(inArray(containers.itemId, itemIds))
    .orderBy(asc(containers.itemId), asc(containers.position));

  const containersByItem = groupBy(containerRows, (row) => row.container.itemId);
  const itemsBySection = groupBy(itemRows, (item) => item.sectionId);
  const sectionTree = (section: (typeof sectionRows)[number]) => ({
    ...sectionJson(section),
    items: (itemsBySection.get(section.id) ?? []).map((item) => ({
      ...itemJson(item),
      containers: (containersByItem.get(item.id) ?? []).map((row) => containerJson(row.container, row.size, currency)),
    })),
  });
  const onDeck = sectionRows.find((section) => section.type === "OnDeckSection");
  return {
    ...menuJson(menu),
    sections: sectionRows.filter((section) => section.type === "Section").map(sectionTree),
    on_deck_section: onDeck ? sectionTree(onDeck) : null,
  };
}
