import { z } from "zod";
import { dateString, moneyInput, timeString } from "@/lib/shared/schemas";
import { DAYS, type Window } from "./evaluate";

// venue-operations §7 as requests send it. Shared by route handlers and dashboard forms.

const WEEK_MINUTES = 7 * 1440;

const days = z
  .array(z.enum(DAYS, { error: `must be one of ${DAYS.join(", ")}` }), { error: "must be a list of days" })
  .min(1, "must name at least one day")
  .refine((list) => new Set(list).size === list.length, "names a day twice")
  .transform((list) => DAYS.filter((day) => list.includes(day)));

const windowShape = { days, start: timeString, end: timeString };

export const windowInput = z.object(windowShape, { error: "must be {days, start, end}" });

export const scheduleInput = z
  .object(
    {
      windows: z
        .array(windowInput, { error: "must be a list of windows" })
        .min(1, "must list at least one window")
        .max(21, "lists at most 21 windows"),
      from: dateString.nullable().optional(),
      until: dateString.nullable().optional(),
    },
    { error: "must be {windows, from?, until?} or null" },
  )
  .refine((schedule) => !schedule.from || !schedule.until || schedule.from <= schedule.until, {
    message: "must not be before from",
    path: ["until"],
  })
  .nullable();

/** As answered: the stored schedule (days in week order, times as HH:MM). */
export const windowResponse = z.object({ days: z.array(z.enum(DAYS)), start: z.string(), end: z.string() });
export const scheduleResponse = z.object({
  windows: z.array(windowResponse),
  from: z.string().nullable().optional(),
  until: z.string().nullable().optional(),
});
export const timePricesResponse = z.array(windowResponse.extend({ price: z.string() }));

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

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A window's spans on the week's clock, in minutes from Monday 00:00 (split where they wrap). */
function weekSpans({ days: list, start, end }: Pick<Window, "days" | "start" | "end">): Array<[number, number]> {
  const length = (minutes(end) - minutes(start) + 1440) % 1440 || 1440;
  return list.flatMap((day) => {
    const from = DAYS.indexOf(day) * 1440 + minutes(start);
    const to = from + length;
    return to <= WEEK_MINUTES
      ? [[from, to] as [number, number]]
      : [
          [from, WEEK_MINUTES],
          [0, to - WEEK_MINUTES],
        ];
  });
}

/** Whether two windows share any minute of the week (on the wall clock, as the venue reads it). */
export function windowsOverlap(a: Pick<Window, "days" | "start" | "end">, b: Pick<Window, "days" | "start" | "end">): boolean {
  return weekSpans(a).some(([aFrom, aTo]) => weekSpans(b).some(([bFrom, bTo]) => aFrom < bTo && bFrom < aTo));
}

/** Happy-hour prices on a container: windows that never overlap, or the list names both that do. */
export const timePricesInput = z
  .array(z.object({ ...windowShape, price: moneyInput }, { error: "must be {days, start, end, price}" }), {
    error: "must be a list of {days, start, end, price}",
  })
  .max(14, "lists at most 14 time prices")
  .superRefine((list, ctx) => {
    list.forEach((later, at) => {
      const earlier = list.findIndex((other, index) => index < at && windowsOverlap(other, later));
      if (earlier < 0) return;
      ctx.addIssue({
        code: "custom",
        path: [at],
        message: `${describeWindow(later)} overlaps time_prices[${earlier}] (${describeWindow(list[earlier]!)})`,
      });
    });
  });
