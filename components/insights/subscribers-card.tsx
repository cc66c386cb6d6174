"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { VenueTime } from "@/lib/shared/time-format";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { insightQueries, type Subscribes } from "@/lib/client/queries/insights";
import { ChartCard, Headline } from "./chart-card";
import { countAxis, dayAxis, gridProps, hourAxis, legendProps, tooltipProps } from "./chart-parts";
import { formatCount, formatLongDay, periodPhrase, plural, seriesColour } from "./format";
import { hourLabels } from "./hour-labels";

function shape(data: Subscribes, venue: VenueTime) {
  // Today by the hour (labelled on the venue's clock), otherwise by day.
  const hours = data.subscribes_by_hour;
  const labels = hours
    ? hourLabels(
        hours.beers.map((hour) => hour.start),
        venue,
      )
    : [];
  const rows = hours
    ? hours.beers.map((hour, index) => ({ date: labels[index]!, beers: hour.count, events: hours.events[index]?.count ?? 0 }))
    : data.subscribes.beers.map((day, index) => ({ date: day.date, beers: day.count, events: data.subscribes.events[index]?.count ?? 0 }));
  const beerTotal = rows.reduce((sum, row) => sum + row.beers, 0);
  const eventTotal = rows.reduce((sum, row) => sum + row.events, 0);
  return {
    rows,
    hourly: hours !== undefined,
    beerTotal,
    eventTotal,
    total: beerTotal + eventTotal,
    before: data.previous_period.subscribes.all,
  };
}

/** New subscriptions per day (today: per hour): guests following this venue's beers or its events. */
export function SubscribersCard({
  locationId,
  days,
  venue,
  wide = false,
}: {
  locationId: number;
  days: number;
  venue: VenueTime;
  /** The whole row: today, when the weekday card beside it is left out. */
  wide?: boolean;
}) {
  const query = useQuery({
    ...insightQueries.subscribes(locationId, days),
    placeholderData: keepPreviousData,
    select: (data) => shape(data, venue),
  });
  return (
    <ChartCard
      title="New subscribers"
      query={query}
      height={240}
      wide={wide}
      isEmpty={(data) => data.total === 0}
      empty={`No new subscribers ${periodPhrase(days)}`}
      emptyHint={<p>Guests subscribe in the app to hear about new beers and events here.</p>}
      headline={(data) => (
        <Headline
          value={formatCount(data.total)}
          label={`new subscriptions ${periodPhrase(days)}`}
          compared={{ now: data.total, before: data.before, days }}
          detail={`${formatCount(data.beerTotal)} to beers · ${formatCount(data.eventTotal)} to events`}
        />
      )}
      summary={(data) =>
        `New subscriptions per ${data.hourly ? "hour" : "day"} ${periodPhrase(days)}: ${plural(data.total, "subscription")}, ${formatCount(data.beerTotal)} to beers and ${formatCount(data.eventTotal)} to events.`
      }
      chart={(data) => (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="date" {...(data.hourly ? hourAxis : dayAxis)} />
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
        caption: `New subscriptions per ${data.hourly ? "hour" : "day"} ${periodPhrase(days)}`,
        columns: [data.hourly ? "Hour" : "Day", "Beers", "Events", "Total"],
        rows: data.rows.map((row) => [
          data.hourly ? row.date : formatLongDay(row.date),
          formatCount(row.beers),
          formatCount(row.events),
          formatCount(row.beers + row.events),
        ]),
      })}
    />
  );
}
