import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { EventResponse } from "@/lib/events/schemas";

/** An event as GET /api/v1/locations/:id/events answers it. */
export type VenueEvent = EventResponse;

export const eventQueries = {
  all: () => ["events"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), "location", locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ events: VenueEvent[] }>(`/api/v1/locations/${locationId}/events`, { signal }).then((r) => r.events),
    }),
};
