"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { insightQueries } from "@/lib/client/queries/insights";
import { ChartCard, Headline } from "./chart-card";
import { ColumnChart, RowChart } from "./lazy-charts";
import type { Bucket } from "./charts";
import { formatCount, percentOf, periodPhrase, plural, seriesColour } from "./format";

// Who the guests are: gender, age band and the weekday they come. Each counts distinct guests.

const sum = (buckets: Bucket[]) => buckets.reduce((total, bucket) => total + bucket.value, 0);
const largest = (buckets: Bucket[]) => buckets.reduce((best, bucket) => (bucket.value > best.value ? bucket : best), buckets[0]!);
const listed = (buckets: Bucket[]) => buckets.map((bucket) => `${bucket.label} ${formatCount(bucket.value)}`).join(", ");
const tableRows = (buckets: Bucket[]) => {
  const total = sum(buckets);
  return buckets.map((bucket) => [bucket.label, formatCount(bucket.value), percentOf(bucket.value, total)]);
};

const GENDER_LABELS: Record<string, string> = { Male: "Male", Female: "Female", "N/A": "Not given" };

const genderBuckets = (rows: { gender: string; count: number }[]): Bucket[] =>
  rows.map((row) => ({ label: GENDER_LABELS[row.gender] ?? row.gender, value: row.count }));

export function GenderCard({ locationId, days }: { locationId: number; days: number }) {
  const query = useQuery({
    ...insightQueries.gender(locationId, days),
    placeholderData: keepPreviousData,
    select: (answer) => ({ buckets: genderBuckets(answer.user_gender), before: sum(genderBuckets(answer.previous_period.user_gender)) }),
  });
  return (
    <ChartCard
      title="Gender"
      query={query}
      height={230}
      isEmpty={({ buckets }) => sum(buckets) === 0}
      empty={`No guests ${periodPhrase(days)}`}
      headline={({ buckets, before }) => (
        <Headline
          value={formatCount(sum(buckets))}
          label="distinct guests"
          compared={{ now: sum(buckets), before, days }}
          detail={buckets.map((bucket) => `${percentOf(bucket.value, sum(buckets))} ${bucket.label.toLowerCase()}`).join(" · ")}
        />
      )}
      summary={({ buckets }) => `Distinct guests by gender ${periodPhrase(days)}: ${listed(buckets)}.`}
      chart={({ buckets }) => <RowChart data={buckets} colour={seriesColour(0)} />}
      table={({ buckets }) => ({
        caption: `Distinct guests by gender ${periodPhrase(days)}`,
        columns: ["Gender", "Guests", "Share"],
        rows: tableRows(buckets),
      })}
    />
  );
}

const ageBuckets = (ages: { data: Record<string, number> }): Bucket[] =>
  Object.entries(ages.data).map(([band, value]) => ({ label: band.replace("-", "–"), value }));

export function AgesCard({ locationId, days }: { locationId: number; days: number }) {
  const query = useQuery({
    ...insightQueries.ages(locationId, days),
    placeholderData: keepPreviousData,
    select: (answer) => ({ buckets: ageBuckets(answer.user_ages), before: answer.previous_period.user_ages.total }),
  });
  return (
    <ChartCard
      title="Ages"
      query={query}
      height={230}
      isEmpty={({ buckets }) => sum(buckets) === 0}
      empty={`No guests with a known age ${periodPhrase(days)}`}
      emptyHint={<p>Guests who do not share their birth year are left out.</p>}
      headline={({ buckets, before }) => (
        <Headline
          value={formatCount(sum(buckets))}
          label="guests with a known age"
          compared={{ now: sum(buckets), before, days }}
          detail={`Largest group: ${largest(buckets).label} (${percentOf(largest(buckets).value, sum(buckets))})`}
        />
      )}
      summary={({ buckets }) => `Distinct guests by age ${periodPhrase(days)}: ${listed(buckets)}.`}
      chart={({ buckets }) => <RowChart data={buckets} colour={seriesColour(2)} />}
      table={({ buckets }) => ({
        caption: `Distinct guests by age ${periodPhrase(days)}`,
        columns: ["Age", "Guests", "Share"],
        rows: tableRows(buckets),
      })}
    />
  );
}

/**
 * Distinct guests per weekday. Its figure is a day's name, so it has no change beside it; and "Today"
 * has no weekday rhythm at all: the page leaves this card out then (the check-ins card names the
 * busiest hour instead).
 */
export function WeekdayCard({ locationId, days }: { locationId: number; days: number }) {
  const query = useQuery({
    ...insightQueries.daily(locationId, days),
    placeholderData: keepPreviousData,
    select: (answer): Bucket[] => answer.daily_data.map((row) => ({ label: row.day, value: row.distinct_users })),
  });
  return (
    <ChartCard
      title="Day of the week"
      query={query}
      height={240}
      isEmpty={(data) => sum(data) === 0}
      empty={`No guests ${periodPhrase(days)}`}
      headline={(data) => (
        <Headline
          value={largest(data).label}
          label="is the busiest day"
          detail={`${plural(largest(data).value, "distinct guest")} ${periodPhrase(days)}`}
        />
      )}
      summary={(data) => `Distinct guests per weekday ${periodPhrase(days)}, Monday first: ${listed(data)}.`}
      chart={(data) => <ColumnChart data={data} name="Guests" colour={seriesColour(3)} tickFormatter={(day) => day.slice(0, 3)} />}
      table={(data) => ({
        caption: `Distinct guests per weekday ${periodPhrase(days)}`,
        columns: ["Day", "Guests", "Share"],
        rows: tableRows(data),
      })}
    />
  );
}
