import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";

// The shapes of lib/menus/serialize.ts as the browser receives them (contract §4).
export type MenuSummary = {
  id: number;
  location_id: number;
  uuid: string;
  name: string;
  description: string | null;
  footer: string | null;
  unpublished: boolean;
  position: number;
  legacy_menu_id: number | null;
  created_at: string;
  updated_at: string;
};

export type ContainerSize = { id: number; name: string; ounces: string | null; position: number };

export type Container = {
  id: number;
  item_id: number;
  container_size_id: number | null;
  container_size: ContainerSize | null;
  name: string | null;
  price: string;
  currency: string;
  calories: number | null;
  position: number;
};

type Overridable = "name" | "brewery" | "style" | "description" | "abv" | "ibu" | "calories";

export type Item = {
  id: number;
  section_id: number;
  position: number;
  untappd_id: number | null;
  label_image: string | null;
  tap_number: string | null;
  cask: boolean;
  nitro: boolean;
  in_production: boolean;
  rating: string | null;
  containers: Container[];
  /** The override when one is set, else the catalogue's (or the custom item's own) value. */
  name: string;
} & { [K in Exclude<Overridable, "name">]: string | null } & { [K in Overridable as `custom_${K}`]: string | null } & {
  [K in Overridable as `original_${K}`]: string | null;
};

export type Section = {
  id: number;
  menu_id: number;
  position: number;
  name: string;
  description: string | null;
  type: "Section" | "OnDeckSection";
  public: boolean;
  items: Item[];
};

export type MenuTree = MenuSummary & { sections: Section[]; on_deck_section: Section | null };

// Every key starts with "menus" so one invalidation (e.g. after migrating custom menus) refreshes the board.
export const menuQueries = {
  all: () => ["menus"] as const,
  lists: () => [...menuQueries.all(), "list"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...menuQueries.lists(), locationId],
      queryFn: ({ signal }) => apiFetch<{ menus: MenuSummary[] }>(`/api/v1/locations/${locationId}/menus`, { signal }).then((r) => r.menus),
    }),
  trees: () => [...menuQueries.all(), "tree"] as const,
  /** The whole menu (sections, items, containers, on-deck) in one request. */
  tree: (menuId: number) =>
    queryOptions({
      queryKey: [...menuQueries.trees(), menuId],
      queryFn: ({ signal }) => apiFetch<{ menu: MenuTree }>(`/api/v1/menus/${menuId}?full=true`, { signal }).then((r) => r.menu),
    }),
};

// Container sizes are a global list that rarely changes: fetched once per visit.
export const containerSizeQueries = {
  list: () =>
    queryOptions({
      queryKey: ["container-sizes"],
      queryFn: ({ signal }) => apiFetch<{ container_sizes: ContainerSize[] }>("/api/v1/container_sizes", { signal }).then((r) => r.container_sizes),
      staleTime: Infinity,
    }),
};
