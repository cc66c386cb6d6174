import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { SearchItemResponse } from "@/lib/menus/schemas/menus";

// GET /api/v1/items/search: catalogue beers shaped as (unsaved) items; `did_you_mean` when none matches.
export type CatalogueResult = SearchItemResponse;
export type CatalogueAnswer = { items: CatalogueResult[]; did_you_mean: CatalogueResult[] };

export const SEARCH_LIMIT = 25;

export const catalogueQueries = {
  all: () => ["catalogue"] as const,
  search: (q: string) =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), "search", q],
      queryFn: ({ signal }) =>
        apiFetch<CatalogueAnswer>(`/api/v1/items/search?${new URLSearchParams({ q, limit: String(SEARCH_LIMIT) })}`, { signal }),
      // The server keeps what the platform answered (a term for a day, decision 061): asking again is free
      // but gains nothing for a while.
      staleTime: 10 * 60_000,
      // Every upstream call costs budget, so a failure waits for the person's "Try again".
      retry: false,
    }),
};
