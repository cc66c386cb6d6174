import { z } from "zod";
import { envelope, positiveId, recordId, timestamp } from "../shared/schemas";

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

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
