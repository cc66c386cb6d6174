"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { VenueTime } from "@/lib/shared/time-format";
import { insightQueries, type MenuViews } from "@/lib/client/queries/insights";
import { ChartCard, Headline } from "./chart-card";
import { StackedBars } from "./lazy-charts";
import { byWeek, formatCount, formatLongDay, localDate, periodPhrase, plural, WEEKLY_AFTER_DAYS } from "./format";
import { hourLabels } from "./hour-labels";

type Shaped = {
  total: number;
  before: number;
  per: "hour" | "day" | "week";
  sources: { name: string; key: string; total: number }[];
  rows: Record<string, string | number>[];
};

/**
 * One row per day keyed `s0`, `s1`…: a source name may hold dots, which Recharts would read as a path.
 * Each day is given as the instant it starts; the venue's zone turns that back into its calendar date.
 */
function shape(views: MenuViews, venue: VenueTime, days: number): Shaped {
  const names = views.menu_views[0]?.value.map((entry) => entry.source) ?? [];
  const sources = names.map((name, index) => ({
    name,
    key: `s${index}`,
    total: views.menu_views.reduce((sum, day) => sum + (day.value[index]?.result ?? 0), 0),
  }));
  const base = { total: views.total_menu_views, before: views.previous_period.total_menu_views, sources };
  const counts = (value: MenuViews["menu_views"][number]["value"]) =>
    Object.fromEntries(value.map((entry, index) => [`s${index}`, entry.result]));
  // Today by the hour, each labelled on the venue's clock.
  const hours = views.menu_views_by_hour;
  if (hours) {
    const labels = hourLabels(
      hours.map((hour) => hour.timeframe.start),
      venue,
    );
    return { ...base, per: "hour", rows: hours.map((hour, index) => ({ date: labels[index]!, ...counts(hour.value) })) };
  }
  const rows = views.menu_views.map((day) => ({ date: localDate(day.timeframe.start, venue.zone), ...counts(day.value) }));
  if (days <= WEEKLY_AFTER_DAYS) return { ...base, per: "day", rows };
  // Past 60 days, weeks (each dated by its first day): 180 daily bars are noise on a card.
  const keys = sources.map((source) => source.key);
  const daily = rows as ({ date: string } & Record<string, number>)[];
  return { ...base, per: "week", rows: byWeek(daily, keys) };
}

/**
 * Menu views per day (per hour today, per week past 60 days), stacked by source (the website, the app,
 * a TV board…), with a legend.
 */
export function MenuViewsCard({ locationId, days, venue }: { locationId: number; days: number; venue: VenueTime }) {
  const query = useQuery({
    ...insightQueries.menuViews(locationId, days),
    placeholderData: keepPreviousData,
    select: (views) => shape(views, venue, days),
  });
  return (
    <ChartCard
      title="Menu views by source"
      query={query}
      height={280}
      wide
      isEmpty={(data) => data.total === 0}
      empty={`No menu views ${periodPhrase(days)}`}
      emptyHint={<p>Views are counted when your website, app or TV board loads a menu through the API.</p>}
      headline={(data) => (
        <Headline
          value={formatCount(data.total)}
          label={`menu views ${periodPhrase(days)}`}
          compared={{ now: data.total, before: data.before, days }}
          detail={[...data.sources]
            .sort((a, b) => b.total - a.total)
            .map((source) => `${source.name} ${formatCount(source.total)}`)
            .join(" · ")}
        />
      )}
      summary={(data) =>
        `Menu views per ${data.per} ${periodPhrase(days)}, by source: ${plural(data.total, "view")} in total; ${data.sources.map((source) => `${source.name} ${formatCount(source.total)}`).join(", ")}.`
      }
      chart={(data) => <StackedBars rows={data.rows} hourly={data.per === "hour"} series={data.sources} />}
      table={(data) => ({
        caption: `Menu views per ${data.per} ${periodPhrase(days)}, by source`,
        columns: [{ hour: "Hour", day: "Day", week: "Week from" }[data.per], ...data.sources.map((source) => source.name), "Total"],
        rows: data.rows.map((row) => {
          const counts = data.sources.map((source) => Number(row[source.key] ?? 0));
          return [
            data.per === "hour" ? String(row.date) : formatLongDay(String(row.date)),
            ...counts.map(formatCount),
            formatCount(counts.reduce((a, b) => a + b, 0)),
          ];
        }),
      })}
    />
  );
}
