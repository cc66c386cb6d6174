import { DateTime } from "luxon";

// When a schedule or a happy-hour price is in force (venue-operations §7), decided on the venue's wall
// clock in its IANA zone, never the browser's or the server's. Pure: the caller passes the instant, so
// every rule here is testable across both DST nights (test/schedules/evaluate.property.unit.test.ts walks the
// week minute by minute against it).
//
// The one mapping from a wall-clock time to an instant: the first instant whose wall clock reads that
// time or later. A time the clocks skip therefore starts at the end of the skipped hour, and a time the
// clocks show twice happens at its first showing only, so a window in the repeated hour runs once.

import { DAYS, type Day, type Window } from "./days";

export { DAYS, type Day, type Window };
/** `from`/`until`: the first and last calendar dates (in the venue's zone) a window may start on. */
export type Schedule = { windows: readonly Window[]; from?: string | null; until?: string | null };
export type TimePrice = Window & { price: string };

type Interval = { start: number; end: number };
type Occurrence = Interval & { index: number };

const DAY_MS = 86_400_000;
const AHEAD = 16;
const MINUTE_MS = 60_000;

/** A calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

function dayOf(date: string): Day {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return DAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
}

/** The wall-clock reading `date time` as milliseconds of a naive (offset-free) clock. */
function naive(date: string, time: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hour, minute);
}

const offsetAt = (instant: number, zone: string) => DateTime.fromMillis(instant, { zone }).offset * MINUTE_MS;

/** The first instant at which a wall clock in `zone` reads `date time` or later (see the header). */
export function firstInstantAt(date: string, time: string, zone: string): number {
  const wall = naive(date, time);
  // The offsets in force a day either side cover every reading the wall clock can have at `wall`.
  const offsets = [...new Set([offsetAt(wall - DAY_MS, zone), offsetAt(wall + DAY_MS, zone)])];
  const shown = offsets.map((offset) => wall - offset).filter((instant) => instant + offsetAt(instant, zone) === wall);
  if (shown.length > 0) return Math.min(...shown);
  // Skipped: the clocks jump over `wall` at the transition, which lies between the two readings.
  let low = Math.min(...offsets.map((offset) => wall - offset));
  let high = Math.max(...offsets.map((offset) => wall - offset));
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (middle + offsetAt(middle, zone) >= wall) high = middle;
    else low = middle;
  }
  return high;
}

/** The calendar date in `zone` at an instant. */
export function dateIn(instant: number, zone: string): string {
  return DateTime.fromMillis(instant, { zone }).toISODate()!;
}

function occurrencesOn(windows: readonly Window[], dates: readonly string[], zone: string): Occurrence[] {
  const found: Occurrence[] = [];
  for (const date of dates) {
    const day = dayOf(date);
    windows.forEach((window, index) => {
      if (!window.days.includes(day)) return;
      const endDate = window.end <= window.start ? addDays(date, 1) : date;
      found.push({ start: firstInstantAt(date, window.start, zone), end: firstInstantAt(endDate, window.end, zone), index });
    });
  }
  return found.filter((occurrence) => occurrence.end > occurrence.start).sort((a, b) => a.start - b.start);
}

const datesBetween = (first: string, last: string) => {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
};

/**
 * The dates whose windows can matter at `at`: from two days back (an overnight window that began
 * yesterday) to two weeks past tomorrow (a weekly window whose next showing falls in the skipped hour
 * shows the week after), kept within `from`/`until`, plus the first two weeks from a later `from`.
 */
function datesAround(at: number, zone: string, from?: string | null, until?: string | null): string[] {
  const today = dateIn(at, zone);
  let dates = datesBetween(addDays(today, -2), addDays(today, AHEAD));
  if (from && from > addDays(today, 2)) dates = [...dates, ...datesBetween(from, addDays(from, AHEAD))];
  return [...new Set(dates)].filter((date) => (!from || date >= from) && (!until || date <= until)).sort();
}

/** The last date `datesAround` looks at when `until` does not cut it short. */
function horizonOf(at: number, zone: string, from?: string | null): string {
  const today = dateIn(at, zone);
  return from && from > addDays(today, 2) ? [addDays(today, AHEAD), addDays(from, AHEAD)].sort().at(-1)! : addDays(today, AHEAD);
}

