import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { ItemResponse } from "@/lib/menus/schemas/menus";

/** An item as GET /locations/:id/eighty_sixed lists it (no containers). */
export type EightySixedItem = ItemResponse;

// Under "menus", so the board's invalidations (every menu key starts with it) refresh the list too.
export const eightySixQueries = {
  all: () => ["menus", "eighty-sixed"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...eightySixQueries.all(), locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ items: EightySixedItem[] }>(`/api/v1/locations/${locationId}/eighty_sixed`, { signal }).then((r) => r.items),
    }),
};
