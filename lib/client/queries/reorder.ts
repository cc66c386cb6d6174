import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { DistributorResponse, ReorderAnswer, ReorderGroup, ReorderLine } from "@/lib/taps/reorder/schemas";

export type Distributor = DistributorResponse;
export type ReorderGroupRow = ReorderGroup;
export type ReorderLineRow = ReorderLine;

/** The reorder suggestions (venue-operations §15) and the location's distributors, under one key. */
export const reorderQueries = {
  all: () => ["reorder"] as const,
  suggestions: (locationId: number) =>
    queryOptions({
      queryKey: [...reorderQueries.all(), "location", locationId],
      queryFn: ({ signal }) => apiFetch<ReorderAnswer>(`/api/v1/locations/${locationId}/reorder`, { signal }),
    }),
};
