import { z } from "zod";

// Insight queries (spec: Insights; contract §6). Shared by the handlers and the dashboard's charts.

export const NUM_DAYS = [1, 7, 30, 90, 180] as const;

const numDays = (fallback: (typeof NUM_DAYS)[number]) =>
  z
    .enum(["1", "7", "30", "90", "180"], { error: "must be one of 1, 7, 30, 90, 180" })
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)));

/** Hours from UTC (check-ins, subscribes): whole and quarter hours, -12 to +14; unset: the location's zone. */
const tzOffsetHours = z.coerce
  .number({ error: "must be a number of hours" })
  .min(-12, "must be between -12 and 14 hours")
  .max(14, "must be between -12 and 14 hours")
  .refine((value) => Number.isInteger(value * 4), "must be a whole or quarter hour")
  .optional();

/** Seconds from UTC (menu views, the spec's unit): a multiple of 15 minutes, as every real offset is. */
const tzOffsetSeconds = z.coerce
  .number({ error: "must be a number of seconds" })
  .int("must be a whole number of seconds")
  .min(-43_200, "must be between -43200 and 50400 seconds")
  .max(50_400, "must be between -43200 and 50400 seconds")
  .refine((value) => value % 900 === 0, "must be a multiple of 900 seconds (15 minutes)")
  .optional();

export const checkinsOverTimeQuery = z.object({
  group_by: z.enum(["checkins", "gender", "ages", "daily"], { error: "must be checkins, gender, ages or daily" }).default("checkins"),
  num_days: numDays(7),
  tz_offset: tzOffsetHours,
});
export const menuViewsOverTimeQuery = z.object({ num_days: numDays(7), tz_offset: tzOffsetSeconds });
export const subscribesOverTimeQuery = z.object({ num_days: numDays(7), tz_offset: tzOffsetHours });
export const topBeersQuery = z.object({ num_days: numDays(30) });
