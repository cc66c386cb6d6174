import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containers, items, menus, sections, type StoredSchedule, type StoredTimePrice } from "@/lib/db/schema";
import type { Timed } from "@/lib/schedules/evaluate";

// What a menu's answers change with by time alone besides its 86s (venue-operations §7): its own
// schedule, its sections' and its containers' happy hours. One select for the read model's head
// (lib/menus/reads.ts) and the boundary job (lib/menus/schedule-boundaries.ts), correlated with `menus`.

/** The sections' schedules and the distinct happy-hour lists of the menu in the outer `menus` row, as JSON. */
export function timedColumns(db: Db) {
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
  return {
    columns: {
      schedules: sql<unknown>`(select coalesce(json_agg(s.schedule), '[]'::json) from ${scheduled} as s)`,
      happyHours: sql<unknown>`(select coalesce(json_agg(distinct h.time_prices::text), '[]'::json) from ${happyHours} as h)`,
    },
    /** Whether the outer menu has anything timed (for a WHERE). */
    any: sql`(${menus.schedule} is not null or exists ${scheduled} or exists ${happyHours})`,
  };
}

const parsed = <T>(value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** The menu's timed content from its row's schedule and the two columns above. */
export function timedOf(schedule: StoredSchedule | null, row: { schedules: unknown; happyHours: unknown }): Timed {
  return {
    schedules: [schedule, ...parsed<StoredSchedule[]>(row.schedules)].flatMap((entry) => (entry ? [entry] : [])),
    prices: parsed<string[]>(row.happyHours).map((text) => JSON.parse(text) as StoredTimePrice[]),
  };
}
