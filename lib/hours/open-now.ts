import { DateTime } from "luxon";
import { WEEKDAYS } from "@/lib/shared/weekdays";
import { type GuestWords, guestWords } from "@/lib/shared/guest-words";
import { type Clock, formatRelativeDayTime } from "@/lib/shared/time-format";

// "Open now" is a question about the venue's wall clock, so every step happens in the venue's IANA
// zone (never the browser's). Pure: the caller passes `now`, which keeps it testable across DST days.

type Weekday = (typeof WEEKDAYS)[number];

/** One day as the API answers it (times as `HH:MM` or the API's 2000-01-01 ISO form). */
export type DayHours = {
  day: Weekday;
  always_open: boolean;
  closed: boolean;
  open_at: string | null;
  close_at: string | null;
};

/**
 * One date's special hours (venue-operations §11): the date on the venue's calendar, closed, or its own
 * open and close (`HH:MM`; a close before the open runs past midnight). It replaces its weekday's hours.
 */
export type SpecialDay = { date: string; closed: boolean; open: string | null; close: string | null };

export type OpenStatus =
  | { open: true; closesAt: DateTime | null } // null: open around the clock, every day
  | { open: false; opensAt: DateTime | null }; // null: no opening hours at all

type Interval = { start: DateTime; end: DateTime };

/** `HH:MM` from either accepted form; the API's ISO form holds the wall clock in its UTC reading. */
export function wallClockOf(value: string | null): string | null {
  if (!value) return null;
  const match = /(?:^|T)([01]\d|2[0-3]):([0-5]\d)/.exec(value);
  return match ? `${match[1]}:${match[2]}` : null;
}

/** The instant a wall clock shows `time` on `day`; a time the clocks skip moves forward past the gap. */
function atWallClock(day: DateTime, time: string): DateTime {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return day.set({ hour, minute, second: 0, millisecond: 0 });
}

function openIntervalOf(row: DayHours | undefined, day: DateTime): Interval | null {
  if (!row || row.closed) return null;
  if (row.always_open) return { start: day, end: day.plus({ days: 1 }).startOf("day") };
  const open = wallClockOf(row.open_at);
  const close = wallClockOf(row.close_at);
  if (!open || !close || open === close) return null;
  // A close earlier than the open (or at midnight) is the next day's clock: the overnight rule.
  const closeDay = close <= open ? day.plus({ days: 1 }).startOf("day") : day;
  return { start: atWallClock(day, open), end: atWallClock(closeDay, close) };
}

/** The hours that hold on `day`: its special date's, else its weekday's. */
function hoursOn(hours: DayHours[], special: SpecialDay[]) {
  const byDay = new Map(hours.map((row) => [row.day, row]));
  const byDate = new Map(special.map((entry) => [entry.date, entry]));
  return (day: DateTime): DayHours | undefined => {
    const weekday = WEEKDAYS[day.weekday - 1]!;
    const entry = byDate.get(day.toISODate()!);
    if (!entry) return byDay.get(weekday);
    return { day: weekday, always_open: false, closed: entry.closed, open_at: entry.open, close_at: entry.close };
  };
}

/** Opening intervals from yesterday (its overnight tail) to a week ahead, touching ones merged. */
function intervalsAround(hours: DayHours[], special: SpecialDay[], local: DateTime): Interval[] {
  const on = hoursOn(hours, special);
  const today = local.startOf("day");
  const merged: Interval[] = [];
  for (let offset = -1; offset <= 8; offset += 1) {
    const day = today.plus({ days: offset }).startOf("day");
    const interval = openIntervalOf(on(day), day);
    if (!interval) continue;
    const last = merged.at(-1);
    if (last && interval.start <= last.end) {
      if (interval.end > last.end) last.end = interval.end;
    } else {
      merged.push({ ...interval });
    }
  }
  return merged;
}

export function openStatus(hours: DayHours[], now: Date, zone: string, special: SpecialDay[] = []): OpenStatus {
  const local = DateTime.fromJSDate(now, { zone });
  const intervals = intervalsAround(hours, special, local);
  const current = intervals.find((interval) => interval.start <= local && local < interval.end);
  if (current) {
    // Still open a week from now: every day is open around the clock, so there is no closing time.
    const endless = current.end >= local.plus({ days: 7 });
    return { open: true, closesAt: endless ? null : current.end };
  }
  return { open: false, opensAt: intervals.find((interval) => interval.start > local)?.start ?? null };
}

/**
 * The next opening after `now` (live-menus §7, an 86 "until we next open"): the first opening time of a
 * day later than now, each day taken on its own, so a venue that is open now next opens at its next
 * service, not at the end of this one. A day open around the clock opens at its local midnight: an
 * always-open venue next "opens" at the next local midnight. An overnight close is the previous day's
 * tail, not an opening. A time the clocks skip moves past the gap; one shown twice is its first.
 * Null when the week has no opening at all. A special date replaces its weekday (closed for a holiday,
 * or other hours); the search then goes on past it, up to a week beyond the last special date.
 */
export function nextOpening(hours: DayHours[], now: Date, zone: string, special: SpecialDay[] = []): DateTime | null {
  const local = DateTime.fromJSDate(now, { zone });
  const on = hoursOn(hours, special);
  const today = local.startOf("day");
  const lastSpecial = special
    .map((entry) => entry.date)
    .sort()
    .at(-1);
  const beyond = lastSpecial ? Math.max(0, Math.ceil(DateTime.fromISO(lastSpecial, { zone }).diff(today, "days").days)) : 0;
  // Today's opening if it is still ahead, else up to the same weekday next week (past the special dates).
  for (let offset = 0; offset <= 7 + beyond; offset += 1) {
    const day = today.plus({ days: offset }).startOf("day");
    const interval = openIntervalOf(on(day), day);
    if (interval && interval.start > local) return interval.start;
  }
  return null;
}

/** The badge text: "Open now — closes today 11:00 PM", "Closed now — opens Sat 12:00", in the venue's clock. */
export function describeOpenStatus(status: OpenStatus, now: Date, clock: Clock, words: GuestWords = guestWords("en")): string {
  // The phone menu passes its page's words (decision 100); the dashboard's are English.
  const say = { today: words.today, tomorrow: words.tomorrow, locale: words.language === "en" ? "en-GB" : words.language };
  if (status.open) return status.closesAt ? words.open_closes(formatRelativeDayTime(status.closesAt, now, clock, say)) : words.open_always;
  return status.opensAt ? words.closed_opens(formatRelativeDayTime(status.opensAt, now, clock, say)) : words.closed_no_hours;
}

/**
 * The opening intervals (epoch milliseconds, touching ones merged) that overlap `from`..`to`: what a keg's
 * forecast counts time by (lib/taps/forecast.ts), so a keg does not drain while the venue is closed.
 */
export function openIntervals(
  hours: DayHours[],
  from: Date,
  to: Date,
  zone: string,
  special: SpecialDay[] = [],
): { start: number; end: number }[] {
  const on = hoursOn(hours, special);
  const first = DateTime.fromJSDate(from, { zone }).startOf("day").minus({ days: 1 });
  const last = DateTime.fromJSDate(to, { zone }).startOf("day");
  const merged: { start: number; end: number }[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 }).startOf("day")) {
    const interval = openIntervalOf(on(day), day);
    if (!interval) continue;
    const start = interval.start.toMillis();
    const end = interval.end.toMillis();
    if (end <= from.getTime() || start >= to.getTime()) continue;
    const previous = merged.at(-1);
    if (previous && start <= previous.end) previous.end = Math.max(previous.end, end);
    else merged.push({ start, end });
  }
  return merged;
}
