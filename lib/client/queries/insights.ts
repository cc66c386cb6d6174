import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type {
  AgesInsight,
  CheckinsInsight,
  CheckinsSeriesResponse,
  GenderInsight,
  InsightStatsResponse,
  MenuViewsOverTimeResponse,
  SubscribesResponse,
  TopBeerResponse,
  TopBeersResponse,
  WeekdayInsight,
} from "@/lib/insights/schemas/insights";
import type { PourReportRow, pourReportAnswer } from "@/lib/taps/earnings/schemas";
import type { PourVarianceRow } from "@/lib/taps/schemas";
import type { z } from "zod";

// The insight endpoints (contract §6), one query per chart so each card loads and fails on its own.
// No tz_offset is sent: without it the server buckets days in the venue's own zone, which is what a
// manager reading "Friday" expects wherever their browser is.

export type CheckinsSeries = CheckinsSeriesResponse;
export type Checkins = CheckinsInsight;
export type MenuViews = MenuViewsOverTimeResponse;
export type Subscribes = SubscribesResponse;
export type InsightStats = InsightStatsResponse;
export type TopBeer = TopBeerResponse;
export type TopBeers = TopBeersResponse;
export type PourVariance = PourVarianceRow;
export type PourReport = z.infer<typeof pourReportAnswer>;
export type PourReportGroup = PourReport["group"];
export type { PourReportRow };

/** The pour report's query string (venue-operations §15): the same for the JSON and the CSV download. */
export const pourReportSearch = (from: string, to: string, group: PourReportGroup) => new URLSearchParams({ from, to, group }).toString();

type Wrapped<T> = { insights: T & { time_taken: number } };

const path = (locationId: number, insight: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `/api/v1/locations/${locationId}/insights/${insight}${search ? `?${search}` : ""}`;
};

const checkinsBy = <T>(locationId: number, numDays: number, groupBy: string, signal: AbortSignal) =>
  apiFetch<Wrapped<T>>(path(locationId, "checkins_over_time", { group_by: groupBy, num_days: numDays }), { signal }).then(
    (r) => r.insights,
  );

export const insightQueries = {
  all: () => ["insights"] as const,
  location: (locationId: number) => [...insightQueries.all(), locationId] as const,
  stats: (locationId: number) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "stats"],
      queryFn: ({ signal }) => apiFetch<Wrapped<InsightStats>>(path(locationId, "stats"), { signal }).then((r) => r.insights),
    }),
  checkins: (locationId: number, numDays: number) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "checkins", numDays],
      queryFn: ({ signal }) => checkinsBy<CheckinsInsight>(locationId, numDays, "checkins", signal),
    }),
  gender: (locationId: number, numDays: number) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "gender", numDays],
      queryFn: ({ signal }) => checkinsBy<GenderInsight>(locationId, numDays, "gender", signal),
    }),
  ages: (locationId: number, numDays: number) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "ages", numDays],
      queryFn: ({ signal }) => checkinsBy<AgesInsight>(locationId, numDays, "ages", signal),
    }),
  daily: (locationId: number, numDays: number) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "daily", numDays],
      queryFn: ({ signal }) => checkinsBy<WeekdayInsight>(locationId, numDays, "daily", signal),
    }),
  menuViews: (locationId: number, numDays: number) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "menu-views", numDays],
      // This one answers without the `insights` wrapper (the spec's shape).
      queryFn: ({ signal }) => apiFetch<MenuViews>(path(locationId, "menu_views_over_time", { num_days: numDays }), { signal }),
    }),
  subscribes: (locationId: number, numDays: number) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "subscribes", numDays],
      queryFn: ({ signal }) =>
        apiFetch<Wrapped<Subscribes>>(path(locationId, "subscribes_over_time", { num_days: numDays }), { signal }).then((r) => r.insights),
    }),
  /** Poured by meters beside sold at the POS (pos.md §5) over the venue's local days `from`..`to`. */
  pourVariance: (locationId: number, from: string, to: string) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "pour-variance", from, to],
      queryFn: ({ signal }) =>
        apiFetch<{ pour_variance: PourVarianceRow[] }>(
          `/api/v1/locations/${locationId}/pour_variance?${new URLSearchParams({ from, to }).toString()}`,
          { signal },
        ).then((r) => r.pour_variance),
    }),
  /** What the pours earned (venue-operations §15) over the venue's local days `from`..`to`, by `group`. */
  pourReport: (locationId: number, from: string, to: string, group: PourReportGroup) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "pour-report", from, to, group],
      queryFn: ({ signal }) =>
        apiFetch<PourReport>(`/api/v1/locations/${locationId}/pour_report?${pourReportSearch(from, to, group)}`, { signal }),
    }),
  topBeers: (locationId: number, numDays: number) =>
    queryOptions({
      queryKey: [...insightQueries.location(locationId), "top-beers", numDays],
      queryFn: ({ signal }) =>
        apiFetch<Wrapped<TopBeers>>(path(locationId, "top_beers", { num_days: numDays }), { signal }).then((r) => r.insights),
    }),
};
