"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { ItemResponse } from "@/lib/menus/schemas/menus";

/** The saved item as POST /sections/:id/items answers it. */
export type AddedItem = ItemResponse;

/**
 * POST /api/v1/sections/:sectionId/items: `{item: {untappd_id}}` for a catalogue beer, `{item: {name, …}}`
 * for a custom item. `onAdded` sits on the mutation itself, not on `mutate()`, so it still runs when the
 * row that started it has gone (a new search replaced the results meanwhile).
 */
export function useAddItem(sectionId: number, onAdded: (item: AddedItem) => void) {
  return useMutation({
    mutationFn: (item: Record<string, unknown>) =>
      apiFetch<{ item: AddedItem }>(`/api/v1/sections/${sectionId}/items`, { method: "POST", body: { item } }).then((r) => r.item),
    onSuccess: onAdded,
  });
}
