import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { VersionResponse } from "@/lib/menus/schemas/history";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { menuQueries } from "./menus";

export type MenuVersion = VersionResponse;

const PAGE = 20;

// Under the "menus" key, so the board's invalidation after a change refreshes the history too.
export const historyQueries = {
  all: (menuId: number) => [...menuQueries.all(), "history", menuId] as const,
  /** The versions, newest first, a page at a time (?before=<last version of the page>). */
  versions: (menuId: number) =>
    infiniteQueryOptions({
      queryKey: [...historyQueries.all(menuId), "versions"],
      initialPageParam: undefined as number | undefined,
      queryFn: ({ pageParam, signal }) =>
        apiFetch<{ versions: VersionResponse[] }>(
          `/api/v1/menus/${menuId}/versions?limit=${PAGE}${pageParam === undefined ? "" : `&before=${pageParam}`}`,
          { signal },
        ).then((r) => r.versions),
      getNextPageParam: (page) => (page.length < PAGE ? undefined : page.at(-1)!.version),
    }),
  /** The whole tree as it was at a version. */
  version: (menuId: number, version: number) =>
    queryOptions({
      queryKey: [...historyQueries.all(menuId), "version", version],
      queryFn: ({ signal }) =>
        apiFetch<{ menu: MenuTreeResponse }>(`/api/v1/menus/${menuId}/versions/${version}`, { signal }).then((r) => r.menu),
      staleTime: Infinity,
    }),
};
