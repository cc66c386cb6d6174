import { DateTime } from "luxon";

// The one way the dashboard tells time (decision 062): every time of day and every date-time is on the
// venue's wall clock (its IANA zone, never the browser's) and in the venue's clock, 12- or 24-hour, the
// way its country writes it. Inputs read what people type in either clock and hand the API HH:MM.

export type Clock = "12h" | "24h";

/** How a venue tells time: its zone and its clock. */
export type VenueTime = { zone: string; clock: Clock };

// A location's country says its clock. One saved without a country (the first run asks only for the
// zone) is read from its zone where that zone belongs to a 12-hour country; any other zone is 24-hour.
const ZONE_COUNTRIES: [RegExp, string][] = [
  [
    /^(America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Adak|Boise|Detroit|Juneau|Sitka|Nome|Menominee|Metlakatla|Yakutat|Puerto_Rico|Indiana\/\w+|Kentucky\/\w+|North_Dakota\/\w+)|Pacific\/Honolulu|US\/\w+)$/,
    "US",
  ],
  [
    /^(America\/(Toronto|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina|Moncton|Whitehorse|Yellowknife|Iqaluit|Goose_Bay|Glace_Bay|Dawson_Creek|Swift_Current)|Canada\/\w+)$/,
    "CA",
  ],
  [/^Australia\/\w+$/, "AU"],
  [/^Pacific\/(Auckland|Chatham)$/, "NZ"],
  [/^Asia\/(Kolkata|Calcutta)$/, "IN"],
  [/^Asia\/Manila$/, "PH"],
];

/** The clock the English of a country uses (CLDR's preferred hour cycle for en-<country>). */
export function clockOfCountry(country: string): Clock {
  try {
    const cycle = new Intl.DateTimeFormat(`en-${country.toUpperCase()}`, { hour: "numeric" }).resolvedOptions().hourCycle;
    return cycle === "h12" || cycle === "h11" ? "12h" : "24h";
  } catch {
    return "24h";
  }
}

/** A location's clock: its country's, else its zone's country's, else 24-hour. */
export function clockOf(location: { country: string | null; time_zone: string }): Clock {
  if (location.country) return clockOfCountry(location.country);
  const country = ZONE_COUNTRIES.find(([zones]) => zones.test(location.time_zone))?.[1];
  return country ? clockOfCountry(country) : "24h";
}

/** How a location tells time (a location as the API answers it). */
export const venueTimeOf = (location: { country: string | null; time_zone: string }): VenueTime => ({
  zone: location.time_zone,
  clock: clockOf(location),
});

const pad = (value: number) => String(value).padStart(2, "0");

/** A wall-clock time (HH:MM, 24-hour) in a clock: "21:05" → "9:05 PM" or "21:05". */
export function formatClock(time: string, clock: Clock): string {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  if (clock === "24h") return `${pad(hour)}:${pad(minute)}`;
  return `${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? "AM" : "PM"}`;
}

/** The time of day of an instant already in the venue's zone. */
export const timeOf = (at: DateTime, clock: Clock) => formatClock(at.toFormat("HH:mm"), clock);

/** "4:00 PM–2:00 AM" / "16:00–02:00": opening hours, a close before the open being after midnight. */
export const formatClockRange = (open: string, close: string, clock: Clock) => `${formatClock(open, clock)}–${formatClock(close, clock)}`;

/** An example of a time in a clock, for hints and errors. */
export const clockExample = (clock: Clock) => (clock === "12h" ? "4:30 PM" : "16:30");

export type ParsedClock = { ok: true; time: string } | { ok: false; message: string };

/**
 * What someone typed as a time of day, read in either clock: "4pm", "4:30 PM", "4.30p.m.", "16:00",
 * "1600", "930", "noon", "midnight". A bare hour without AM/PM is the 24-hour reading ("9" → 09:00).
 * Returns HH:MM (24-hour), or a message that says how to write one in the venue's clock.
 */
