import { DateTime } from "luxon";

/**
 * The instant at which a wall clock in `zone` shows `date` `time`. Returns null for a time the clocks
 * skip (the spring-forward gap). A time shown twice (fall back) resolves to its first occurrence.
 */
export function wallClockToInstant(date: string, time: string, zone: string): Date | null {
  const local = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!local.isValid) return null;
  if (local.toFormat("yyyy-MM-dd'T'HH:mm") !== `${date}T${time}`) return null;
  const earlier = local.minus({ hours: 1 });
  // If the hour before shows the same wall clock, the local time is ambiguous and we are on the later one.
  if (earlier.toFormat("yyyy-MM-dd'T'HH:mm") === `${date}T${time}`) return earlier.toJSDate();
  return local.toJSDate();
}

/** The same instant written with the zone's offset at that date, e.g. 2026-07-04T20:00:00.000-04:00. */
export function instantInZone(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISO() ?? instant.toISOString();
}

/** The wall-clock date and time of an instant in a zone. */
export function instantToWallClock(instant: Date, zone: string): { date: string; time: string } {
  const local = DateTime.fromJSDate(instant, { zone });
  return { date: local.toFormat("yyyy-MM-dd"), time: local.toFormat("HH:mm") };
}
