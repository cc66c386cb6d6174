import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";

// The deprecated custom menus of a location (read-only in the dashboard, except publish and migrate).
export type CustomMenu = {
  id: number;
  location_id: number;
  name: string;
  description: string | null;
  footer: string | null;
  unpublished: boolean;
  position: number;
};

export type CustomContainer = { id: number; name: string | null; price: string; position: number };
export type CustomItem = { id: number; name: string | null; description: string | null; type: string; custom_containers: CustomContainer[] };
export type CustomSection = { id: number; name: string | null; description: string | null; custom_items: CustomItem[] };
export type CustomMenuTree = CustomMenu & { custom_sections: CustomSection[] };

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
