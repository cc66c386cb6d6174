import { and, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";

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
