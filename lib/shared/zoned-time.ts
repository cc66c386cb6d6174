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

/**
 * The zone's short name at an instant ("EST", "CEST", "BST"), DST-aware. en-US knows the American
 * abbreviations and en-GB the European ones; elsewhere Intl only has "GMT+9", which is still right.
 */
export function zoneAbbreviation(zone: string, at: Date | DateTime = new Date()): string {
  const local = (at instanceof Date ? DateTime.fromJSDate(at) : at).setZone(zone);
  const american = local.setLocale("en-US").toFormat("ZZZZ");
  if (!american.startsWith("GMT") || american === "GMT") return american;
  return local.setLocale("en-GB").toFormat("ZZZZ");
}

/**
 * An instant on the venue's wall clock, the one way the dashboard writes a time that happened ("27 Nov
 * 2026, 21:05" in 24-hour time, in the venue's zone, not the browser's). `zone` null: the browser's.
 */
export function venueDateTime(at: string | Date, zone: string | null): string {
  const instant = typeof at === "string" ? DateTime.fromISO(at) : DateTime.fromJSDate(at);
  return (zone ? instant.setZone(zone) : instant).setLocale("en-GB").toFormat("d LLL yyyy, HH:mm");
}
