import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { CustomMenuResponse, CustomMenuTreeResponse } from "@/lib/custom-menus/schemas/custom-menus";

// The deprecated custom menus of a location (read-only in the dashboard, except publish and migrate).
export type CustomMenu = CustomMenuResponse;
export type CustomMenuTree = CustomMenuTreeResponse;

export const customMenuQueries = {
  all: () => ["custom-menus"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...customMenuQueries.all(), "location", locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ custom_menus: CustomMenu[] }>(`/api/v1/locations/${locationId}/custom_menus`, { signal }).then((r) => r.custom_menus),
    }),
  /** The whole custom menu (sections, items, prices) in one request. */
  tree: (customMenuId: number) =>
    queryOptions({
      queryKey: [...customMenuQueries.all(), "tree", customMenuId],
      queryFn: ({ signal }) =>
        apiFetch<{ custom_menu: CustomMenuTree }>(`/api/v1/custom_menus/${customMenuId}?full=true`, { signal }).then((r) => r.custom_menu),
    }),
};
