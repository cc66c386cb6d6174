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
  /**
   * The period it is compared with, as long as the part of the window that has happened: local midnight
   * `numDays` days before the first day, up to now's local time `numDays` days ago (decision 063). Today
   * at 15:00 is compared with yesterday up to 15:00, never with all of yesterday.
   */
  previous: { start: Date; end: Date };
};

const zoneOf = (clock: Clock) => ("zone" in clock ? clock.zone : FixedOffsetZone.instance(Math.round(clock.offsetSeconds / 60)));

/** The last `numDays` whole local days, today included. */
export function localWindow(clock: Clock, numDays: number, now: Date = new Date()): Window {
  const local = DateTime.fromJSDate(now, { zone: zoneOf(clock) });
  const today = local.startOf("day");
  const first = today.minus({ days: numDays - 1 });
  const days = Array.from({ length: numDays }, (_, index) => first.plus({ days: index }).toISODate()!);
  return {
    days,
    start: first.toJSDate(),
    end: today.plus({ days: 1 }).toJSDate(),
    // Calendar days back (wall-clock times kept), so a DST change between the two periods moves nothing.
    previous: { start: first.minus({ days: numDays }).toJSDate(), end: local.minus({ days: numDays }).toJSDate() },
  };
}

const HOUR_MS = 3_600_000;

/**
 * The starts of the window's hours, from its first local midnight up to the hour holding `now`: the
 * instants are an hour apart, so a DST day has 23 or 25 of them (01:00 twice when the clocks go back).
 */
export function hourStarts(window: Window, now: Date = new Date()): Date[] {
  const hours: Date[] = [];
  for (let at = window.start.getTime(); at <= now.getTime() && at < window.end.getTime(); at += HOUR_MS) hours.push(new Date(at));
  return hours;
}

/** The hour of a timestamptz column counted from the window's start (0, 1, …): the index into hourStarts. */
export const hourIndex = (column: SQL | unknown, window: Window): SQL =>
  sql`floor(extract(epoch from (${column} - ${window.start.toISOString()}::timestamptz)) / 3600)::int`;

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
