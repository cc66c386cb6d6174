import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { isTransactionConflict } from "@/lib/db/errors";
import { items, kegs, taps } from "@/lib/db/schema";
import { eightySixInTransaction, restoreInTransaction } from "@/lib/menus/eighty-six";
import { itemList } from "@/lib/menus/lists";
import { lockedPlace, lockParents, moveToPlace, retryMoves } from "@/lib/menus/positions";
import type { Scope } from "@/lib/server/scope";
import { menusChanged, nameChanges, recordChange, wordChanges } from "@/lib/live/changes";
import { firstContainer, getTap, tapJson } from "./taps";

// A kicked keg (venue-operations §8): drained by a pour or kicked by hand. In ONE transaction the tap's
// item is 86'd (until restored: the bar has none left) and the first item on deck goes onto the tap, into
// the tap item's section at its place, with a fresh keg the size of the one that ran out; the feed gets
// `tap.kicked` and `tap.swapped` at one version. With nothing on deck the tap is left empty (no keg) and
// its item stays 86'd until a new keg is tapped.

type Tap = typeof taps.$inferSelect;
type Keg = typeof kegs.$inferSelect;

type Placed = { id: number; name: string; sectionId: number; menuId: number; tapNumber: string | null };

async function placeOf(tx: Db, itemId: number, locationId: number): Promise<Placed | null> {
  const [row] = (
    (await tx.execute(sql`
      select i.id, coalesce(i.custom_name, i.original_name) as name, i.section_id, s.menu_id, i.tap_number
      from items i join sections s on s.id = i.section_id join menus m on m.id = s.menu_id
      where i.id = ${itemId} and m.location_id = ${locationId}`)) as unknown as {
      rows: { id: number; name: string; section_id: number; menu_id: number; tap_number: string | null }[];
    }
  ).rows;
  return row
    ? { id: Number(row.id), name: row.name, sectionId: Number(row.section_id), menuId: Number(row.menu_id), tapNumber: row.tap_number }
    : null;
}

/** Runs a tap transaction again when PostgreSQL picked it as a deadlock's victim (twice at most). */
export async function retryConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await retryMoves("item", run);
    } catch (error) {
      if (attempt >= 3 || !isTransactionConflict(error)) throw error;
    }
  }
}

/**
 * The kick inside the caller's transaction, the tap's row and keg (if any) locked by it. Answers the
 * tap as it is now.
 */
export async function kickInTransaction(tx: Db, { tap, keg, now }: { tap: Tap; keg: Keg | null; now: Date }): Promise<Tap> {
  if (keg) {
    await tx.update(kegs).set({ kickedAt: now, endedAt: now, forecastEmptyAt: null, updatedAt: now }).where(eq(kegs.id, keg.id));
  }
  const kicked = tap.itemId ? await placeOf(tx, tap.itemId, tap.locationId) : null;
  let next: Placed | null = null;
  const rest = [...tap.onDeck];
  while (rest.length > 0 && !next) next = await placeOf(tx, rest.shift()!, tap.locationId);

  await nameChanges(tx, "tap.kicked");
  if (kicked) await eightySixInTransaction(tx, kicked.id, now, "kicked");
  let containerId = tap.containerId;
  if (next) {
    if (kicked) {
      // Into the kicked item's section, where it stands (the kicked item, 86'd, moves down one).
      await lockParents(tx, itemList, [next.sectionId, kicked.sectionId]);
      const from = await lockedPlace(tx, itemList, next.id, next.sectionId);
      const [here] = await tx.select({ position: items.position }).from(items).where(eq(items.id, kicked.id));
      const position = here!.position - (next.sectionId === kicked.sectionId && from.position < here!.position ? 1 : 0);
      await moveToPlace(tx, itemList, next.id, from, { parentId: kicked.sectionId, position }, "tap.on_deck");
      await tx.update(items).set({ tapNumber: null, updatedAt: now }).where(eq(items.id, kicked.id));
    }
    await tx
      .update(items)
      .set({ tapNumber: String(tap.number), updatedAt: now })
      .where(eq(items.id, next.id));
    await restoreInTransaction(tx, next.id, now);
    containerId = await firstContainer(tx, next.id);
    if (keg) await tx.insert(kegs).values({ tapId: tap.id, itemId: next.id, sizeMl: keg.sizeMl, remainingMl: keg.sizeMl, tappedAt: now });
  }
  const [updated] = await tx
    .update(taps)
    .set({ itemId: next?.id ?? tap.itemId, containerId, onDeck: next ? rest : tap.onDeck, updatedAt: now })
    .where(eq(taps.id, tap.id))
    .returning();

  // The feed: the triggers recorded one change per menu touched; name and word them, then add the swap.
  const label = `Tap ${tap.number}`;
  const kickedWords = kicked
    ? `${label}: the keg of ${kicked.name} kicked; ${kicked.name} is 86'd${next ? "" : " and the tap is empty (nothing on deck)"}`
    : `${label}: the keg kicked`;
  const swapWords = next ? `${label}: ${next.name} went on${kicked ? `, in place of ${kicked.name}` : ""}` : "";
  for (const menuId of new Set(await menusChanged(tx))) {
    if (kicked && menuId === kicked.menuId) await wordChanges(tx, { menuId, type: "tap.kicked", summary: kickedWords });
    else await wordChanges(tx, { menuId, type: "tap.swapped", summary: swapWords });
  }
  if (next && kicked) await recordChange(tx, { menuId: kicked.menuId, type: "tap.swapped", summary: swapWords });
  await nameChanges(tx, "");
  return updated!;
}

/** The tap's row and its keg in service, locked until the transaction ends. */
export async function lockTap(tx: Db, tapId: number) {
  const [tap] = await tx.select().from(taps).where(eq(taps.id, tapId)).for("update");
  const [keg] = await tx
    .select()
    .from(kegs)
    .where(and(eq(kegs.tapId, tapId), isNull(kegs.endedAt)))
    .for("update");
  return { tap: tap!, keg: keg ?? null };
}

/** POST /taps/:id/kick: the keg is done (empty or pulled), by hand. */
export async function kickTap(db: Db, { businessId, id, now = new Date() }: Scope & { now?: Date }) {
  await getTap(db, { businessId, id });
  const tap = await retryConflicts(() =>
    db.transaction(async (tx) => {
      const locked = await lockTap(tx, id);
      return kickInTransaction(tx, { ...locked, now });
    }),
  );
  return tapJson(db, tap, now);
}
