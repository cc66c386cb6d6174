import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { recordChange } from "@/lib/live/changes";
import type { LINE_CHANGE_TYPES } from "@/lib/shared/change-types";

// A line's news in the change feed (venue-operations §14): `tap.too_warm`, `tap.line_cleaning_due`,
// `tap.after_hours_pour`. Each is a row of the change feed (menu_changes) under the tap item's menu at
// that menu's version, as a board's offline is (nothing in the menu changed: no new version, and the
// history and the announcements leave them out); the feed, its streams and the webhooks carry them.
// This is the one function that records them.

export type LineChangeType = (typeof LINE_CHANGE_TYPES)[number];

type Execute = { execute: Db["execute"] };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Adds a change of `type` for the tap whose item is `itemId` (nothing when the tap pours no item), in
 * the running transaction, through the one writer (lib/live/changes.ts, decision 085): at the menu's
 * version, in commit order, told to every instance's bus at commit.
 */
export async function recordLineChange(
  tx: Execute,
  { itemId, type, summary }: { itemId: number | null; type: LineChangeType; summary: string },
) {
  if (itemId === null) return false;
  const [menu] = rowsOf<{ menu_id: number }>(
    await tx.execute(sql`select s.menu_id from items i join sections s on s.id = i.section_id where i.id = ${itemId}`),
  );
  if (!menu) return false;
  return (await recordChange(tx, { menuId: Number(menu.menu_id), type, summary })) !== null;
}
