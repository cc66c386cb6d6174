import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { kegs, locations, taps } from "@/lib/db/schema";

// What boards may tell "almost gone" (venue-operations §8, issue 34 item 5): the items pouring now from a
// keg at or under the location's keg_low_percent, not yet empty.

/** The items at `locationId` whose keg in service is low. */
export async function lowItemIds(db: Db, locationId: number): Promise<number[]> {
  const rows = await db
    .select({ itemId: taps.itemId })
    .from(taps)
    .innerJoin(kegs, and(eq(kegs.tapId, taps.id), isNull(kegs.endedAt)))
    .innerJoin(locations, eq(locations.id, taps.locationId))
    .where(
      and(
        eq(taps.locationId, locationId),
        gt(kegs.remainingMl, "0"),
        sql`${kegs.remainingMl} * 100 <= ${kegs.sizeMl} * ${locations.kegLowPercent}`,
      ),
    );
  return [...new Set(rows.flatMap((row) => (row.itemId === null ? [] : [row.itemId])))].sort((a, b) => a - b);
}
