import { sql, type SQL } from "drizzle-orm";
import { DateTime, FixedOffsetZone } from "luxon";

/** How local days are cut: the location's IANA zone (DST-aware), or a fixed offset the caller chose. */
export type Clock = { zone: string } | { offsetSeconds: number };

export type Window = {
  /** Local dates, oldest first, today last: one bucket each, zeros included. */
  days: string[];
  /** The instants the window covers: local midnight of the first day up to local midnight after today. */
  start: Date;
  end: Date;
};

const zoneOf = (clock: Clock) => ("zone" in clock ? clock.zone : FixedOffsetZone.instance(Math.round(clock.offsetSeconds / 60)));

/** The last `numDays` whole local days, today included. */
export function localWindow(clock: Clock, numDays: number, now: Date = new Date()): Window {
  const today = DateTime.fromJSDate(now, { zone: zoneOf(clock) }).startOf("day");
  const first = today.minus({ days: numDays - 1 });
  const days = Array.from({ length: numDays }, (_, index) => first.plus({ days: index }).toISODate()!);
  return { days, start: first.toJSDate(), end: today.plus({ days: 1 }).toJSDate() };
}

/** The local date of a timestamptz column, as 'YYYY-MM-DD'. */
export function localDay(column: SQL | unknown, clock: Clock): SQL {
  return "zone" in clock
    ? sql`to_char(${column} at time zone ${clock.zone}, 'YYYY-MM-DD')`
    : sql`to_char((${column} at time zone 'UTC') + make_interval(secs => ${clock.offsetSeconds}), 'YYYY-MM-DD')`;
}

/** ISO weekday of a timestamptz column in local time: 1 = Monday … 7 = Sunday. */
export function localWeekday(column: SQL | unknown, clock: Clock): SQL {
  return "zone" in clock
    ? sql`extract(isodow from ${column} at time zone ${clock.zone})::int`
    : sql`extract(isodow from (${column} at time zone 'UTC') + make_interval(secs => ${clock.offsetSeconds}))::int`;
}

/** The local calendar year now, for ages. */
export const localYear = (clock: Clock, now: Date = new Date()) => DateTime.fromJSDate(now, { zone: zoneOf(clock) }).year;

/** The instants a local date runs from and to (23 or 25 hours on DST days). */
export function dayBounds(clock: Clock, day: string): { start: Date; end: Date } {
  const start = DateTime.fromISO(day, { zone: zoneOf(clock) }).startOf("day");
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
}
