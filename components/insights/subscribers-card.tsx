"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { insightQueries, type Subscribes } from "@/lib/client/queries/insights";
import { ChartCard, Headline } from "./chart-card";
import { countAxis, dayAxis, gridProps, legendProps, tooltipProps } from "./chart-parts";
import { formatCount, formatLongDay, periodPhrase, plural, seriesColour } from "./format";

function shape(data: Subscribes) {
  const { beers, events } = data.subscribes;
  const rows = beers.map((day, index) => ({ date: day.date, beers: day.count, events: events[index]?.count ?? 0 }));
  const beerTotal = rows.reduce((sum, row) => sum + row.beers, 0);
  const eventTotal = rows.reduce((sum, row) => sum + row.events, 0);
  return { rows, beerTotal, eventTotal, total: beerTotal + eventTotal };
}

/** New subscriptions per day: guests following this venue's beers or its events. */
export function SubscribersCard({ locationId, days }: { locationId: number; days: number }) {
  const query = useQuery({ ...insightQueries.subscribes(locationId, days), placeholderData: keepPreviousData, select: shape });
  return (
    <ChartCard
      title="New subscribers"
      query={query}
      height={240}
      isEmpty={(data) => data.total === 0}
      empty={`No new subscribers ${periodPhrase(days)}`}
      emptyHint={<p>Guests subscribe in the app to hear about new beers and events here.</p>}
      headline={(data) => (
        <Headline
          value={formatCount(data.total)}
          label={`new subscriptions ${periodPhrase(days)}`}
          detail={`${formatCount(data.beerTotal)} to beers · ${formatCount(data.eventTotal)} to events`}
        />
      )}
      summary={(data) =>
        `New subscriptions per day ${periodPhrase(days)}: ${plural(data.total, "subscription")}, ${formatCount(data.beerTotal)} to beers and ${formatCount(data.eventTotal)} to events.`
      }
      chart={(data) => (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="date" {...dayAxis} />
            <YAxis {...countAxis} />
            <Tooltip {...tooltipProps} cursor={{ fill: "rgb(0 0 0 / 5%)" }} />
            <Legend {...legendProps} />
            <Bar
              dataKey="beers"
              name="Beers"
              stackId="subscribes"
              fill={seriesColour(0)}
              stroke="#fff"
              strokeWidth={data.rows.length > 60 ? 0 : 1}
              isAnimationActive={false}
            />
            <Bar
              dataKey="events"
              name="Events"
              stackId="subscribes"
              fill={seriesColour(1)}
              stroke="#fff"
              strokeWidth={data.rows.length > 60 ? 0 : 1}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
      table={(data) => ({
        caption: `New subscriptions per day ${periodPhrase(days)}`,
        columns: ["Day", "Beers", "Events", "Total"],
        rows: data.rows.map((row) => [
          formatLongDay(row.date),
          formatCount(row.beers),
          formatCount(row.events),
          formatCount(row.beers + row.events),
        ]),
      })}
    />
  );
}
