import { z } from "zod";
import { dateString, moneyInput, timeString } from "@/lib/shared/schemas";
import { describeWindow } from "./describe";
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
