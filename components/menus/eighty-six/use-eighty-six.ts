"use client";

import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { eightySixQueries, type EightySixedItem } from "@/lib/client/queries/eighty-six";
import { menuQueries, type MenuTree } from "@/lib/client/queries/menus";
import type { ItemResponse } from "@/lib/menus/schemas/menus";

type EightySixFields = Pick<ItemResponse, "eighty_sixed" | "eighty_sixed_until" | "eighty_sixed_reason">;
/** What the mutations need of an item: a tree item or a listed one. */
export type EightySixTarget = Pick<ItemResponse, "id" | "name"> & Partial<ItemResponse>;
type Until = "next_open" | string | null;
type EightySix = { item: EightySixTarget; until: Until; expected: string | null; label: string; undo?: boolean };
type Restore = { item: EightySixTarget; undo?: boolean };

function patchTree(tree: MenuTree, itemId: number, fields: EightySixFields): MenuTree {
  const patch = <S extends MenuTree["sections"][number]>(section: S): S =>
    section.items.some((item) => item.id === itemId)
      ? { ...section, items: section.items.map((item) => (item.id === itemId ? { ...item, ...fields } : item)) }
      : section;
  return { ...tree, sections: tree.sections.map(patch), on_deck_section: tree.on_deck_section ? patch(tree.on_deck_section) : null };
}

const treeHolds = (tree: MenuTree | undefined, itemId: number) =>
  !!tree && [...tree.sections, ...(tree.on_deck_section ? [tree.on_deck_section] : [])].some((s) => s.items.some((i) => i.id === itemId));

type Saved = { key: QueryKey; data: unknown }[];

/** Sets the item's 86 fields in every cached menu tree and in the location's 86'd list; returns what was there. */
function applyEverywhere(client: QueryClient, locationId: number, item: EightySixTarget, fields: EightySixFields): Saved {
  const saved: Saved = [];
  for (const [key, tree] of client.getQueriesData<MenuTree>({ queryKey: menuQueries.trees() })) {
    if (!treeHolds(tree, item.id)) continue;
    saved.push({ key, data: tree });
    client.setQueryData<MenuTree>(key, patchTree(tree!, item.id, fields));
  }
  const listKey = eightySixQueries.list(locationId).queryKey;
  const list = client.getQueryData<EightySixedItem[]>(listKey);
  if (list) {
    saved.push({ key: listKey, data: list });
    const rest = list.filter((entry) => entry.id !== item.id);
    const { containers: _containers, ...plain } = item as EightySixTarget & { containers?: unknown };
    client.setQueryData<EightySixedItem[]>(listKey, fields.eighty_sixed ? [...rest, { ...(plain as EightySixedItem), ...fields }] : rest);
  }
  return saved;
}

/**
 * 86 and restore, optimistic like the board's other changes: every cached copy of the item changes at
 * once, and a refusal puts them back with a message naming the server's reason. Each success offers Undo.
 */
export function useEightySix(locationId: number) {
  const client = useQueryClient();
  const notify = useToast();
  const listKey = eightySixQueries.list(locationId).queryKey;

  const settle = () =>
    Promise.all([client.invalidateQueries({ queryKey: listKey }), client.invalidateQueries({ queryKey: menuQueries.trees() })]);

  const eightySix = useMutation({
    mutationFn: ({ item, until }: EightySix) =>
      apiFetch<{ item: ItemResponse }>(`/api/v1/items/${item.id}/86`, { method: "POST", body: { eighty_six: { until } } }),
    onMutate: async ({ item, expected }: EightySix) => {
      await client.cancelQueries({ queryKey: menuQueries.all() });
      // A 86 from the dashboard is one by hand, as the server records it.
      return applyEverywhere(client, locationId, item, { eighty_sixed: true, eighty_sixed_until: expected, eighty_sixed_reason: "manual" });
    },
    onError: (error, { item }, saved) => {
      for (const { key, data } of saved ?? []) client.setQueryData(key, data);
      notify(`${item.name} was not 86'd: ${problemMessage(error)}`, { tone: "error" });
    },
    onSuccess: ({ item: answer }, { item, label, undo }) => {
      applyEverywhere(client, locationId, item, {
        eighty_sixed: answer.eighty_sixed,
        eighty_sixed_until: answer.eighty_sixed_until,
        eighty_sixed_reason: answer.eighty_sixed_reason,
      });
      const message = `${item.name} is 86'd ${label}.`;
      if (undo) return notify(message);
      notify(message, { action: { label: "Undo", run: () => restore.mutate({ item, undo: true }) } });
    },
    onSettled: settle,
  });

  const restore = useMutation({
    mutationFn: ({ item }: Restore) => apiFetch<{ item: ItemResponse }>(`/api/v1/items/${item.id}/86`, { method: "DELETE" }),
    onMutate: async ({ item }: Restore) => {
      await client.cancelQueries({ queryKey: menuQueries.all() });
      const before = { until: item.eighty_sixed_until ?? null };
      return {
        saved: applyEverywhere(client, locationId, item, { eighty_sixed: false, eighty_sixed_until: null, eighty_sixed_reason: null }),
        before,
      };
    },
    onError: (error, { item }, context) => {
      for (const { key, data } of context?.saved ?? []) client.setQueryData(key, data);
      notify(`${item.name} was not restored: ${problemMessage(error)}`, { tone: "error" });
    },
    onSuccess: (_answer, { item, undo }, context) => {
      const message = `${item.name} is back on.`;
      const until = context?.before.until ?? null;
      // Undo puts the same end back, unless it has passed meanwhile (the server would refuse it).
      if (undo || (until !== null && new Date(until) <= new Date())) return notify(message);
      notify(message, {
        action: {
          label: "Undo",
          run: () =>
            eightySix.mutate({
              item,
              until,
              expected: until,
              label: until ? "until its previous end" : "until you restore it",
              undo: true,
            }),
        },
      });
    },
    onSettled: settle,
  });

  return { eightySix, restore };
}
