import type { Caller } from "@/lib/auth/caller";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { menuViewCounts } from "@/lib/db/schema";

const QUARTER_HOUR = 15 * 60 * 1000;

/** Counts one menu view in its quarter-hour bucket: one upsert, no row per view. */
export async function recordMenuView(db: Db, { locationId, source, at = new Date() }: { locationId: number; source: string; at?: Date }) {
  const bucket = new Date(Math.floor(at.getTime() / QUARTER_HOUR) * QUARTER_HOUR);
  await db
    .insert(menuViewCounts)
    .values({ locationId, source, bucket, count: 1 })
    .onConflictDoUpdate({
      target: [menuViewCounts.locationId, menuViewCounts.bucket, menuViewCounts.source],
      set: { count: sql`${menuViewCounts.count} + 1` },
    });
}

/**
 * The source a full-menu read counts under, or null when it is not an audience view: the venue's
 * own dashboard (a browser session) reading its menu to edit it.
 */
export function viewSource(caller: Caller, sourceName: string): string | null {
  return caller.via === "session" ? null : sourceName;
}