/** Occurrences merged where they touch or overlap: the spans during which the schedule holds. */
function merge(occurrences: readonly Interval[]): Interval[] {
  const merged: Interval[] = [];
  for (const { start, end } of [...occurrences].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

export type ScheduleState = { available: boolean; nextChangeAt: Date | null };

/** Whether a schedule holds at `at`, and when that next changes (null: never). `null` schedule: always. */
export function scheduleAt(schedule: Schedule | null | undefined, at: Date, zone: string): ScheduleState {
  if (!schedule) return { available: true, nextChangeAt: null };
  const now = at.getTime();
  const dates = datesAround(now, zone, schedule.from, schedule.until);
  const spans = merge(occurrencesOn(schedule.windows, dates, zone));
  const current = spans.find((span) => span.start <= now && now < span.end);
  if (!current) {
    const next = spans.find((span) => span.start > now);
    return { available: false, nextChangeAt: next ? new Date(next.start) : null };
  }
  // A span running past the horizon's last midnight has held for over a week: the weekly pattern covers
  // every hour, so it ends only with `until` (when `until` lies inside the horizon, so does the end).
  const horizon = horizonOf(now, zone, schedule.from);
  const endless = current.end >= firstInstantAt(horizon, "00:00", zone) && (!schedule.until || schedule.until > horizon);
  if (!endless) return { available: true, nextChangeAt: new Date(current.end) };
  if (!schedule.until) return { available: true, nextChangeAt: null };
  const last = merge(occurrencesOn(schedule.windows, datesBetween(addDays(schedule.until, -7), schedule.until), zone)).at(-1)!;
  return { available: true, nextChangeAt: new Date(last.end) };
}

export type PriceState = { price: string; regularPrice: string; priceUntil: Date | null; nextChangeAt: Date | null };

/**
 * A container's price at `at`: the time price whose window holds (windows never overlap, the schemas
 * refuse it), else the regular one; `priceUntil` is when a time price in force ends.
 */
export function priceAt(regularPrice: string, timePrices: readonly TimePrice[] | null | undefined, at: Date, zone: string): PriceState {
  if (!timePrices || timePrices.length === 0) return { price: regularPrice, regularPrice, priceUntil: null, nextChangeAt: null };
  const now = at.getTime();
  const occurrences = occurrencesOn(timePrices, datesAround(now, zone), zone);
  const found = occurrences.find((occurrence) => occurrence.start <= now && now < occurrence.end);
  if (!found) {
    const next = occurrences.find((occurrence) => occurrence.start > now);
    return { price: regularPrice, regularPrice, priceUntil: null, nextChangeAt: next ? new Date(next.start) : null };
  }
  // The same price on consecutive days (an every-day 00:00–00:00 window) holds on without a change.
  const spans = merge(occurrences.filter((occurrence) => occurrence.index === found.index));
  const current = spans.find((span) => span.start <= now && now < span.end)!;
  const until = current.end >= firstInstantAt(horizonOf(now, zone), "00:00", zone) ? null : new Date(current.end);
  return { price: timePrices[found.index]!.price, regularPrice, priceUntil: until, nextChangeAt: until };
}

/** The schedules and happy-hour price lists one answer depends on. */
export type Timed = { schedules: readonly Schedule[]; prices: readonly (readonly TimePrice[])[] };
/**
 * Their state at an instant as a key (equal everywhere inside one set of windows, different across each
 * boundary: what a tag covers), worked out at `from` and holding until `until` (null: for good).
 */
export type TimedState = { key: string; from: number; until: number | null };

export function timedStateAt(timed: Timed, at: number, zone: string): TimedState {
  const instant = new Date(at);
  let until = Number.POSITIVE_INFINITY;
  const change = (next: Date | null) => {
    if (next) until = Math.min(until, next.getTime());
    return next?.getTime() ?? "";
  };
  const key = [
    ...timed.schedules.map((schedule) => {
      const state = scheduleAt(schedule, instant, zone);
      return `${state.available ? 1 : 0}:${change(state.nextChangeAt)}`;
    }),
    ...timed.prices.map((list) => {
      const state = priceAt("", list, instant, zone);
      return `${state.price}:${change(state.nextChangeAt)}`;
    }),
  ].join(",");
  return { key, from: at, until: Number.isFinite(until) ? until : null };
}

/**
 * The last instant, not after `at` and within the two days before it, at which what the schedules and
 * happy hours say changed (null: none then): the boundary a `menu.schedule_changed` records.
 */
export function lastChangeAt(timed: Timed, at: number, zone: string): number | null {
  const dates = datesAround(at, zone);
  const floor = at - 2 * DAY_MS;
  const edges = (spans: readonly Interval[]) => spans.flatMap(({ start, end }) => [start, end]);
  const boundaries = [
    ...timed.schedules.flatMap((schedule) =>
      edges(merge(occurrencesOn(schedule.windows, datesAround(at, zone, schedule.from, schedule.until), zone))),
    ),
    ...timed.prices.flatMap((list) => {
      const occurrences = occurrencesOn(list, dates, zone);
      return list.flatMap((_, index) => edges(merge(occurrences.filter((occurrence) => occurrence.index === index))));
    }),
  ].filter((instant) => instant <= at && instant > floor);
  return boundaries.length === 0 ? null : Math.max(...boundaries);
}
