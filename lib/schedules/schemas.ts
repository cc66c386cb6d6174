import { z } from "zod";
import { dateString, decimalInput, moneyInput, timeString } from "@/lib/shared/schemas";
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

/** A whole section's or menu's happy hours at once: at most this many windows, and this many prices touched. */
export const BULK_HAPPY_HOUR_WINDOWS = 14;
export const BULK_HAPPY_HOUR_PRICES = 1000;

const percentOff = decimalInput(0.01, 99.99).transform(Number);

/** The windows of a whole menu's or section's happy hours: 1 to 14, never sharing a minute. */
export const bulkWindows = z
  .array(windowInput, { error: "must be a list of windows" })
  .min(1, "must list at least one window")
  .max(BULK_HAPPY_HOUR_WINDOWS, `lists at most ${BULK_HAPPY_HOUR_WINDOWS} windows`)
  .superRefine((list, ctx) => {
    list.forEach((later, at) => {
      const earlier = list.findIndex((other, index) => index < at && windowsOverlap(other, later));
      if (earlier >= 0)
        ctx.addIssue({
          code: "custom",
          path: [at],
          message: `${describeWindow(later)} overlaps windows[${earlier}] (${describeWindow(list[earlier]!)})`,
        });
    });
  });

/**
 * PUT /menus/:id/happy_hours and /sections/:id/happy_hours (issue 49): the same windows on every price in
 * it, each at its regular price less a percent (`percent_off`, 0.01–99.99), less an amount (`amount_off`),
 * or at one `price` for all; exactly one of the three. Each price's happy hours are replaced; null removes them.
 */
export const bulkHappyHoursInput = z
  .object(
    {
      windows: bulkWindows,
      percent_off: percentOff.optional(),
      amount_off: moneyInput.refine((value) => Number(value) > 0, "must be more than 0").optional(),
      price: moneyInput.optional(),
    },
    { error: "must be {windows, and one of percent_off, amount_off, price} or null" },
  )
  .superRefine((input, ctx) => {
    const given = (["percent_off", "amount_off", "price"] as const).filter((key) => input[key] !== undefined);
    if (given.length !== 1)
      ctx.addIssue({
        code: "custom",
        path: given.length === 0 ? ["percent_off"] : [given[1]!],
        message: given.length === 0 ? "give one of percent_off, amount_off or price" : `give only one of ${given.join(", ")}`,
      });
  })
  .nullable();

export const bulkHappyHoursBody = z.object(
  { happy_hours: bulkHappyHoursInput },
  { error: "must be a JSON object with happy_hours: {windows, percent_off | amount_off | price} or null" },
);
export type BulkHappyHours = NonNullable<z.infer<typeof bulkHappyHoursInput>>;

export const bulkHappyHoursEnvelope = z.strictObject({
  happy_hours: z.object({
    menu_id: z.number(),
    section_id: z.number().nullable(),
    /** The prices whose happy hours were set (or removed). */
    prices_changed: z.number(),
  }),
});