export function parseClock(text: string, clock: Clock): ParsedClock {
  const refused: ParsedClock = { ok: false, message: `must be a time such as ${clock === "12h" ? "4:30 PM or 16:30" : "16:30"}` };
  const typed = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (typed === "noon" || typed === "midday") return { ok: true, time: "12:00" };
  if (typed === "midnight") return { ok: true, time: "00:00" };
  // Hour, minutes after a separator or none, AM/PM; else four or three digits ("1630", "430pm").
  const meridiem = " ?(?:([ap])\\.? ?(?:m\\.?)?)?$";
  const match =
    new RegExp(`^(\\d{1,2})(?: ?[:.h] ?(\\d{2}))?${meridiem}`).exec(typed) ?? new RegExp(`^(\\d{1,2})(\\d{2})${meridiem}`).exec(typed);
  if (!match) return refused;
  let hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  const half = match[3];
  if (minute > 59) return refused;
  if (half) {
    if (hour < 1 || hour > 12) return refused;
    hour = (hour % 12) + (half === "p" ? 12 : 0);
  } else if (hour > 23) return refused;
  return { ok: true, time: `${pad(hour)}:${pad(minute)}` };
}

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
export function formatDateTime(at: string | Date, venue: VenueTime | null): string {
  const local = inVenueZone(at, venue?.zone ?? "local");
  return `${local.toFormat("d LLL yyyy")}, ${timeOf(local, venue?.clock ?? "24h")}`;
}

/** "Tue 4:00 PM" on the venue's clock; a week or more away also names the date ("Tue 1 Dec 4:00 PM"). */
export function formatDayTime(at: DateTime | string, venue: VenueTime, now: Date | null): string {
  const local = inVenueZone(at, venue.zone);
  const today = DateTime.fromJSDate(now ?? new Date(), { zone: venue.zone }).startOf("day");
  const days = Math.round(local.startOf("day").diff(today, "days").days);
  return `${local.toFormat(days >= 0 && days < 7 ? "ccc" : "ccc d LLL")} ${timeOf(local, venue.clock)}`;
}

/** "today 4:00 PM", "tomorrow 12:00 PM" or "Sat 12:00 PM", read on the venue's wall clock (`at` in its zone). */
export function formatRelativeDayTime(at: DateTime, now: Date, clock: Clock): string {
  const local = DateTime.fromJSDate(now, { zone: at.zone });
  const days = Math.round(at.startOf("day").diff(local.startOf("day"), "days").days);
  const time = timeOf(at, clock);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `tomorrow ${time}`;
  return `${at.setLocale("en-GB").toFormat("ccc")} ${time}`;
}

function eventDay(at: DateTime, now: DateTime) {
  return at.toFormat(at.year === now.year ? "ccc d LLL" : "ccc d LLL yyyy");
}

/** "Fri 27 Nov, 7:00 PM–10:00 PM EST", "Fri 5 Jun, 18:00 – Sat 6 Jun, 01:00 CEST", or a start alone. */
export function formatEventWhen(event: { start_time: string; end_time: string | null }, venue: VenueTime, now: Date): string {
  const { zone, clock } = venue;
  const today = DateTime.fromJSDate(now, { zone });
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

/** "Thu 26 Nov: closed (Thanksgiving)", "Sat 28 Nov: 12:00 PM–2:00 AM (past midnight)". */
export function formatSpecialDay(
  day: { date: string; closed: boolean; open: string | null; close: string | null; note?: string | null },
  clock: Clock,
): string {
  const date = DateTime.fromISO(day.date).setLocale("en-GB").toFormat("ccc d LLL");
  const hours = day.closed
    ? "closed"
    : `${formatClockRange(day.open!, day.close!, clock)}${day.close! <= day.open! ? " (past midnight)" : ""}`;
  return `${date}: ${hours}${day.note ? ` (${day.note})` : ""}`;
}

/** "1 Dec 2026": a calendar date (YYYY-MM-DD) in words. */
export const formatCalendarDate = (date: string) => DateTime.fromISO(date).setLocale("en-GB").toFormat("d LLL yyyy");
