"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Area, CartesianGrid, ComposedChart, LabelList, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { insightQueries, type CheckinsSeries } from "@/lib/client/queries/insights";
import { ChartCard, Headline } from "./chart-card";
import { countAxis, dayAxis, gridProps, legendProps, tooltipProps, valueLabel } from "./chart-parts";
import {
  byWeek,
  changeWords,
  formatCount,
  formatLongDay,
  periodPhrase,
  plural,
  previousPeriodCount,
  seriesColour,
  WEEKLY_AFTER_DAYS,
  widerPeriod,
} from "./format";

const busiest = (series: CheckinsSeries) =>
  series.items.reduce((best, item) => (item.checkins > best.checkins ? item : best), series.items[0]!);

/**
 * Check-ins per local day, with the distinct guests of each day as a dashed line; past 60 days, check-ins
 * per week (a guest of several days would count once per day, so the weekly chart has no guests line).
 */
export function CheckinsCard({ locationId, days }: { locationId: number; days: number }) {
  const query = useQuery({ ...insightQueries.checkins(locationId, days), placeholderData: keepPreviousData });
  // The previous period beside the figure, read from the next longer period (none beyond 180 days).
  const widerDays = widerPeriod(days);
  const wider = useQuery({ ...insightQueries.checkins(locationId, widerDays ?? days), enabled: widerDays !== null });
  const before = widerDays !== null && wider.data ? previousPeriodCount(wider.data, days) : null;
  const colour = seriesColour(0);
  const guestColour = seriesColour(1);
  const weekly = days > WEEKLY_AFTER_DAYS;
  const per = weekly ? "week" : "day";
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
        const peak = busiest(data);
        return (
          <Headline
            value={formatCount(data.count)}
            label={`check-ins ${periodPhrase(days)}`}
            detail={
              [
                before !== null ? changeWords(data.count, before, days) : null,
                data.items.length > 1 ? `Busiest day: ${formatLongDay(peak.date)} (${plural(peak.checkins, "check-in")})` : null,
              ]
                .filter(Boolean)
                .join(" · ") || undefined
            }
          />
        );
      }}
      summary={(data) => {
        const peak = busiest(data);
        return `Check-ins per ${per} ${periodPhrase(days)}: ${plural(data.count, "check-in")} in total; the busiest day was ${formatLongDay(peak.date)} with ${formatCount(peak.checkins)}.`;
      }}
      chart={(data) => (
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={weekly ? (byWeek(data.items, ["checkins"]) as { date: string; checkins: number }[]) : data.items}
            margin={{ top: 22, right: 12, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="date" {...dayAxis} />
            <YAxis {...countAxis} />
            <Tooltip {...tooltipProps} />
            <Legend {...legendProps} />
            <Area
              type="monotone"
              dataKey="checkins"
              name="Check-ins"
              stroke={colour}
              strokeWidth={2}
              fill={colour}
              fillOpacity={0.14}
              dot={weekly || data.items.length <= 31 ? { r: 3, fill: colour } : false}
              isAnimationActive={false}
            >
              {data.items.length <= 14 && <LabelList dataKey="checkins" position="top" offset={8} {...valueLabel} />}
            </Area>
            {!weekly && (
              <Line
                type="monotone"
                dataKey="distinct_users"
                name="Distinct guests"
                legendType="plainline"
                stroke={guestColour}
                strokeWidth={2}
                strokeDasharray="6 4"
                dot={false}
                isAnimationActive={false}
              />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      )}
      table={(data) =>
        weekly
          ? {
              caption: `Check-ins per week ${periodPhrase(days)}`,
              columns: ["Week from", "Days", "Check-ins"],
              rows: byWeek(data.items, ["checkins"]).map((week) => [
                formatLongDay(week.date),
                String(week.days),
                formatCount(week.checkins),
              ]),
            }
          : {
              caption: `Check-ins per day ${periodPhrase(days)}`,
              columns: ["Day", "Check-ins", "Distinct guests"],
              rows: data.items.map((item) => [formatLongDay(item.date), formatCount(item.checkins), formatCount(item.distinct_users)]),
            }
      }
    />
  );
}
