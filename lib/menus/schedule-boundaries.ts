import { and, eq, isNull, lt, or } from "drizzle-orm";
import { actingAs } from "@/lib/db/actor";
import type { Database, Db } from "@/lib/db/client";
import { locations, menus } from "@/lib/db/schema";
import type { Job } from "@/lib/server/jobs";
import { SYSTEM } from "./eighty-six";
import { timedColumns, timedOf } from "./timed";
import { lastChangeAt } from "@/lib/schedules/evaluate";

// venue-operations §7: what a menu shows changes by time alone at each boundary of its schedules and
// happy hours. Reads need nothing from here (every read decides against the clock, lib/menus/tree.ts);
// this records each boundary once in the change feed as `menu.schedule_changed` (actor `system`), which
// raises the menu's version, so webhooks, the feed and every board hear it. Safe on any number of
// instances at once: the UPDATE repeats its test, so of two reaching one menu the second matches nothing.

/** How often the job looks: a boundary reaches the feed within this plus one pass's time. */
export const BOUNDARY_EVERY_MS = 15_000;
/** A boundary older than this when first seen (the app was down, or the schedule was written since) is not told. */
const LOOKBACK_MS = 10 * 60_000;

/** The menus with anything timed, with what their answers depend on and the boundary last recorded. */
function timedMenus(db: Db) {
  const timed = timedColumns(db);
  return db
    .select({ id: menus.id, schedule: menus.schedule, epoch: menus.scheduleEpoch, zone: locations.timeZone, ...timed.columns })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(isNull(locations.archivedAt), timed.any));
}

/** Records every boundary passed by `now` and not yet told, one change per menu and boundary. */
export async function recordScheduleBoundaries(db: Db, now: Date = new Date()): Promise<number> {
  let recorded = 0;
  for (const row of await timedMenus(db)) {
    const last = lastChangeAt(timedOf(row.schedule, row), now.getTime(), row.zone);
    if (last === null || last <= now.getTime() - LOOKBACK_MS || (row.epoch && row.epoch.getTime() >= last)) continue;
    const boundary = new Date(last);
    const rows = await actingAs(
      SYSTEM,
      () =>
        db.transaction((tx) =>
          tx
            .update(menus)
            .set({ scheduleEpoch: boundary })
            .where(and(eq(menus.id, row.id), or(isNull(menus.scheduleEpoch), lt(menus.scheduleEpoch, boundary))))
            .returning({ id: menus.id }),
        ),
      "menu.schedule_changed",
    );
    recorded += rows.length;
  }
  return recorded;
}

/** The boundaries as a background job (lib/server/jobs.ts): safe on every instance. */
export const scheduleBoundaryJob: Job<Database> = {
  name: "schedule-boundaries",
  everyMs: BOUNDARY_EVERY_MS,
  run: (database) => recordScheduleBoundaries(database.db),
};
