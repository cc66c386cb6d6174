import type { Caller } from "@/lib/auth/caller";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { processGlobal } from "@/lib/db/process-global";
import { menuViewCounts } from "@/lib/db/schema";
import type { Database } from "@/lib/db/client";
import type { Job } from "@/lib/server/jobs";
import { errorFields, log } from "@/lib/server/log";

const QUARTER_HOUR = 15 * 60 * 1000;
/** Views counted in the process reach the database within this long (a crash loses at most that much). */
export const VIEW_FLUSH_MS = 5000;

const bucketOf = (at: Date) => new Date(Math.floor(at.getTime() / QUARTER_HOUR) * QUARTER_HOUR);

/** Counts one menu view in its quarter-hour bucket: one upsert, no row per view. */
export async function recordMenuView(db: Db, { locationId, source, at = new Date() }: { locationId: number; source: string; at?: Date }) {
  await addMenuViews(db, [{ locationId, source, bucket: bucketOf(at), count: 1 }]);
}

type Counted = { locationId: number; source: string; bucket: Date; count: number };

async function addMenuViews(db: Db, rows: Counted[]) {
  if (rows.length === 0) return;
  await db
    .insert(menuViewCounts)
    .values(rows)
    .onConflictDoUpdate({
      target: [menuViewCounts.locationId, menuViewCounts.bucket, menuViewCounts.source],
      set: { count: sql`${menuViewCounts.count} + excluded.count` },
    });
}

// Full-menu reads count their views here, not with a write per request: per database handle (one per
// instance), summed by location, source and quarter hour, and written in one upsert at most
// VIEW_FLUSH_MS later (menuViewFlushJob), and at shutdown where the process gets the chance.
type Pending = { db: Db; counts: Map<string, Counted>; flushing: Promise<void> };
// Per process (lib/db/process-global.ts), so the shutdown flush sees what every route bundle counted.
const pending = processGlobal("menu-views.pending", () => new WeakMap<Db, Pending>());
const all = processGlobal("menu-views.all", () => new Set<Pending>());

function pendingOf(db: Db): Pending {
  let buffer = pending.get(db);
  if (!buffer) {
    buffer = { db, counts: new Map(), flushing: Promise.resolve() };
    pending.set(db, buffer);
    all.add(buffer);
  }
  return buffer;
}

/** Counts a view in the process; it reaches menu_view_counts with the next flush (within VIEW_FLUSH_MS). */
export function countMenuView(db: Db, { locationId, source, at = new Date() }: { locationId: number; source: string; at?: Date }) {
  const buffer = pendingOf(db);
  const bucket = bucketOf(at);
  const key = `${locationId}\u0000${source}\u0000${bucket.getTime()}`;
  const counted = buffer.counts.get(key);
  if (counted) counted.count++;
  else buffer.counts.set(key, { locationId, source, bucket, count: 1 });
}

/** Writes the views counted in the process for `db` (tests call it; the flush job does, and once more at shutdown). */
export async function flushMenuViews(db: Db): Promise<void> {
  const buffer = pending.get(db);
  if (!buffer) return;
  const rows = [...buffer.counts.values()];
  buffer.counts.clear();
  const run = buffer.flushing.then(() => addMenuViews(db, rows));
  buffer.flushing = run.catch(() => {});
  try {
    await run;
  } catch (error) {
    // Put them back: the database may be away for a while; the next flush tries again.
    for (const row of rows) {
      const key = `${row.locationId}\u0000${row.source}\u0000${row.bucket.getTime()}`;
      const counted = buffer.counts.get(key);
      if (counted) counted.count += row.count;
      else buffer.counts.set(key, row);
    }
    throw error;
  }
}

/** Writes every database's pending views; what cannot be written stays for the next flush. */
async function flushAllMenuViews() {
  for (const buffer of all) {
    await flushMenuViews(buffer.db).catch((error) =>
      log().warn(errorFields(error), "Menu views could not be written; kept for the next flush"),
    );
  }
}

/** The flush as a background job (lib/server/jobs.ts): every VIEW_FLUSH_MS, and once more at shutdown. */
export const menuViewFlushJob: Job<Database> = {
  name: "menu-view-flush",
  everyMs: VIEW_FLUSH_MS,
  run: flushAllMenuViews,
  stop: flushAllMenuViews,
};

/**
 * The venue's own guest surfaces (issue 49 row 9), each a source of its own on Insights: a phone menu
 * opened (GET /m/:id, a 304 too), a TV board opened (the menu display's page, or a paired TV's first read
 * of its menu), the menu embedded in the venue's site opened (GET /embed/menus/:id; not the embed's own
 * refreshes when its menu changes). Staff signed in to the dashboard are not counted on the boards.
 */
export const GUEST_SOURCES = { phone: "Phone menu", tv: "TV Board", embed: "Website embed" } as const;

/** The header the embed's script sends when it asks for its page again after a change: not a new view. */
export const FOLLOW_HEADER = "x-taproom-follow";

/**
 * The source a full-menu read counts under, or null when it is not an audience view: the venue's
 * own dashboard (a browser session) reading its menu to edit it.
 */
export function viewSource(caller: Caller, sourceName: string): string | null {
  return caller.via === "session" ? null : sourceName;
}
