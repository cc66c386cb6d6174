import { DAYS, type Window } from "./days";

// A schedule in words (venue-operations §7), isomorphic and light: the dashboard's first load shows it
// on every scheduled menu and section, so it imports no schema library; the schemas use it for their
// messages.

const DAY_NAMES: Record<(typeof DAYS)[number], string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

/** "Mon–Fri", "Sat, Sun", "Every day": a window's days in plain words. */
export function describeDays(list: readonly (typeof DAYS)[number][]): string {
  const indexes = list.map((day) => DAYS.indexOf(day));
  const run = indexes.length > 2 && indexes.every((index, at) => at === 0 || index === indexes[at - 1]! + 1);
  if (indexes.length === 7) return "Every day";
  return run ? `${DAY_NAMES[list[0]!]}–${DAY_NAMES[list.at(-1)!]}` : list.map((day) => DAY_NAMES[day]).join(", ");
}

/** Whether a window runs past midnight (its end at or before its start; 00:00–00:00 is a whole day). */
export const isOvernight = ({ start, end }: Pick<Window, "start" | "end">) => end <= start && !(start === "00:00" && end === "00:00");

/**
 * "Mon–Fri 16:00–18:00", "Sat, Sun 11:00–15:00", "Fri, Sat 22:00–02:00 (past midnight)" (as special
 * hours say it), "Every day, all day": a window in plain words; `time` writes a time of day (the
 * venue's clock; HH:MM by default).
 */
export function describeWindow(window: Pick<Window, "days" | "start" | "end">, time: (hhmm: string) => string = (hhmm) => hhmm): string {
  const days = describeDays(window.days);
  if (window.start === "00:00" && window.end === "00:00") return `${days}, all day`;
  return `${days} ${time(window.start)}–${time(window.end)}${isOvernight(window) ? " (past midnight)" : ""}`;
}

/** A schedule in plain words: its windows, then the dates it keeps to; "Always" for none. */
export function describeSchedule(
  schedule: { windows: Pick<Window, "days" | "start" | "end">[]; from?: string | null; until?: string | null } | null | undefined,
  time?: (hhmm: string) => string,
  date: (isoDate: string) => string = (isoDate) => isoDate,
): string {
  if (!schedule) return "Always";
  const windows = schedule.windows.map((window) => describeWindow(window, time)).join("; ");
  const dates = [schedule.from && `from ${date(schedule.from)}`, schedule.until && `until ${date(schedule.until)}`].filter(Boolean);
  return dates.length ? `${windows}, ${dates.join(" ")}` : windows;
}
