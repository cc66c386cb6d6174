import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { DistributorResponse, ReorderAnswer, ReorderGroup, ReorderLine } from "@/lib/taps/reorder/schemas";

export type Distributor = DistributorResponse;
export type ReorderGroupRow = ReorderGroup;
export type ReorderLineRow = ReorderLine;
/** A par level being edited: a line's beer, or a beer still to choose (itemId null). */
export type Editing = { itemId: number | null; line: ReorderLine | null; distributorId: number | null };

/** The reorder suggestions (venue-operations §15) and the location's distributors, under one key. */
export const reorderQueries = {
  all: () => ["reorder"] as const,
  suggestions: (locationId: number) =>
    queryOptions({
      queryKey: [...reorderQueries.all(), "location", locationId],
      queryFn: ({ signal }) => apiFetch<ReorderAnswer>(`/api/v1/locations/${locationId}/reorder`, { signal }),
    }),
};
