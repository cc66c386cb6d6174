// How a venue tells time (decision 062) without a date library: its clock, the times of day in it, and
// the wall clock of an instant in a zone read through the browser's own Intl (decision 068), for the
// pages whose first load must not carry luxon (the menu display, the menu editor). The rest of the way
// the dashboard tells time is lib/shared/time-format.ts, which re-exports all of this.

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

/** An instant on a zone's wall clock: its date, weekday (0 Sunday) and time of day. "local": the browser's zone. */
export type WallClock = { year: number; month: number; day: number; weekday: number; hour: number; minute: number };

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
// Month names as en-GB says them where this runs ("Sep" or "Sept", by the ICU version), as luxon's do.
let months: string[] | null = null;
const monthName = (month: number) => {
  months ??= Array.from({ length: 12 }, (_, index) =>
    new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" }).format(Date.UTC(2026, index, 15)),
  );
  return months[month - 1]!;
};
const readers = new Map<string, Intl.DateTimeFormat>();

export function wallClock(at: Date, zone: string): WallClock {
  let reader = readers.get(zone);
  if (!reader) {
    reader = new Intl.DateTimeFormat("en-US", {
      timeZone: zone === "local" ? undefined : zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
      hour: "numeric",
      minute: "numeric",
    });
    readers.set(zone, reader);
  }
  const parts = Object.fromEntries(reader.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** The time of day of an instant in a zone, in a clock: "9:05 PM" or "21:05". */
export const clockTimeAt = (at: Date, zone: string, clock: Clock) => {
  const wall = wallClock(at, zone);
  return formatClock(`${pad(wall.hour)}:${pad(wall.minute)}`, clock);
};

const dayNumber = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day) / 86_400_000;

/**
 * "Tue 4:00 PM" on the venue's clock; a week or more away (or past) also names the date ("Tue 1 Dec
 * 4:00 PM"). The same words as time-format's formatDayTime (test/shared/clock.unit.test.ts holds them equal).
 */
export function dayTimeAt(at: Date, venue: VenueTime, now: Date | null): string {
  const wall = wallClock(at, venue.zone);
  const days = dayNumber(wall) - dayNumber(wallClock(now ?? new Date(), venue.zone));
  const day = days >= 0 && days < 7 ? WEEKDAYS[wall.weekday]! : `${WEEKDAYS[wall.weekday]} ${wall.day} ${monthName(wall.month)}`;
  return `${day} ${formatClock(`${pad(wall.hour)}:${pad(wall.minute)}`, venue.clock)}`;
}

/** "today 4:00 PM", "tomorrow 12:00 PM" or "Sat 12:00 PM": an instant on a zone's wall clock, from `now`. As time-format's formatRelativeDayTime. */
export function relativeDayTimeAt(at: Date, zone: string, now: Date, clock: Clock): string {
  const wall = wallClock(at, zone);
  const days = dayNumber(wall) - dayNumber(wallClock(now, zone));
  const time = formatClock(`${pad(wall.hour)}:${pad(wall.minute)}`, clock);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `tomorrow ${time}`;
  return `${WEEKDAYS[wall.weekday]} ${time}`;
}

/** "1 Dec 2026": a calendar date (YYYY-MM-DD) in words. As time-format's formatCalendarDate. */
export function calendarDateWords(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day} ${monthName(month)} ${year}`;
}
