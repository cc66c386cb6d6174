"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { VenueTime } from "@/lib/shared/time-format";
import { insightQueries, type Subscribes } from "@/lib/client/queries/insights";
import { ChartCard, Headline } from "./chart-card";
import { StackedBars } from "./lazy-charts";
import { formatCount, formatLongDay, periodPhrase, plural } from "./format";
import { hourLabels } from "./hour-labels";

const SUBSCRIBE_SERIES = [
  { key: "beers", name: "Beers" },
  { key: "events", name: "Events" },
];

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
      chart={(data) => <StackedBars rows={data.rows} hourly={data.hourly} series={SUBSCRIBE_SERIES} />}
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
