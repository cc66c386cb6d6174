import { DateTime } from "luxon";
import { type Clock, formatClock, formatClockRange, type VenueTime } from "./clock";

// The one way the dashboard tells time (decision 062): every time of day and every date-time is on the
// venue's wall clock (its IANA zone, never the browser's) and in the venue's clock, 12- or 24-hour, the
// way its country writes it. Inputs read what people type in either clock and hand the API HH:MM.

// Luxon-free parts (the clock, times of day, parsing what people type): lib/shared/clock.ts.

export * from "./clock";

/** The time of day of an instant already in the venue's zone. */
export const timeOf = (at: DateTime, clock: Clock) => formatClock(at.toFormat("HH:mm"), clock);

/** The zone's short name at an instant ("EST", "CEST", "BST"), DST-aware. en-US knows the American
 * abbreviations and en-GB the European ones; elsewhere Intl only has "GMT+9", which is still right. */
export function zoneAbbreviation(zone: string, at: Date | DateTime = new Date()): string {
  const local = (at instanceof Date ? DateTime.fromJSDate(at) : at).setZone(zone);
  const american = local.setLocale("en-US").toFormat("ZZZZ");
  if (!american.startsWith("GMT") || american === "GMT") return american;
  return local.setLocale("en-GB").toFormat("ZZZZ");
}

/** An instant on the venue's wall clock ("en-GB" day and month names; the zone applied). */
export const inVenueZone = (at: string | Date | DateTime, zone: string) =>
  (typeof at === "string" ? DateTime.fromISO(at) : at instanceof Date ? DateTime.fromJSDate(at) : at).setZone(zone).setLocale("en-GB");

/**
 * "27 Nov 2026, 9:05 PM": a time that happened (History, webhook deliveries), in the venue's zone and
 * clock. `venue` null (not loaded yet): the browser's zone, 24-hour.
 */
export function formatDateTime(at: string | Date, venue: VenueTime | null, locale?: string): string {
  const local = inVenueZone(at, venue?.zone ?? "local");
  // `locale`: the date in a guest page's language and its own order ("3. Dez. 2026", a printed menu,
  // decision 100); absent: as before.
  const date = locale
    ? local.setLocale(locale).toLocaleString({ day: "numeric", month: "short", year: "numeric" })
    : local.toFormat("d LLL yyyy");
  return `${date}, ${timeOf(local, venue?.clock ?? "24h")}`;
}

/** "Tue 4:00 PM" on the venue's clock; a week or more away also names the date ("Tue 1 Dec 4:00 PM"). */
export function formatDayTime(at: DateTime | string, venue: VenueTime, now: Date | null): string {
  const local = inVenueZone(at, venue.zone);
  const today = DateTime.fromJSDate(now ?? new Date(), { zone: venue.zone }).startOf("day");
  const days = Math.round(local.startOf("day").diff(today, "days").days);
  return `${local.toFormat(days >= 0 && days < 7 ? "ccc" : "ccc d LLL")} ${timeOf(local, venue.clock)}`;
}

/** The words of a relative day: English by default; a guest page passes its language's (decision 100). */
export type DayWords = { today: string; tomorrow: string; locale: string };
const ENGLISH_DAYS: DayWords = { today: "today", tomorrow: "tomorrow", locale: "en-GB" };

/** "today 4:00 PM", "tomorrow 12:00 PM" or "Sat 12:00 PM", read on the venue's wall clock (`at` in its zone). */
export function formatRelativeDayTime(at: DateTime, now: Date, clock: Clock, say: DayWords = ENGLISH_DAYS): string {
  const local = DateTime.fromJSDate(now, { zone: at.zone });
  const days = Math.round(at.startOf("day").diff(local.startOf("day"), "days").days);
  const time = timeOf(at, clock);
  if (days === 0) return `${say.today} ${time}`;
  if (days === 1) return `${say.tomorrow} ${time}`;
  return `${at.setLocale(say.locale).toFormat("ccc")} ${time}`;
}

/**
 * A day's short name, date and month: the house's English ("Fri 27 Nov"), or with `locale` (a guest page
 * in another language, decision 100) that language's own order and abbreviations ("Fr., 27. Nov.").
 * The year only when it is not `now`'s.
 */
function dayAndDate(at: DateTime, now: DateTime | null, locale?: string) {
  const withYear = now !== null && at.year !== now.year;
  if (!locale || locale === "en" || locale.startsWith("en-")) return at.toFormat(withYear ? "ccc d LLL yyyy" : "ccc d LLL");
  return at
    .setLocale(locale)
    .toLocaleString({ weekday: "short", day: "numeric", month: "short", ...(withYear ? { year: "numeric" } : {}) });
}

/**
 * "Fri 27 Nov, 7:00 PM–10:00 PM EST", "Fri 5 Jun, 18:00 – Sat 6 Jun, 01:00 CEST", or a start alone.
 * `locale`: the days and months in a guest page's language; the time stays on the venue's clock.
 */
export function formatEventWhen(
  event: { start_time: string; end_time: string | null },
  venue: VenueTime,
  now: Date,
  locale?: string,
): string {
  const { zone, clock } = venue;
  const today = DateTime.fromJSDate(now, { zone });
  const eventDay = (at: DateTime, now: DateTime) => dayAndDate(at, now, locale);
  const start = inVenueZone(event.start_time, zone);
  const startZone = zoneAbbreviation(zone, start);
  const opening = `${eventDay(start, today)}, ${timeOf(start, clock)}`;
  if (!event.end_time) return `${opening} ${startZone}`;
  const end = inVenueZone(event.end_time, zone);
  const endZone = zoneAbbreviation(zone, end);
  // An event across a DST change names the zone on both ends (EDT … EST).
  const head = startZone === endZone ? opening : `${opening} ${startZone}`;
  const sameDay = start.hasSame(end, "day");
  const closing = sameDay ? timeOf(end, clock) : `${eventDay(end, today)}, ${timeOf(end, clock)}`;
  return `${head}${sameDay ? "–" : " – "}${closing} ${endZone}`;
}

/** A special date's words: English by default; a guest page passes its language's (decision 100). */
export type SpecialDayWords = { locale: string; closed: string; pastMidnight: string };
const ENGLISH_SPECIAL: SpecialDayWords = { locale: "en-GB", closed: "closed", pastMidnight: "past midnight" };

/** "Thu 26 Nov: closed (Thanksgiving)", "Sat 28 Nov: 12:00 PM–2:00 AM (past midnight)". */
export function formatSpecialDay(
  day: { date: string; closed: boolean; open: string | null; close: string | null; note?: string | null },
  clock: Clock,
  say: SpecialDayWords = ENGLISH_SPECIAL,
): string {
  const date = dayAndDate(DateTime.fromISO(day.date).setLocale("en-GB"), null, say.locale);
  const hours = day.closed
    ? say.closed
    : `${formatClockRange(day.open!, day.close!, clock)}${day.close! <= day.open! ? ` (${say.pastMidnight})` : ""}`;
  return `${date}: ${hours}${day.note ? ` (${day.note})` : ""}`;
}

/** "1 Dec 2026": a calendar date (YYYY-MM-DD) in words. */
export const formatCalendarDate = (date: string) => DateTime.fromISO(date).setLocale("en-GB").toFormat("d LLL yyyy");
