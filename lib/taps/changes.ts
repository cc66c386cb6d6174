import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

// The taps' changes in the feed (venue-operations §8): `tap.keg_low`, `tap.kicked`, `tap.swapped`, each a
// row of the menu's change feed (menu_changes), so the feed, its streams, the boards and the webhooks
// carry them with no path of their own. A kick's 86 and swap are menu edits: the database's triggers
// record them as one change (one version); this names it `tap.kicked` and adds `tap.swapped` at the same
// version. A low keg raises the menu's version (boards may show "almost gone"), or, in the pour that
// also kicked the keg, is added at the kick's version.

export type TapChangeType = "tap.keg_low" | "tap.kicked" | "tap.swapped";

type Execute = { execute: Db["execute"] };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Adds a change of `type` for menu `menuId` in the running transaction, with its words. The location's
 * row is locked first, as the triggers do, so the change's id (the feed's cursor) follows commit order.
 */
export async function recordTapChange(tx: Execute, { menuId, type, summary }: { menuId: number; type: TapChangeType; summary: string }) {
  await tx.execute(sql`select 1 from locations where id = (select location_id from menus where id = ${menuId}) for update`);
  const [row] = rowsOf<{ id: number; location_id: number; version: number }>(
    await tx.execute(sql`
      insert into menu_changes (location_id, menu_id, version, tx, type, actor, summary)
      select location_id, id, version, txid_current(), ${type},
        coalesce(nullif(current_setting('taproom.actor', true), '')::jsonb, '{"user_id":null,"name":null,"via":"system"}'::jsonb), ${summary}
      from menus where id = ${menuId}
      returning id, location_id, version`),
  );
  if (!row) return;
  await tx.execute(
    sql`select pg_notify('taproom', json_build_object('kind', 'change', 'location_id', ${row.location_id}::int, 'menu_id', ${menuId}::int, 'version', ${row.version}::int, 'id', ${row.id}::bigint)::text)`,
  );
}

/**
 * A change of `type` as a new version of menu `menuId` (the menu's row touched, nothing in it changed),
 * so boards fetch the menu again: a low keg turns "almost gone" on where a board shows it. Only in a
 * transaction that has not changed the menu yet (else it would join that change).
 */
export async function recordTapVersion(tx: Execute, { menuId, type, summary }: { menuId: number; type: TapChangeType; summary: string }) {
  await nameChanges(tx, type);
  await tx.execute(sql`update menus set updated_at = updated_at where id = ${menuId}`);
  await wordChanges(tx, { menuId, type, summary });
  await nameChanges(tx, "");
}

/** Names the changes the triggers record from here on in this transaction (until the next call). */
export async function nameChanges(tx: Execute, type: string) {
  await tx.execute(sql`select set_config('taproom.change_type', ${type}, true)`);
}

/** Gives the changes the triggers recorded in this transaction for `menuId` their type and words. */
export async function wordChanges(tx: Execute, { menuId, type, summary }: { menuId: number; type: TapChangeType; summary: string }) {
  await tx.execute(sql`update menu_changes set type = ${type}, summary = ${summary} where tx = txid_current() and menu_id = ${menuId}`);
}

/** The menus whose changes the triggers recorded in this transaction. */
export async function menusChanged(tx: Execute): Promise<number[]> {
  return rowsOf<{ menu_id: number }>(await tx.execute(sql`select menu_id from menu_changes where tx = txid_current() order by id`)).map(
    (row) => Number(row.menu_id),
  );
}
