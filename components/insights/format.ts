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

/** The period a figure is compared with, in words: the server counts it up to now's local time (decision 063). */
export const previousPhrase = (days: number) => (days === 1 ? "yesterday by this time" : `the previous ${days} days`);

export type Change = { mark: "▲" | "▼" | "=" | "new" | "—"; words: string };

/**
 * A figure beside the previous period's: "▲ 12%" / "▼ 3%" with the previous figure, "new" when the
 * previous period had none, "—" when neither had any.
 */
export function change(now: number, before: number, days: number): Change {
  const previous = previousPhrase(days);
  const none = `none ${days === 1 ? previous : `in ${previous}`}`;
  if (before === 0) return now === 0 ? { mark: "—", words: `${none} either` } : { mark: "new", words: none };
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return { mark: "=", words: `the same as ${previous} (${formatCount(before)})` };
  return { mark: percent > 0 ? "▲" : "▼", words: `${Math.abs(percent)}% on ${previous} (${formatCount(before)})` };
}

/** The change said in one line, as a screen reader and a test read it. */
export function changeWords(now: number, before: number, days: number): string {
  const { mark, words } = change(now, before, days);
  if (mark === "▲" || mark === "▼") return `${mark === "▲" ? "Up" : "Down"} ${words}`;
  if (mark === "new") return `New: ${words}`;
  if (mark === "=") return `The same: ${words.replace(/^the same as /, "as ")}`;
  return `None: ${words}`;
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

const DAY_MS = 24 * 3_600_000;

/** The venue's local days a period of `days` covers: today and the `days - 1` before it. */
export function periodOf(days: number, timeZone: string) {
  const now = Date.now();
  return {
    from: localDate(new Date(now - (days - 1) * DAY_MS).toISOString(), timeZone),
    to: localDate(new Date(now).toISOString(), timeZone),
  };
}
