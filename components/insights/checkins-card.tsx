"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { VenueTime } from "@/lib/shared/time-format";
import { insightQueries, type Checkins } from "@/lib/client/queries/insights";
import { ChartCard, Headline } from "./chart-card";
import { CheckinsChart } from "./lazy-charts";
import { byWeek, formatCount, formatLongDay, periodPhrase, plural, WEEKLY_AFTER_DAYS } from "./format";
import { hourLabels } from "./hour-labels";

type Point = { date: string; checkins: number; distinct_users: number };
/** What the chart draws: today's hours (labelled), the days, or past 60 days the weeks. */
type Shaped = { count: number; before: number; per: "hour" | "day" | "week"; points: Point[]; weeks: ReturnType<typeof weeksOf> };

const weeksOf = (items: Point[]) => byWeek(items, ["checkins"]);

function shape(data: Checkins, days: number, venue: VenueTime): Shaped {
  const base = { count: data.checkins.count, before: data.previous_period.checkins.count };
  if (days === 1 && data.checkins_by_hour) {
    const labels = hourLabels(
      data.checkins_by_hour.map((hour) => hour.start),
      venue,
    );
    const points = data.checkins_by_hour.map((hour, index) => ({
      date: labels[index]!,
      checkins: hour.checkins,
      distinct_users: hour.distinct_users,
    }));
    return { ...base, per: "hour", points, weeks: [] };
  }
  const weekly = days > WEEKLY_AFTER_DAYS;
  return { ...base, per: weekly ? "week" : "day", points: data.checkins.items, weeks: weekly ? weeksOf(data.checkins.items) : [] };
}

const busiest = (points: Point[]) => points.reduce((best, point) => (point.checkins > best.checkins ? point : best), points[0]!);
const when = (point: Point, per: Shaped["per"]) => (per === "hour" ? point.date : formatLongDay(point.date));

/**
 * Check-ins per local day, with the distinct guests of each day as a dashed line; today, per hour of the
 * venue's clock; past 60 days, check-ins per week (a guest of several days would count once per day, so
 * the weekly chart has no guests line). The figure sits beside the previous period's, as the server
 * counted it.
 */
export function CheckinsCard({ locationId, days, venue }: { locationId: number; days: number; venue: VenueTime }) {
  const query = useQuery({
    ...insightQueries.checkins(locationId, days),
    placeholderData: keepPreviousData,
    select: (data) => shape(data, days, venue),
  });
  return (
    <ChartCard
      title="Check-ins over time"
      query={query}
      height={260}
      wide
      isEmpty={(data) => data.count === 0}
      empty={`No check-ins ${periodPhrase(days)}`}
      emptyHint={<p>Check-ins appear here as guests check in to beers at this venue.</p>}
      headline={(data) => {
        const peak = busiest(data.points);
        const busiestWords =
          data.count === 0 || data.points.length < 2
            ? null
            : data.per === "hour"
              ? `Busiest hour so far: ${peak.date} (${plural(peak.checkins, "check-in")})`
              : `Busiest day: ${formatLongDay(peak.date)} (${plural(peak.checkins, "check-in")})`;
        return (
          <Headline
            value={formatCount(data.count)}
            label={`check-ins ${periodPhrase(days)}`}
            compared={{ now: data.count, before: data.before, days }}
            detail={busiestWords ?? undefined}
          />
        );
      }}
      summary={(data) => {
        const peak = busiest(data.points);
        return `Check-ins per ${data.per} ${periodPhrase(days)}: ${plural(data.count, "check-in")} in total; the busiest ${data.per === "hour" ? "hour" : "day"} was ${when(peak, data.per)} with ${formatCount(peak.checkins)}.`;
      }}
      chart={(data) => (
        <CheckinsChart rows={data.per === "week" ? data.weeks : data.points} hourly={data.per === "hour"} weekly={data.per === "week"} />
      )}
      table={(data) =>
        data.per === "week"
          ? {
              caption: `Check-ins per week ${periodPhrase(days)}`,
              columns: ["Week from", "Days", "Check-ins"],
              rows: data.weeks.map((week) => [formatLongDay(week.date), String(week.days), formatCount(week.checkins)]),
            }
          : {
              caption: `Check-ins per ${data.per} ${periodPhrase(days)}`,
              columns: [data.per === "hour" ? "Hour" : "Day", "Check-ins", "Distinct guests"],
              rows: data.points.map((point) => [when(point, data.per), formatCount(point.checkins), formatCount(point.distinct_users)]),
            }
      }
    />
  );
}
