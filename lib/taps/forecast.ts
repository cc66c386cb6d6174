import { type DayHours, openIntervals, type SpecialDay } from "@/lib/hours/open-now";

// When a keg will be empty (venue-operations §8, decision 065): the recent pour rate, counted over the
// location's opening hours only (a keg does not drain while the venue is closed), carried forward
// through the coming opening hours. Pure: the caller passes `now`, the pours and the hours.

/** The pours that make the rate: those of the last three days (and since the keg was tapped). */
export const RECENT_MS = 3 * 24 * 3_600_000;
/** The least open time a rate is taken over, so a first pour just after tapping does not forecast "in a minute". */
export const MIN_SPAN_MS = 15 * 60_000;
/** How far ahead a forecast may fall; a keg that would last longer has none. */
const HORIZON_DAYS = 120;
const DAY_MS = 24 * 3_600_000;

export type Hours = { hours: DayHours[]; special: SpecialDay[]; zone: string };
type Interval = { start: number; end: number };

/**
 * The open intervals of one UTC day (`day`: its first millisecond), kept by the hours' content: the
 * venue's clock is worked out once per day and set of hours, not once per pour (decision 103). A pure
 * function of its key, so nothing kept goes stale; at most KEPT sets of hours of KEPT days each.
 */
const KEPT = 400;
const daysKept = new Map<string, Map<number, Interval[]>>();
const keys = new WeakMap<Hours, string>();
function openOnDay(hours: Hours, day: number): Interval[] {
  let key = keys.get(hours);
  if (key === undefined) {
    key = JSON.stringify(hours);
    keys.set(hours, key);
  }
  let days = daysKept.get(key);
  if (!days) {
    if (daysKept.size >= KEPT) daysKept.clear();
    days = new Map();
    daysKept.set(key, days);
  }
  let intervals = days.get(day);
  if (!intervals) {
    if (days.size >= KEPT) days.clear();
    intervals = openIntervals(hours.hours, new Date(day), new Date(day + DAY_MS), hours.zone, hours.special).map((interval) => ({
      start: Math.max(interval.start, day),
      end: Math.min(interval.end, day + DAY_MS),
    }));
    days.set(day, intervals);
  }
  return intervals;
}

/** Whether the venue has opening hours at all (none: it counts every hour and is never closed). */
const hasHours = (hours: Hours) =>
  hours.hours.some((day) => day.always_open || (!day.closed && day.open_at && day.close_at)) || hours.special.some((day) => !day.closed);

/** The open intervals over `from`..`to` (split at UTC midnights); a venue with no opening hours at all counts every hour. */
function openBetween(hours: Hours, from: number, to: number): Interval[] {
  if (!hasHours(hours)) return [{ start: from, end: to }];
  const intervals: Interval[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    for (const interval of openOnDay(hours, day)) {
      const start = Math.max(interval.start, from);
      const end = Math.min(interval.end, to);
      if (end > start) intervals.push({ start, end });
    }
  }
  return intervals;
}

/** Whether the venue is open at `at` by its opening hours (as `openStatus` says, from the days kept). */
export const openAt = (hours: Hours, at: Date) =>
  openOnDay(hours, Math.floor(at.getTime() / DAY_MS) * DAY_MS).some(
    (interval) => interval.start <= at.getTime() && at.getTime() < interval.end,
  );

/** Open milliseconds between two instants. */
export function openMs(hours: Hours, from: number, to: number): number {
  if (to <= from) return 0;
  return openBetween(hours, from, to).reduce((sum, interval) => sum + Math.max(0, interval.end - interval.start), 0);
}

/** The open intervals from `from` on, a week at a time (so a long forecast does not build four months at once), each week built once. */
function weeksFrom(hours: Hours, from: number): (week: number) => Interval[] {
  const weeks: Interval[][] = [];
  return (week) => {
    weeks[week] ??= openBetween(hours, from + week * 7 * DAY_MS, from + (week + 1) * 7 * DAY_MS);
    return weeks[week];
  };
}

function afterOpenMsIn(weeks: (week: number) => Interval[], ms: number): number | null {
  let left = ms;
  for (let week = 0; week * 7 < HORIZON_DAYS; week++) {
    for (const interval of weeks(week)) {
      const length = interval.end - interval.start;
      if (length >= left) return interval.start + left;
      left -= length;
    }
  }
  return null;
}

/** The instant `ms` of open time after `from`, or null past the horizon. */
export const afterOpenMs = (hours: Hours, from: number, ms: number): number | null => afterOpenMsIn(weeksFrom(hours, from), ms);

/** Where the recent rate starts: three days back, or the keg's tapping if later. */
export const rateFrom = (tappedAt: Date, now: Date) => new Date(Math.max(tappedAt.getTime(), now.getTime() - RECENT_MS));

export type ForecastInput = {
  remainingMl: number;
  /** The start of the rate's span (`rateFrom`) and what was poured from it until `now`. */
  from: Date;
  pouredMl: number;
  now: Date;
  hours: Hours;
};

/** When the keg will be empty at the recent rate, or null: no recent pours, or not within the horizon. */
export const forecastEmptyAt = ({ remainingMl, from, pouredMl, now, hours }: ForecastInput): Date | null =>
  forecaster({ from, now, hours })({ remainingMl, pouredMl });

/**
 * `forecastEmptyAt` for many levels at one `now` and `from` (a batch of pours, decision 103): the open
 * time of the rate's span and the open hours ahead are worked out once, on the first level that needs them.
 */
export function forecaster({ from, now, hours }: Pick<ForecastInput, "from" | "now" | "hours">) {
  let span: number | null = null;
  let weeks: ((week: number) => Interval[]) | null = null;
  return ({ remainingMl, pouredMl }: Pick<ForecastInput, "remainingMl" | "pouredMl">): Date | null => {
    if (pouredMl <= 0) return null;
    if (remainingMl <= 0) return now;
    span ??= Math.max(openMs(hours, from.getTime(), now.getTime()), MIN_SPAN_MS);
    weeks ??= weeksFrom(hours, now.getTime());
    const at = afterOpenMsIn(weeks, remainingMl / (pouredMl / span)); // the rate: ml per open millisecond
    return at === null ? null : new Date(Math.round(at));
  };
}
