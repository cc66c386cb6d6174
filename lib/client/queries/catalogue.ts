import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { SearchItemResponse } from "@/lib/menus/schemas/menus";

// GET /api/v1/items/search: catalogue beers shaped as (unsaved) items.
export type CatalogueResult = SearchItemResponse;

export const SEARCH_LIMIT = 25;

export const catalogueQueries = {
  all: () => ["catalogue"] as const,
  search: (q: string) =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), "search", q],
      queryFn: ({ signal }) =>
        apiFetch<{ items: CatalogueResult[] }>(`/api/v1/items/search?${new URLSearchParams({ q, limit: String(SEARCH_LIMIT) })}`, {
          signal,
        }).then((r) => r.items),
      // The server caches searches for 10 minutes; asking again sooner only spends the hourly budget.
      staleTime: 10 * 60_000,
      // Every upstream call costs budget, so a failure waits for the person's "Try again".
      retry: false,
    }),
};
