import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, sections } from "@/lib/db/schema";
import { nestTree, treeIds } from "@/lib/menu-tree";
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
  const { sectionIds, itemIds } = treeIds(db, menu.id, {
    sections: { table: sections, id: sections.id, parent: sections.menuId },
    items: { table: items, id: items.id, parent: items.sectionId },
  });
  const itemRows = await db
    .select()
    .from(items)
    .where(inArray(items.sectionId, sectionIds))
    .orderBy(asc(items.sectionId), asc(items.position));
  const containerRows = await db
    .select({ container: containers, size: containerSizes })
    .from(containers)
    .leftJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
    .where(inArray(containers.itemId, itemIds))
    .orderBy(asc(containers.itemId), asc(containers.position));

  const tree = nestTree(
    { sections: sectionRows, items: itemRows, containers: containerRows },
    {
      section: (section) => section.id,
      item: (item) => item.id,
      itemSection: (item) => item.sectionId,
      containerItem: (row) => row.container.itemId,
    },
  );
  const sectionTree = ({ section, items: sectionItems }: (typeof tree)[number]) => ({
    ...sectionJson(section),
    items: sectionItems.map(({ item, containers: rows }) => ({
      ...itemJson(item),
      containers: rows.map((row) => containerJson(row.container, row.size, currency)),
    })),
  });
  const onDeck = tree.find(({ section }) => section.type === "OnDeckSection");
  return {
    ...menuJson(menu),
    sections: tree.filter(({ section }) => section.type === "Section").map(sectionTree),
    on_deck_section: onDeck ? sectionTree(onDeck) : null,
  };
}
