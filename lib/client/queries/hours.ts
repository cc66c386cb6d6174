import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { HourResponse, SpecialDayResponse } from "@/lib/hours/schemas";

/** A weekday row as GET /api/v1/locations/:id/hours answers it (times on 2000-01-01 UTC hold the wall clock). */
export type Hour = HourResponse;

/** One special date as GET /api/v1/locations/:id/special_hours answers it. */
export type SpecialDay = SpecialDayResponse;

export const hourQueries = {
  all: () => ["hours"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...hourQueries.all(), "location", locationId],
      queryFn: ({ signal }) => apiFetch<{ hours: Hour[] }>(`/api/v1/locations/${locationId}/hours`, { signal }).then((r) => r.hours),
    }),
  special: (locationId: number) =>
    queryOptions({
      queryKey: [...hourQueries.all(), "special", locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ special_hours: SpecialDay[] }>(`/api/v1/locations/${locationId}/special_hours`, { signal }).then((r) => r.special_hours),
    }),
};
