import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { LINE_CHANGE_TYPES } from "@/lib/shared/change-types";

// The one writer of the change feed (menu_changes; decision 085). An edit of a menu's tree is recorded
// by the database's triggers (migration 0009: version +1, the change, its edits); every other change
// is recorded here, by `recordChange`, which calls the database's one INSERT (taproom_insert_change,
// migration 0032), so both kinds carry the transaction's actor and notify every instance's bus at
// commit. Nothing else inserts into menu_changes or calls pg_notify: `npm run lint` (lint/one-writer.mjs)
// fails on it. A notification that is not a change goes through lib/live/bus.ts's `notify`.

type Execute = { execute: Db["execute"] };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The change types that are a device's news, not a change of the menu they sit under (they take its
 * current version and make none): a menu's history, its announcements and the integrity check leave
 * them out (`ofTheMenu`); the feed, its streams and the webhooks carry them. A new kind of device adds
 * its prefix here: a board's (`board.`), a tap line's sensors' (each type whole, lib/taps/sensors).
 */
export const DEVICE_CHANGE_PREFIXES = ["board.", ...LINE_CHANGE_TYPES] as const;

/** The SQL condition "this change (its `type` column) is a change of the menu", for the readers above. */
export function ofTheMenu(type: AnyPgColumn | SQL): SQL {
  return sql.join(
    DEVICE_CHANGE_PREFIXES.map((prefix) => sql`coalesce(${type}, '') not like ${`${prefix}%`}`),
    sql` and `,
  );
}

/**
 * Adds a change of `type` for the menu `menuId` in the running transaction, at the menu's current
 * version (no new version: boards do not refetch for it), with its words and the transaction's actor,
 * and notifies it at commit. Answers the change's id, or null when there is no such menu.
 */
export async function recordChange(tx: Execute, { menuId, type, summary }: { menuId: number; type: string; summary: string }) {
  const [row] = rowsOf<{ id: string | number | null }>(
    await tx.execute(sql`select taproom_record_change(${menuId}::int, ${type}::text, ${summary}::text) as id`),
  );
  return row?.id == null ? null : Number(row.id);
}

/**
 * Names the changes the triggers record from here on in this transaction (until the next call; "" to
 * stop): an edit of the tree that is, say, a keg's kick records as `tap.kicked`.
 */
export async function nameChanges(tx: Execute, type: string) {
  await tx.execute(sql`select set_config('taproom.change_type', ${type}, true)`);
}

/** Gives the changes the triggers recorded in this transaction for `menuId` their type and words. */
export async function wordChanges(tx: Execute, { menuId, type, summary }: { menuId: number; type: string; summary: string }) {
  await tx.execute(sql`update menu_changes set type = ${type}, summary = ${summary} where tx = txid_current() and menu_id = ${menuId}`);
}

/** The menus whose changes the triggers (or `recordChange`) recorded in this transaction, in order. */
export async function menusChanged(tx: Execute): Promise<number[]> {
  return rowsOf<{ menu_id: number }>(await tx.execute(sql`select menu_id from menu_changes where tx = txid_current() order by id`)).map(
    (row) => Number(row.menu_id),
  );
}
