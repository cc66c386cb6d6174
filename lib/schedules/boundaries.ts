import { and, eq, exists, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { actingAs } from "@/lib/db/actor";
import type { Database, Db } from "@/lib/db/client";
import { containers, items, locations, menus, sections, type StoredSchedule, type StoredTimePrice } from "@/lib/db/schema";
import type { Job } from "@/lib/server/jobs";
import { SYSTEM } from "@/lib/menus/eighty-six";
import { lastChangeAt } from "./evaluate";

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
  const menuSections = db.select({ id: sections.id }).from(sections).where(eq(sections.menuId, menus.id));
  const menuItems = db.select({ id: items.id }).from(items).where(sql`${items.sectionId} in ${menuSections}`);
  const scheduled = db
    .select({ schedule: sections.schedule })
    .from(sections)
    .where(and(eq(sections.menuId, menus.id), isNotNull(sections.schedule)));
  const happyHours = db
    .select({ timePrices: containers.timePrices })
    .from(containers)
    .where(and(sql`${containers.itemId} in ${menuItems}`, isNotNull(containers.timePrices)));
  return db
    .select({
      id: menus.id,
      schedule: menus.schedule,
      epoch: menus.scheduleEpoch,
      zone: locations.timeZone,
      schedules: sql<unknown>`(select coalesce(json_agg(s.schedule), '[]'::json) from ${scheduled} as s)`,
      happyHours: sql<unknown>`(select coalesce(json_agg(distinct h.time_prices::text), '[]'::json) from ${happyHours} as h)`,
    })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(isNull(locations.archivedAt), or(isNotNull(menus.schedule), exists(scheduled), exists(happyHours))));
}

const parsed = <T>(value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** Records every boundary passed by `now` and not yet told, one change per menu and boundary. */
export async function recordScheduleBoundaries(db: Db, now: Date = new Date()): Promise<number> {
  let recorded = 0;
  for (const row of await timedMenus(db)) {
    const schedules = [row.schedule, ...parsed<StoredSchedule[]>(row.schedules)].flatMap((schedule) => (schedule ? [schedule] : []));
    const prices = parsed<string[]>(row.happyHours).map((text) => JSON.parse(text) as StoredTimePrice[]);
    const last = lastChangeAt({ schedules, prices }, now.getTime(), row.zone);
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
