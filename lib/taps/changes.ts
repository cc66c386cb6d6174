import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { nameChanges, wordChanges } from "@/lib/live/changes";

// The taps' changes in the feed (venue-operations §8): `tap.keg_low`, `tap.kicked`, `tap.swapped`, each a
// row of the menu's change feed (menu_changes), so the feed, its streams, the boards and the webhooks
// carry them with no path of their own. A kick's 86 and swap are menu edits: the database's triggers
// record them as one change (one version); this names it `tap.kicked` and adds `tap.swapped` at the same
// version. A low keg raises the menu's version (boards may show "almost gone"), or, in the pour that
// also kicked the keg, is added at the kick's version.

export type TapChangeType = "tap.keg_low" | "tap.kicked" | "tap.swapped";

type Execute = { execute: Db["execute"] };

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
