import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { ImportResponse } from "@/lib/imports/schemas";

// GET /locations/:id/imports (venue-operations §6): the location's imports, the running one's progress.

export const importQueries = {
  all: () => ["imports"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...importQueries.all(), locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ imports: ImportResponse[] }>(`/api/v1/locations/${locationId}/imports`, { signal }).then((body) => body.imports),
    }),
};
