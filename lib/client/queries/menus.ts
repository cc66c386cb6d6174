import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { ContainerSizeResponse } from "@/lib/container-sizes/schemas";
import type {
  ContainerTreeResponse,
  ItemTreeResponse,
  MenuResponse,
  MenuTreeResponse,
  SectionTreeResponse,
} from "@/lib/menus/schemas/menus";
import type { MenuImpactResponse } from "@/lib/menus/schemas/publishing";

// The board's names for the answers of lib/menus (types inferred from the response schemas).
export type MenuSummary = MenuResponse;
export type MenuTree = MenuTreeResponse;
export type Section = SectionTreeResponse;
export type Item = ItemTreeResponse;
export type Container = ContainerTreeResponse;
export type ContainerSize = ContainerSizeResponse;
export type MenuImpact = MenuImpactResponse;

// Every key starts with "menus" so one invalidation (e.g. after migrating custom menus) refreshes the board.
export const menuQueries = {
  all: () => ["menus"] as const,
  lists: () => [...menuQueries.all(), "list"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...menuQueries.lists(), locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ menus: MenuResponse[] }>(`/api/v1/locations/${locationId}/menus`, { signal }).then((r) => r.menus),
    }),
  trees: () => [...menuQueries.all(), "tree"] as const,
  /**
   * The whole menu (sections, items, containers, on-deck) in one request, as its editors see it: every
   * section, in its window or not (venue-operations §7). A price in force may be a happy hour's: the
   * editor shows and edits `regular_price`.
   */
  tree: (menuId: number) =>
    queryOptions({
      queryKey: [...menuQueries.trees(), menuId],
      queryFn: ({ signal }) =>
        apiFetch<{ menu: MenuTreeResponse }>(`/api/v1/menus/${menuId}?full=true&include_unavailable=true`, { signal }).then((r) => r.menu),
    }),
  /**
   * What publishing or unpublishing changes for guests, read as a confirmation opens: `menuIds`, or
   * every draft (what Publish all publishes). Never kept: a confirmation says what is true when it asks.
   */
  publishImpact: (locationId: number, menuIds?: readonly number[]) =>
    queryOptions({
      queryKey: [...menuQueries.all(), "publish-impact", locationId, menuIds?.join(",") ?? "drafts"],
      queryFn: ({ signal }) =>
        apiFetch<{ menus: MenuImpactResponse[] }>(
          `/api/v1/locations/${locationId}/menus/publish_impact${menuIds ? `?menu_ids=${menuIds.join(",")}` : ""}`,
          { signal },
        ).then((r) => r.menus),
      staleTime: 0,
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
};

// Container sizes are a global list that rarely changes: fetched once per visit.
export const containerSizeQueries = {
  list: () =>
    queryOptions({
      queryKey: ["container-sizes"],
      queryFn: ({ signal }) =>
        apiFetch<{ container_sizes: ContainerSizeResponse[] }>("/api/v1/container_sizes", { signal }).then((r) => r.container_sizes),
      staleTime: Infinity,
    }),
};
