import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, sections } from "@/lib/db/schema";
import { nestTree, treeIds } from "@/lib/menu-tree";
import { containerJson, itemJson, menuJson, sectionJson, type Menu } from "./serialize";

/**
 * GET /menus/:id?full=true: the whole tree in position order in four queries (sections, items,
 * containers, the sizes they name), however many sections and items the menu holds. The sizes are
 * read apart and matched here: a menu names a handful of sizes, and joining them onto each of its
 * containers made the database send (and the embedded one decode) every size's columns once per
 * container, twice the cost of the containers alone for a 500-item menu.
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
    .select()
    .from(containers)
    .where(inArray(containers.itemId, itemIds))
    .orderBy(asc(containers.itemId), asc(containers.position));
  // Asked even for a menu without containers (`false`): a tree is the same number of statements at any size.
  const sizeIds = [...new Set(containerRows.flatMap(({ containerSizeId }) => (containerSizeId === null ? [] : [containerSizeId])))];
  const sizeRows = await db.select().from(containerSizes).where(inArray(containerSizes.id, sizeIds));
  const sizeById = new Map(sizeRows.map((size) => [size.id, size]));

  const tree = nestTree(
    { sections: sectionRows, items: itemRows, containers: containerRows },
    {
      section: (section) => section.id,
      item: (item) => item.id,
      itemSection: (item) => item.sectionId,
      containerItem: (container) => container.itemId,
    },
  );
  const sectionTree = ({ section, items: sectionItems }: (typeof tree)[number]) => ({
    ...sectionJson(section),
    items: sectionItems.map(({ item, containers: rows }) => ({
      ...itemJson(item),
      containers: rows.map((container) => {
        const size = container.containerSizeId === null ? null : (sizeById.get(container.containerSizeId) ?? null);
        return containerJson(container, size, currency);
      }),
    })),
  });
  const onDeck = tree.find(({ section }) => section.type === "OnDeckSection");
  return {
    ...menuJson(menu),
    sections: tree.filter(({ section }) => section.type === "Section").map(sectionTree),
    on_deck_section: onDeck ? sectionTree(onDeck) : null,
  };
}
