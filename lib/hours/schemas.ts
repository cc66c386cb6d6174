import { z } from "zod";
import { WEEKDAYS } from "@/lib/shared/weekdays";
import { envelope, positiveId, recordId, timestamp } from "../shared/schemas";

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;

/**
 * `HH:MM`, or an ISO datetime whose clock reading is the venue's wall-clock time (the form the API
 * answers with: 2000-01-01T17:00:00.000Z means 17:00 at the venue). Normalised to `HH:MM`.
 */
export const wallClock = z
  .string({ error: "must be HH:MM or an ISO datetime" })
  .trim()
  .refine((value) => CLOCK.test(value) || ISO_DATETIME.test(value), "must be HH:MM or an ISO datetime")
  .transform((value) => {
    const match = CLOCK.exec(value) ?? ISO_DATETIME.exec(value);
    return `${match![1]}:${match![2]}`;
  });

const flag = z.boolean({ error: "must be true or false" });

export const hourPatch = z.object({
  id: positiveId,
  always_open: flag.optional(),
  closed: flag.optional(),
  open_at: wallClock.nullable().optional(),
  close_at: wallClock.nullable().optional(),
});

export const updateHoursBody = z.object(
  {
    hours: z
      .array(hourPatch, { error: "must be a list of hours" })
      .min(1, "must list at least one day")
      .max(7, "lists at most the 7 days")
      .superRefine((rows, ctx) => {
        const seen = new Set<number>();
        rows.forEach((row, index) => {
          if (seen.has(row.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: "appears twice" });
          seen.add(row.id);
        });
      }),
  },
  { error: "must be a JSON object with hours" },
);

export type HourPatch = z.infer<typeof hourPatch>;

// ---- answers (lib/hours/hours.ts) ----

export const hourResponse = z.strictObject({
  id: recordId,
  always_open: z.boolean(),
  closed: z.boolean(),
  /** The venue's wall clock as an instant on 2000-01-01 UTC: 17:00 is 2000-01-01T17:00:00.000Z. */
  open_at: timestamp.nullable(),
  close_at: timestamp.nullable(),
  day: z.enum(WEEKDAYS),
  location_id: recordId,
  created_at: timestamp,
  updated_at: timestamp,
});

export const hoursEnvelope = envelope("hours", z.array(hourResponse));

export type HourResponse = z.infer<typeof hourResponse>;

// ---- special hours (venue-operations §11) ----

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date, YYYY-MM-DD, that exists (no 31 April). */
export const calendarDate = z
  .string({ error: "must be a date YYYY-MM-DD" })
  .trim()
  .refine((value) => {
    const match = DATE.exec(value);
    if (!match) return false;
    const [, y, m, d] = match.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, "must be a date YYYY-MM-DD");

export const specialDayInput = z
  .object({
    date: calendarDate,
    closed: flag,
    open: wallClock.nullable().optional(),
    close: wallClock.nullable().optional(),
    note: z.string({ error: "must be text" }).trim().max(140, "must be at most 140 characters").nullable().optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.closed) {
      if (entry.open) ctx.addIssue({ code: "custom", path: ["open"], message: "must be left out on a closed date" });
      if (entry.close) ctx.addIssue({ code: "custom", path: ["close"], message: "must be left out on a closed date" });
      return;
    }
    if (!entry.open) ctx.addIssue({ code: "custom", path: ["open"], message: "is required on an open date" });
    if (!entry.close) ctx.addIssue({ code: "custom", path: ["close"], message: "is required on an open date" });
    if (entry.open && entry.close && entry.open === entry.close) {
      ctx.addIssue({ code: "custom", path: ["close"], message: "equals open; a close before the open runs past midnight" });
    }
  });
export type SpecialDayInput = z.infer<typeof specialDayInput>;

export const putSpecialHoursBody = z.object(
  {
    special_hours: z
      .array(specialDayInput, { error: "must be a list of dates" })
      .max(400, "lists at most 400 dates")
      .superRefine((entries, ctx) => {
        const seen = new Set<string>();
        entries.forEach((entry, index) => {
          if (seen.has(entry.date)) ctx.addIssue({ code: "custom", path: [index, "date"], message: "appears twice" });
          seen.add(entry.date);
        });
      }),
  },
  { error: "must be a JSON object with special_hours" },
);

export const specialDayResponse = z.strictObject({
  date: z.string(),
  closed: z.boolean(),
  /** `HH:MM` on the venue's clock; null on a closed date. */
  open: z.string().nullable(),
  close: z.string().nullable(),
  note: z.string().nullable(),
});
export type SpecialDayResponse = z.infer<typeof specialDayResponse>;

export const specialHoursEnvelope = envelope("special_hours", z.array(specialDayResponse));
