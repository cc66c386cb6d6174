import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

// The boards' changes in the feed (venue-operations §10): `board.offline` and `board.online`, each a row
// of the change feed (menu_changes) under the menu the board shows, at that menu's current version (the
// menu itself did not change: no new version, so no board refetches for it). The feed, its streams and
// the webhooks carry them with no path of their own; a menu's history and its announcements leave them out
// (they are not changes of the menu), lib/menus/history/versions.ts and lib/live/announcements.ts.

export type BoardChangeType = "board.offline" | "board.online";

/** The feed's types that are a board's, not its menu's: history, announcements and integrity skip them. */
export const BOARD_CHANGE_PREFIX = "board.";

type Execute = { execute: Db["execute"] };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Adds a change of `type` for the menu `menuId` in the running transaction, with its words. The
 * location's row is locked first, as the triggers do, so the change's id (the feed's cursor) follows
 * commit order; the notification at commit sends it to the streams and the webhook worker.
 */
export async function recordBoardChange(
  tx: Execute,
  { menuId, type, summary }: { menuId: number; type: BoardChangeType; summary: string },
) {
  await tx.execute(sql`select 1 from locations where id = (select location_id from menus where id = ${menuId}) for update`);
  const [row] = rowsOf<{ id: number; location_id: number; version: number }>(
    await tx.execute(sql`
      insert into menu_changes (location_id, menu_id, version, tx, type, actor, summary)
      select location_id, id, version, txid_current(), ${type},
        coalesce(nullif(current_setting('taproom.actor', true), '')::jsonb, '{"user_id":null,"name":null,"via":"system"}'::jsonb),
        ${summary}
      from menus where id = ${menuId}
      returning id, location_id, version`),
  );
  if (!row) return;
  await tx.execute(
    sql`select pg_notify('taproom', json_build_object('kind', 'change', 'location_id', ${row.location_id}::int, 'menu_id', ${menuId}::int, 'version', ${row.version}::int, 'id', ${row.id}::bigint)::text)`,
  );
}
