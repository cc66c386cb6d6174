import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { kegs, taps } from "@/lib/db/schema";
import { restoreInTransaction } from "@/lib/menus/eighty-six";
import { invalid } from "@/lib/server/errors";
import type { Scope } from "@/lib/server/scope";
import { nameChanges } from "@/lib/live/changes";
import { lockTap, retryConflicts } from "./kick";
import type { TapKegInput } from "./schemas";
import { firstContainer, getTap, tapJson, tapsJson } from "./taps";

// POST /taps/:id/kegs (venue-operations §8): a new keg goes on; the one in service, if any, ends. With
// `item_id` the tap pours that item from now on (it leaves the on-deck list); the item poured is back on
// the menus if it was 86'd (a keg of it is on), in the same transaction.

export async function tapNewKeg(db: Db, { businessId, id, input, now = new Date() }: Scope & { input: TapKegInput; now?: Date }) {
  const { tap } = await getTap(db, { businessId, id });
  if (input.item_id !== undefined) {
    const [known] = await tapsJson(db, tap.locationId, [{ ...tap, itemId: input.item_id, onDeck: [] }], now);
    if (known!.item_name === null) throw invalid([{ path: "item_id", message: "must be an item of this location's menus" }]);
  }
  const updated = await retryConflicts(() =>
    db.transaction(async (tx) => {
      const { tap: locked } = await lockTap(tx, tap.id);
      await tx
        .update(kegs)
        .set({ endedAt: now, updatedAt: now })
        .where(and(eq(kegs.tapId, locked.id), isNull(kegs.endedAt)));
      const itemId = input.item_id ?? locked.itemId;
      const changed = itemId !== locked.itemId;
      const [row] = await tx
        .update(taps)
        .set({
          itemId,
          ...(changed && { containerId: itemId === null ? null : await firstContainer(tx, itemId) }),
          onDeck: locked.onDeck.filter((onDeck) => onDeck !== itemId),
          updatedAt: now,
        })
        .where(eq(taps.id, locked.id))
        .returning();
      await tx.insert(kegs).values({
        tapId: locked.id,
        itemId,
        sizeMl: String(input.size_ml),
        remainingMl: String(input.size_ml),
        tappedAt: now,
        cost: input.cost,
        deposit: input.deposit,
      });
      if (itemId !== null) {
        await nameChanges(tx, "item.restored");
        await restoreInTransaction(tx, itemId, now);
        await nameChanges(tx, "");
      }
      return row!;
    }),
  );
  return tapJson(db, updated, now);
}
