import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { hours } from "@/lib/db/schema";
import { recordActivity } from "@/lib/activity/activity";
import { ApiError, invalid, type FieldError } from "@/lib/server/errors";
import type { HourPatch, HourResponse } from "@/lib/hours/schemas";
import { WEEKDAYS } from "@/lib/shared/weekdays";

export type Hour = typeof hours.$inferSelect;

/** The location's 7 weekday rows, Monday first. */
export async function listHours(db: Db, { locationId }: { locationId: number }) {
  return (await db.select().from(hours).where(eq(hours.locationId, locationId)).orderBy(asc(hours.day))).map(hourJson);
}

/**
 * A new location's 7 rows (contract §2: every location has them), every day closed: a venue is not
 * told open before its owner sets the week.
 */
export async function createWeek(db: Db, locationId: number) {
  await db.insert(hours).values(WEEKDAYS.map((_, day) => ({ locationId, day, closed: true })));
}

const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
type DayValues = Pick<Hour, "day" | "alwaysOpen" | "closed" | "openAt" | "closeAt">;

/** One day in words, for the activity log: "Mon 16:00–23:00", "Tue closed", "Wed open all day". */
function dayInWords(row: DayValues): string {
  const name = DAY_NAMES[row.day] ?? `Day ${row.day}`;
  if (row.alwaysOpen) return `${name} open all day`;
  if (row.closed) return `${name} closed`;
  if (!row.openAt || !row.closeAt) return `${name} no hours set`;
  return `${name} ${row.openAt.slice(0, 5)}–${row.closeAt.slice(0, 5)}`;
}

const sameDay = (a: DayValues, b: DayValues) =>
  a.alwaysOpen === b.alwaysOpen &&
  a.closed === b.closed &&
  a.openAt?.slice(0, 5) === b.openAt?.slice(0, 5) &&
  a.closeAt?.slice(0, 5) === b.closeAt?.slice(0, 5);

/** Rules on the row as it will be after the patch. */
function checkRow(row: Pick<Hour, "alwaysOpen" | "closed" | "openAt" | "closeAt">, index: number): FieldError[] {
  const errors: FieldError[] = [];
  if (row.alwaysOpen && row.closed) errors.push({ path: `hours.${index}.closed`, message: "cannot be true while always_open is true" });
  if (!row.alwaysOpen && !row.closed && row.openAt && row.closeAt && row.openAt.slice(0, 5) === row.closeAt.slice(0, 5)) {
    errors.push({ path: `hours.${index}.close_at`, message: "equals open_at; use always_open for a venue open around the clock" });
  }
  return errors;
}

/**
 * Applies a batch of day patches in one transaction. An id that is not one of this location's
 * hours is 404 and nothing changes. A close_at before open_at means closing after midnight.
 */
export async function updateHours(
  db: Db,
  { locationId, businessId, patches }: { locationId: number; businessId: number; patches: HourPatch[] },
) {
  return db.transaction(async (tx) => {
    const ids = patches.map((patch) => patch.id);
    const current = await tx
      .select()
      .from(hours)
      .where(and(eq(hours.locationId, locationId), inArray(hours.id, ids)))
      .for("update");
    const byId = new Map(current.map((row) => [row.id, row]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new ApiError("not_found", `No such hours: ${missing.join(", ")}.`);
    const next = patches.map((patch) => {
      const row = byId.get(patch.id)!;
      return {
        id: row.id,
        alwaysOpen: patch.always_open ?? row.alwaysOpen,
        closed: patch.closed ?? row.closed,
        openAt: patch.open_at === undefined ? row.openAt : patch.open_at,
        closeAt: patch.close_at === undefined ? row.closeAt : patch.close_at,
      };
    });
    const errors = next.flatMap(checkRow);
    if (errors.length > 0) throw invalid(errors);
    const now = new Date();
    for (const { id, ...values } of next) {
      await tx
        .update(hours)
        .set({ ...values, updatedAt: now })
        .where(eq(hours.id, id));
    }
    // The days that changed, Monday first, in the same transaction as the change.
    const changed = next
      .map((values) => ({ ...values, day: byId.get(values.id)!.day }))
      .filter((values) => !sameDay(values, byId.get(values.id)!))
      .sort((a, b) => a.day - b.day);
    if (changed.length > 0) {
      await recordActivity(tx, {
        businessId,
        locationId,
        kind: "hours.updated",
        summary: `Hours changed: ${changed.map(dayInWords).join(", ")}`,
        // The week is the location's (GET /locations/:id/hours): named by the location's id.
        target: { type: "hours", id: locationId },
      });
    }
    return listHours(tx, { locationId });
  });
}

/** `HH:MM[:SS]` as the ISO datetime on 2000-01-01 UTC that holds the venue's wall clock. */
const wallClockJson = (value: string | null) => (value ? `2000-01-01T${value.slice(0, 5)}:00.000Z` : null);

export function hourJson(row: Hour): HourResponse {
  return {
    id: row.id,
    always_open: row.alwaysOpen,
    closed: row.closed,
    open_at: wallClockJson(row.openAt),
    close_at: wallClockJson(row.closeAt),
    day: WEEKDAYS[row.day]!,
    location_id: row.locationId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
