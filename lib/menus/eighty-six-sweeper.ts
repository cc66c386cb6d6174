import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { actingAs } from "@/lib/db/actor";
import type { Db } from "@/lib/db/client";
import { items } from "@/lib/db/schema";
import type { Database } from "@/lib/db/client";
import type { Job } from "@/lib/server/jobs";
import { NOT_EIGHTY_SIXED, SYSTEM } from "@/lib/menus/eighty-six";

// Reads never need this (an 86 past its time is not in force on any read, lib/menus/in-force.ts);
// it exists so that the change feed shows each expired 86 as `item.restored` by the system within a
// minute of its end (live-menus §3, §7).

// Items whose 86 has ended by `now` (or only the item `id`), still marked 86'd. `eighty_sixed_at is not
// null` names the partial index's predicate (items_eighty_sixed_idx): the sweep reads the few 86'd
// items, not the table.
const expired = (now: Date, id?: number) =>
  and(id === undefined ? undefined : eq(items.id, id), isNotNull(items.eightySixedAt), lte(items.eightySixedUntil, now));

/** The sweep's lookup: the ids to restore, earliest end first. */
export const dueEightySixes = (db: Db, now: Date) =>
  db.select({ id: items.id }).from(items).where(expired(now)).orderBy(asc(items.eightySixedUntil), asc(items.id));

/**
 * Clears every 86 whose end has passed, one transaction per item, so each restore is one change of its
 * own (`item.restored`, actor `system`) and one version of its menu. Safe on any number of instances at
 * once: each UPDATE repeats the test, so of two sweepers reaching one row the second matches nothing
 * (it waits for the first's row lock, then sees the cleared row) and records nothing.
 */
export async function restoreExpiredEightySixes(db: Db, now: Date = new Date()): Promise<number> {
  const due = await dueEightySixes(db, now);
  let restored = 0;
  for (const { id } of due) {
    const rows = await actingAs(
      SYSTEM,
      () =>
        db.transaction((tx) =>
          tx
            .update(items)
            // updated_at: when the item came back, its 86's end (SET reads the row as it was).
            .set({ ...NOT_EIGHTY_SIXED, updatedAt: sql`${items.eightySixedUntil}` })
            .where(expired(now, id))
            .returning({ id: items.id }),
        ),
      "item.restored",
    );
    restored += rows.length;
  }
  return restored;
}

/** How often the sweeper looks: an expiry reaches the feed within this plus one sweep's time. */
export const SWEEP_EVERY_MS = 20_000;

/** The sweep as a background job (lib/server/jobs.ts): safe on every instance, each restore claims its item. */
export const eightySixSweepJob: Job<Database> = {
  name: "86-sweep",
  everyMs: SWEEP_EVERY_MS,
  run: (database) => restoreExpiredEightySixes(database.db),
};
