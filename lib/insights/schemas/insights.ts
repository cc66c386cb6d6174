import { z } from "zod";
import { dateString, timestamp } from "@/lib/shared/schemas";

// Insight queries (spec: Insights; contract §6). Shared by the handlers and the dashboard's charts.

import { NUM_DAYS } from "../num-days";

export { NUM_DAYS };

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

// ---- answers (lib/insights/queries.ts) ----

const count = z.number().int().min(0);
/** Seconds the queries took. */
const timeTaken = z.number().min(0);
const insights = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ insights: z.strictObject({ ...shape, time_taken: timeTaken }) });

// Additions to the spec's shapes (decision 063): existing fields keep their shape; these come beside them.

/** The period a figure is compared with, and its figures: the same fields, totalled. */
const previousPeriod = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject({ start: timestamp, end: timestamp, ...shape }).meta({
    description:
      "The previous period, as long as the part of this one that has happened: from local midnight num_days days before the first day up to the same local time num_days days ago (today at 15:00 is compared with yesterday up to 15:00). Its figures are counted as this period's are.",
  });

/** Today's hours (num_days 1 only), each named by the instant it starts. */
const byHour = <T extends z.ZodType>(hours: T) =>
  hours.optional().meta({
    description:
      "num_days 1 only: one entry per local hour of today, from midnight up to the hour now (23 or 25 hours on a DST day), each named by the instant it starts.",
  });

export const checkinsSeriesResponse = z.strictObject({
  count,
  items: z.array(z.strictObject({ date: dateString, checkins: count, distinct_users: count })),
});
export const genderCountResponse = z.strictObject({ gender: z.enum(["Male", "Female", "N/A"]), count });
export const AGE_BANDS = ["19-21", "22-25", "26-30", "31-40", "41-50", "51-60", "61+"] as const;
export const ageBandsResponse = z.strictObject({ data: z.record(z.enum(AGE_BANDS), count), total: count });
export const weekdayUsersResponse = z.strictObject({
  day: z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
  distinct_users: count,
});

/** GET …/insights/checkins_over_time: one of four shapes, by group_by. */
export const checkinsHourResponse = z.strictObject({ start: timestamp, checkins: count, distinct_users: count });
export const checkinsInsight = z.strictObject({
  checkins: checkinsSeriesResponse,
  checkins_by_hour: byHour(z.array(checkinsHourResponse)),
  previous_period: previousPeriod({ checkins: z.strictObject({ count }) }),
});
export const genderInsight = z.strictObject({
  user_gender: z.array(genderCountResponse),
  previous_period: previousPeriod({ user_gender: z.array(genderCountResponse) }),
});
export const agesInsight = z.strictObject({
  user_ages: ageBandsResponse,
  previous_period: previousPeriod({ user_ages: ageBandsResponse }),
});
export const weekdayInsight = z.strictObject({
  daily_data: z.array(weekdayUsersResponse),
  previous_period: previousPeriod({ daily_data: z.array(weekdayUsersResponse) }),
});
export const checkinsOverTimeEnvelope = z.union([
  insights(checkinsInsight.shape),
  insights(genderInsight.shape),
  insights(agesInsight.shape),
  insights(weekdayInsight.shape),
]);

/** GET …/insights/menu_views_over_time: the spec's shape has no `insights` wrapper. */
const sourceCounts = z.array(z.strictObject({ source: z.string(), result: count }));
const viewsInTimeframe = z.strictObject({ value: sourceCounts, timeframe: z.strictObject({ start: timestamp, end: timestamp }) });
export const menuViewsOverTimeResponse = z.strictObject({
  total_menu_views: count,
  menu_views: z.array(viewsInTimeframe),
  menu_views_by_hour: byHour(z.array(viewsInTimeframe)),
  previous_period: previousPeriod({ total_menu_views: count, value: sourceCounts }),
  time_taken: timeTaken,
});

export const insightStatsResponse = z.strictObject({
  subscribes: z.strictObject({ all: count, beers: count, events: count }),
  stats: z.strictObject({ total_checkins: count, total_users: count }),
});
export const insightStatsEnvelope = insights(insightStatsResponse.shape);

const datedCounts = z.array(z.strictObject({ date: dateString, count }));
const hourCounts = z.array(z.strictObject({ start: timestamp, count }));
export const subscribesResponse = z.strictObject({
  date_range: z.strictObject({ start: dateString, end: dateString }),
  subscribes: z.strictObject({ all: datedCounts, beers: datedCounts, events: datedCounts }),
  subscribes_by_hour: byHour(z.strictObject({ all: hourCounts, beers: hourCounts, events: hourCounts })),
  previous_period: previousPeriod({ subscribes: z.strictObject({ all: count, beers: count, events: count }) }),
});
export const subscribesOverTimeEnvelope = insights(subscribesResponse.shape);

export const topBeerResponse = z.strictObject({
  untappd_id: z.number().int().positive(),
  name: z.string(),
  brewery: z.string().nullable(),
  style: z.string().nullable(),
  checkins: count,
  distinct_users: count,
});
export const topBeersResponse = z.strictObject({ top_beers: z.array(topBeerResponse), top_nearby_beers: z.array(topBeerResponse) });
export const topBeersEnvelope = insights(topBeersResponse.shape);

export type CheckinsSeriesResponse = z.infer<typeof checkinsSeriesResponse>;
export type CheckinsHourResponse = z.infer<typeof checkinsHourResponse>;
export type CheckinsInsight = z.infer<typeof checkinsInsight>;
export type GenderInsight = z.infer<typeof genderInsight>;
export type AgesInsight = z.infer<typeof agesInsight>;
export type WeekdayInsight = z.infer<typeof weekdayInsight>;
export type GenderCountResponse = z.infer<typeof genderCountResponse>;
export type AgeBandsResponse = z.infer<typeof ageBandsResponse>;
export type WeekdayUsersResponse = z.infer<typeof weekdayUsersResponse>;
export type MenuViewsOverTimeResponse = z.infer<typeof menuViewsOverTimeResponse>;
export type InsightStatsResponse = z.infer<typeof insightStatsResponse>;
export type SubscribesResponse = z.infer<typeof subscribesResponse>;
export type TopBeerResponse = z.infer<typeof topBeerResponse>;
export type TopBeersResponse = z.infer<typeof topBeersResponse>;
export type InsightStatsEnvelope = z.infer<typeof insightStatsEnvelope>;
export type SubscribesOverTimeEnvelope = z.infer<typeof subscribesOverTimeEnvelope>;
export type TopBeersEnvelope = z.infer<typeof topBeersEnvelope>;
