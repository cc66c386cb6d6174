import type { DayHours } from "@/lib/hours/open-now";
import { WEEKDAYS } from "@/lib/shared/weekdays";

// Opening hours in the API's answer form, for the pure open-now and next-opening tests.

const iso = (time: string) => `2000-01-01T${time}:00.000Z`;
export const open = (from: string, to: string) => ({ always_open: false, closed: false, open_at: iso(from), close_at: iso(to) });
export const closed = { always_open: false, closed: true, open_at: null, close_at: null };
export const always = { always_open: true, closed: false, open_at: null, close_at: null };

/** Monday first. */
export const week = (days: Omit<DayHours, "day">[]): DayHours[] => days.map((row, index) => ({ ...row, day: WEEKDAYS[index]! }));

/** The demo week, as the seed writes it: Monday closed, Thursday to 00:30, Friday and Saturday to 02:00 (overnight). */
export const demoWeek = week([
  closed,
  open("16:00", "23:00"),
  open("16:00", "23:00"),
  open("16:00", "00:30"),
  open("12:00", "02:00"),
  open("12:00", "02:00"),
  open("12:00", "22:00"),
]);
