import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TapResponse } from "@/lib/taps/schemas";

export type Tap = TapResponse;

/** Taps change with every pour: the page reads them again every 15 s while it is open. */
export const TAPS_REFRESH_MS = 15_000;

export const tapQueries = {
  all: () => ["taps"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...tapQueries.all(), "location", locationId],
      queryFn: ({ signal }) => apiFetch<{ taps: Tap[]; keg_low_percent: number }>(`/api/v1/locations/${locationId}/taps`, { signal }),
      refetchInterval: TAPS_REFRESH_MS,
    }),
};
