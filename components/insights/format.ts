// Shared by the insight cards: the series palette, number and date formatting, and the period phrase.

/**
 * Okabe–Ito hues (distinguishable with every common colour-vision deficiency), the light ones darkened
 * until each has at least 3:1 contrast on the white card. Series are always named in a legend or on an
 * axis as well, so colour never carries meaning alone.
 */
const SERIES_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#B25A8F", "#A86F00", "#2F8FCB", "#4D4D4D"] as const;
export const seriesColour = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length]!;

/** Axis and label ink: the theme's muted text, readable on white. */
export const AXIS_INK = "#5f574d";

const integer = new Intl.NumberFormat("en-US");
export const formatCount = (value: number) => integer.format(value);

export const percentOf = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "0%");

// Local days come as YYYY-MM-DD of the venue's calendar: read them as UTC dates so the browser's own
// zone cannot move them by a day.
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const asUtcDate = (date: string) => new Date(`${date}T00:00:00Z`);
export const formatDay = (date: string) => dayFormat.format(asUtcDate(date));
export const formatLongDay = (date: string) => longDayFormat.format(asUtcDate(date));

/** The venue's calendar date (YYYY-MM-DD) of an instant: menu views give each day as the instant it starts. */
export function localDate(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    new Date(instant),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** "today" or "in the last 30 days", to finish sentences such as "No check-ins …". */
export const periodPhrase = (days: number) => (days === 1 ? "today" : `in the last ${days} days`);

export const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The insight periods (num_days): a period's previous one is read from the next longer period's days. */
const PERIODS = [1, 7, 30, 90, 180] as const;
export const widerPeriod = (days: number): number | null => PERIODS.find((period) => period >= days * 2) ?? null;

/**
 * The check-ins of the `days` before the current period, from a longer series that covers them (its
 * items are local days, oldest first, ending today like the current one); null when it does not.
 */
export function previousPeriodCount(wider: { items: { date: string; checkins: number }[] }, days: number): number | null {
  if (wider.items.length < days * 2) return null;
  const previous = wider.items.slice(wider.items.length - days * 2, wider.items.length - days);
  return previous.reduce((sum, item) => sum + item.checkins, 0);
}

/** "▲ 12% on the previous 30 days", "▼ 3% …", "the same as …", "… (none before)". */
export function changeWords(now: number, before: number, days: number): string {
  const previous = days === 1 ? "yesterday" : `the previous ${days} days`;
  if (before === 0) return now === 0 ? `The same as ${previous}` : `None ${days === 1 ? "yesterday" : `in ${previous}`}`;
  const change = Math.round(((now - before) / before) * 100);
  if (change === 0) return `The same as ${previous} (${formatCount(before)})`;
  return `${change > 0 ? "▲" : "▼"} ${Math.abs(change)}% on ${previous} (${formatCount(before)})`;
}

/** Past this many days a chart shows weeks: 180 daily points are noise on a card (issue 38 row 12). */
export const WEEKLY_AFTER_DAYS = 60;

/**
 * Daily rows summed into weeks that end on the last day (the newest week is always whole; the oldest
 * may hold fewer days, and says so in `days`). Each week is dated by its first day. `keys` are summed.
 */
export function byWeek<K extends string>(
  rows: readonly ({ date: string } & Record<K, number>)[],
  keys: readonly K[],
): ({ date: string; days: number } & Record<K, number>)[] {
  const weeks: ({ date: string; days: number } & Record<K, number>)[] = [];
  for (let end = rows.length; end > 0; end -= 7) {
    const days = rows.slice(Math.max(0, end - 7), end);
    const sums: Record<string, number> = {};
    for (const key of keys) sums[key] = days.reduce((sum, day) => sum + (day as Record<K, number>)[key], 0);
    weeks.unshift({ date: days[0]!.date, days: days.length, ...sums } as { date: string; days: number } & Record<K, number>);
  }
  return weeks;
}
