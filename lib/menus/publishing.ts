import { and, asc, eq, inArray, lte, notExists, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { boards, containers, items, menus, sections } from "@/lib/db/schema";
import { notFound } from "@/lib/server/errors";
import { MAX_UNPRICED_NAMED, type MenuImpactResponse } from "./schemas/publishing";

// Publishing, the one way both menu families do it (menus and the deprecated custom menus).

type PublishableTable = PgTable & { unpublished: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * Publishes or unpublishes in one conditional UPDATE that only matches a menu not yet in that state,
 * so setting the state a menu already has writes nothing, not even `updated_at`, and two concurrent
 * calls cannot both write. `where` names the menu and carries the caller's scope. Answers the menu as
 * it is now, or null when `where` matches nothing (the caller answers 404).
 */
export async function setPublishedState<Table extends PublishableTable>(
  db: Db,
  { table, where, published }: { table: Table; where: SQL | undefined; published: boolean },
): Promise<Table["$inferSelect"] | null> {
  const change = { unpublished: !published, updatedAt: new Date() } as PgUpdateSetSource<Table>;
  type Row = Table["$inferSelect"];
  // In a transaction, like every write to a menu's tree, so the change names its actor (lib/db/actor.ts).
  const [changed] = (await db.transaction((tx) =>
    tx
      .update(table)
      .set(change)
      .where(and(where, eq(table.unpublished, published)))
      .returning(),
  )) as Row[];
  if (changed) return changed;
  const [current] = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)) as Row[];
  return current ?? null;
}

/**
 * What publishing or unpublishing `menuIds` (by default: the location's drafts, what publish_all would
 * publish) changes for guests, in the location's menu order: each menu's items guests would see with no
 * price (no size at all: a size always has one) and the paired TVs set to show it. An id that is not one
 * of this location's menus (another business's included) is 404, like a missing one. Three reads, each
 * bounded by the ids asked for (MAX_IMPACT_MENUS) and the names kept per menu (MAX_UNPRICED_NAMED).
 */
export async function publishImpact(
  db: Db,
  { location, menuIds }: { location: { id: number }; menuIds?: readonly number[] },
): Promise<MenuImpactResponse[]> {
  const chosen = await db
    .select({ id: menus.id, name: menus.name, unpublished: menus.unpublished })
    .from(menus)
    .where(and(eq(menus.locationId, location.id), menuIds === undefined ? eq(menus.unpublished, true) : inArray(menus.id, [...menuIds])))
    .orderBy(asc(menus.position), asc(menus.id));
  if (menuIds !== undefined && chosen.length !== menuIds.length) throw notFound("menu");
  if (chosen.length === 0) return [];
  const ids = chosen.map((menu) => menu.id);

  // On-deck beers are "coming soon" with no price by design, and a hidden section is not on the guests'
  // menus: neither is named.
  const ranked = db
    .select({
      menuId: sections.menuId,
      id: items.id,
      name: sql<string>`coalesce(${items.customName}, ${items.originalName})`.as("item_name"),
      sectionName: sql<string>`${sections.name}`.as("section_name"),
      rank: sql<number>`row_number() over (partition by ${sections.menuId} order by ${sections.position}, ${sections.id}, ${items.position}, ${items.id})`.as(
        "rank",
      ),
      total: sql<number>`count(*) over (partition by ${sections.menuId})`.as("total"),
    })
    .from(items)
    .innerJoin(sections, eq(sections.id, items.sectionId))
    .where(
      and(
        inArray(sections.menuId, ids),
        eq(sections.type, "Section"),
        eq(sections.public, true),
        notExists(db.select({ one: sql`1` }).from(containers).where(eq(containers.itemId, items.id))),
      ),
    )
    .as("ranked");
  const [unpriced, showing] = await Promise.all([
    db.select().from(ranked).where(lte(ranked.rank, MAX_UNPRICED_NAMED)).orderBy(asc(ranked.menuId), asc(ranked.rank)),
    db
      .select({ id: boards.id, name: boards.name, menuId: boards.menuId })
      .from(boards)
      .where(and(eq(boards.locationId, location.id), inArray(boards.menuId, ids)))
      .orderBy(asc(boards.name), asc(boards.id)),
  ]);

  return chosen.map((menu) => {
    const named = unpriced.filter((row) => row.menuId === menu.id);
    return {
      id: menu.id,
      name: menu.name,
      unpublished: menu.unpublished,
      unpriced_items: named.map((row) => ({ id: row.id, name: row.name, section_name: row.sectionName })),
      unpriced_item_count: Number(named[0]?.total ?? 0),
      boards: showing.filter((board) => board.menuId === menu.id).map((board) => ({ id: board.id, name: board.name })),
    };
  });
}
