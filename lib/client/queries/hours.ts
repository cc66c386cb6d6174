import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { HourResponse } from "@/lib/hours/schemas";

/** A weekday row as GET /api/v1/locations/:id/hours answers it (times on 2000-01-01 UTC hold the wall clock). */
export type Hour = HourResponse;

export const hourQueries = {
  all: () => ["hours"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...hourQueries.all(), "location", locationId],
      queryFn: ({ signal }) => apiFetch<{ hours: Hour[] }>(`/api/v1/locations/${locationId}/hours`, { signal }).then((r) => r.hours),
    }),
};
