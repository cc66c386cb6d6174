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

/** The open intervals over `from`..`to`; a venue with no opening hours at all counts every hour. */
function openBetween(hours: Hours, from: number, to: number): Interval[] {
  const any = hours.hours.some((day) => day.always_open || (!day.closed && day.open_at && day.close_at));
  const special = hours.special.some((day) => !day.closed);
  if (!any && !special) return [{ start: from, end: to }];
  return openIntervals(hours.hours, new Date(from), new Date(to), hours.zone, hours.special).map((interval) => ({
    start: Math.max(interval.start, from),
    end: Math.min(interval.end, to),
  }));
}

/** Open milliseconds between two instants. */
export function openMs(hours: Hours, from: number, to: number): number {
  if (to <= from) return 0;
  return openBetween(hours, from, to).reduce((sum, interval) => sum + Math.max(0, interval.end - interval.start), 0);
}

/** The instant `ms` of open time after `from`, or null past the horizon. */
export function afterOpenMs(hours: Hours, from: number, ms: number): number | null {
  let left = ms;
  // A week at a time, so a long forecast does not build four months of intervals at once.
  for (let start = from; start < from + HORIZON_DAYS * DAY_MS; start += 7 * DAY_MS) {
    for (const interval of openBetween(hours, start, start + 7 * DAY_MS)) {
      const length = interval.end - interval.start;
      if (length >= left) return interval.start + left;
      left -= length;
    }
  }
  return null;
}

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
export function forecastEmptyAt({ remainingMl, from, pouredMl, now, hours }: ForecastInput): Date | null {
  if (pouredMl <= 0) return null;
  if (remainingMl <= 0) return now;
  const rate = pouredMl / Math.max(openMs(hours, from.getTime(), now.getTime()), MIN_SPAN_MS); // ml per open millisecond
  const at = afterOpenMs(hours, now.getTime(), remainingMl / rate);
  return at === null ? null : new Date(Math.round(at));
}
