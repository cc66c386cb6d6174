"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { type Item, menuQueries } from "@/lib/client/queries/menus";

/** A section of one of the location's menus, with where it is ("Beer List › On Tap"). */
export type PlacedSection = { id: number; place: string; items: Item[] };

/**
 * Every section of the location's menus (on-deck ones too), from the same cached menu trees the board
 * reads: the 86 page's list names where each item is, and its search finds items in them.
 */
export function useLocationSections(locationId: number): { sections: PlacedSection[]; loading: boolean } {
  const menus = useQuery(menuQueries.list(locationId));
  const trees = useQueries({ queries: (menus.data ?? []).map((menu) => menuQueries.tree(menu.id)) });
  const sections: PlacedSection[] = [];
  for (const { data: tree } of trees) {
    if (!tree) continue;
    for (const section of tree.sections) {
      sections.push({ id: section.id, place: `${tree.name} › ${section.name.trim() || "Untitled section"}`, items: section.items });
    }
    if (tree.on_deck_section)
      sections.push({ id: tree.on_deck_section.id, place: `${tree.name} › On deck`, items: tree.on_deck_section.items });
  }
  return { sections, loading: menus.isPending || trees.some((tree) => tree.isPending) };
}
