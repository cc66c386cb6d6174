import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Db } from "@/lib/db/client";
import { locations, tapTemperatures, taps } from "@/lib/db/schema";
import { invalid } from "@/lib/server/errors";
import type { Job } from "@/lib/server/jobs";
import type { Scope } from "@/lib/server/scope";
import { type Hours, openAt } from "../forecast";
import { getTap, tapJson } from "../taps";
import { recordLineChange } from "./changes";

// The lines (venue-operations §14): each tap's temperature with `tap.too_warm` once a spell above the
// location's `max_temperature_c` has lasted 10 minutes by the readings' own times; `line_cleaned_at`
// with `tap.line_cleaning_due` once per cleaning when it is older than `line_cleaning_days`; and
// `tap.after_hours_pour` for a pour counted while the location is closed. Each is told by a
// conditional UPDATE (or under the tap's row lock) in the change's own transaction, so once on any
// number of instances.

type Tap = typeof taps.$inferSelect;
type Location = typeof locations.$inferSelect;

/** How long a line stays above its limit before `tap.too_warm` is told. */
export const TOO_WARM_AFTER_MS = 10 * 60_000;
/** How often the cleaning watch looks. */
export const LINE_WATCH_EVERY_MS = 60_000;

/** Hundredths of a degree: the comparisons are of whole numbers. */
const hundredths = (value: number | string) => Math.round(Number(value) * 100);

export type TemperatureResult = "recorded" | "repeated";

/**
 * One temperature reading of `tap`'s line, once per (sensor, message id). A reading older than the
 * tap's latest is kept in the history but moves nothing: the spell is measured along the readings' times.
 */
export async function recordTemperature(
  db: Db,
  input: { tap: Tap; location: Location; sensorId: number; messageId: string; celsius: number; at: Date },
): Promise<TemperatureResult> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(tapTemperatures)
      .values({
        tapId: input.tap.id,
        sensorId: input.sensorId,
        messageId: input.messageId,
        celsius: input.celsius.toFixed(2),
        at: input.at,
      })
      .onConflictDoNothing({ target: [tapTemperatures.sensorId, tapTemperatures.messageId] })
      .returning({ id: tapTemperatures.id });
    if (!inserted) return "repeated";
    const [tap] = await tx.select().from(taps).where(eq(taps.id, input.tap.id)).for("update");
    if (!tap || (tap.temperatureAt && tap.temperatureAt > input.at)) return "recorded";
    const above = hundredths(input.celsius) > hundredths(input.location.maxTemperatureC);
    const warmSince = above ? (tap.warmSince ?? input.at) : null;
    const tell = above && tap.tooWarmToldAt === null && input.at.getTime() - warmSince!.getTime() >= TOO_WARM_AFTER_MS;
    await tx
      .update(taps)
      .set({
        temperatureC: input.celsius.toFixed(2),
        temperatureAt: input.at,
        warmSince,
        tooWarmToldAt: above ? (tell ? input.at : tap.tooWarmToldAt) : null,
      })
      .where(eq(taps.id, tap.id));
    if (tell) {
      await recordLineChange(tx, {
        itemId: tap.itemId,
        type: "tap.too_warm",
        summary: `Tap ${tap.number}: the line is at ${input.celsius.toFixed(1)} °C, above ${Number(input.location.maxTemperatureC).toFixed(1)} °C for 10 minutes`,
      });
    }
    return "recorded";
  });
}

/** Whether the location is closed at `at`; a location with no opening hours at all is never closed. */
export function closedAt(hours: Hours, at: Date): boolean {
  const anyHours = hours.hours.some((day) => !day.closed) || hours.special.some((day) => !day.closed);
  if (!anyHours) return false;
  return !openAt(hours, at);
}

/**
 * In a batch of pours' transaction (lib/taps/pours.ts): one `tap.after_hours_pour` for those of them
 * poured while closed (a batch of one says what a single pour said).
 */
export async function tellAfterHoursPours(
  tx: Db,
  { tap, hours, pours }: { tap: Tap; hours: Hours; pours: { at: Date; volumeMl: number }[] },
) {
  const closed = pours.filter((pour) => closedAt(hours, pour.at));
  if (closed.length === 0) return;
  const ml = closed.reduce((sum, pour) => sum + Math.round(pour.volumeMl * 1000), 0) / 1000;
  await recordLineChange(tx, {
    itemId: tap.itemId,
    type: "tap.after_hours_pour",
    summary: `Tap ${tap.number}: ${Math.round(ml)} ml poured while closed${closed.length > 1 ? ` (${closed.length} pours)` : ""}`,
  });
}

/** POST /taps/:id/line_cleaned: the line was cleaned at `at` (default now); its reminder starts again. */
export async function cleanLine(db: Db, { businessId, id, at, now = new Date() }: Scope & { at?: string; now?: Date }) {
  const { tap } = await getTap(db, { businessId, id });
  const when = at ? new Date(at) : now;
  if (when.getTime() > now.getTime() + 5 * 60_000) throw invalid([{ path: "at", message: "is in the future" }]);
  const [row] = await db
    .update(taps)
    .set({ lineCleanedAt: when, cleaningToldAt: null, updatedAt: now })
    .where(eq(taps.id, tap.id))
    .returning();
  return tapJson(db, row!, now);
}

/** When a line is due: its last cleaning (or, never cleaned, the tap's creation) plus the location's interval. */
export const cleaningDueAt = (tap: Pick<Tap, "lineCleanedAt" | "createdAt">, days: number) =>
  new Date((tap.lineCleanedAt ?? tap.createdAt).getTime() + days * 86_400_000);

const dueSql = sql`coalesce(${taps.lineCleanedAt}, ${taps.createdAt}) + make_interval(days => ${locations.lineCleaningDays})`;

/** One pass of the cleaning watch at `now`: each line past due told once; the count told. */
export async function watchLines(db: Db, now: Date = new Date()): Promise<number> {
  const due = and(isNull(taps.cleaningToldAt), sql`${dueSql} <= ${now.toISOString()}::timestamptz`);
  const candidates = await db
    .select({ id: taps.id })
    .from(taps)
    .innerJoin(locations, eq(locations.id, taps.locationId))
    .where(and(isNull(locations.archivedAt), due));
  let told = 0;
  for (const { id } of candidates) {
    const wasTold = await db.transaction(async (tx) => {
      const [tap] = await tx
        .update(taps)
        .set({ cleaningToldAt: now })
        .from(locations)
        .where(and(eq(taps.id, id), eq(locations.id, taps.locationId), due))
        .returning({ number: taps.number, itemId: taps.itemId, days: locations.lineCleaningDays });
      if (!tap) return false;
      await recordLineChange(tx, {
        itemId: tap.itemId,
        type: "tap.line_cleaning_due",
        summary: `Tap ${tap.number}: the line is due for cleaning (every ${tap.days} days)`,
      });
      return true;
    });
    if (wasTold) told += 1;
  }
  return told;
}

export const lineWatchJob: Job<Database> = {
  name: "line-watch",
  everyMs: LINE_WATCH_EVERY_MS,
  run: (database) => watchLines(database.db),
};
