import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { LocationResponse } from "@/lib/locations/schemas";

// queryOptions factories per resource keep every query key in one place.
export type LocationSummary = LocationResponse;

export const locationQueries = {
  all: () => ["locations"] as const,
  list: () =>
    queryOptions({
      queryKey: [...locationQueries.all(), "list"],
      queryFn: ({ signal }) => apiFetch<{ locations: LocationSummary[] }>("/api/v1/locations", { signal }).then((r) => r.locations),
    }),
  /** The business's archived locations (owners only: GET /locations?archived=true), restorable for 30 days. */
  archived: () =>
    queryOptions({
      queryKey: [...locationQueries.all(), "archived"],
      queryFn: ({ signal }) =>
        apiFetch<{ locations: LocationSummary[] }>("/api/v1/locations?archived=true", { signal }).then((r) => r.locations),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...locationQueries.all(), id],
      queryFn: ({ signal }) => apiFetch<{ location: LocationSummary }>(`/api/v1/locations/${id}`, { signal }).then((r) => r.location),
    }),
};
