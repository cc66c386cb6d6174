import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";

/** An event as GET /api/v1/locations/:id/events answers it. */
export type VenueEvent = {
  id: number;
  name: string;
  description: string;
  place_json: { name?: string; formatted_address?: string; url?: string } | null;
  start_time: string;
  start_time_in_zone: string;
  end_time: string | null;
  end_time_in_zone: string | null;
  location_id: number;
  location_name: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  latitude: string | null;
  longitude: string | null;
  from_facebook: boolean;
  link: string | null;
  created_at: string;
  updated_at: string;
};

export const eventQueries = {
  all: () => ["events"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), "location", locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ events: VenueEvent[] }>(`/api/v1/locations/${locationId}/events`, { signal }).then((r) => r.events),
    }),
};
