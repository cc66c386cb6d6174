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
