import { eq, inArray } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { groupBy } from "@/lib/shared/group-by";

// A menu's tree (sections → items → containers) for both menu families: three queries whatever the
// menu's size (the consolidated family's containers a fourth, for the sizes they name), items and
// containers selected through sub-queries on the menu id (never one query per record), then nested
// here. Each family says which tables and joins; the shape of the read is one.

type Level = { table: PgTable; id: AnyPgColumn; parent: AnyPgColumn };

/**
 * The sub-queries that select a menu's section ids and its item ids; with `only`, those sections' (of
 * the menu: the caller picked them from its sections) and their items.
 */
export function treeIds(db: Db, menuId: number, { sections, items }: { sections: Level; items: Level }, only?: number[]) {
  const sectionIds = only ?? db.select({ id: sections.id }).from(sections.table).where(eq(sections.parent, menuId));
  const itemIds = db.select({ id: items.id }).from(items.table).where(inArray(items.parent, sectionIds));
  return { sectionIds, itemIds };
}

/** Each section with its items and each item with its containers, in the order the rows were read. */
export function nestTree<Section, Item, Container>(
  rows: { sections: Section[]; items: Item[]; containers: Container[] },
  keys: {
    section: (section: Section) => number;
    item: (item: Item) => number;
    itemSection: (item: Item) => number;
    containerItem: (container: Container) => number;
  },
) {
  const itemsBySection = groupBy(rows.items, keys.itemSection);
  const containersByItem = groupBy(rows.containers, keys.containerItem);
  return rows.sections.map((section) => ({
    section,
    items: (itemsBySection.get(keys.section(section)) ?? []).map((item) => ({
      item,
      containers: containersByItem.get(keys.item(item)) ?? [],
    })),
  }));
}
