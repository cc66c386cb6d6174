"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { menuQueries, type MenuTree } from "@/lib/client/queries/menus";
import { useToast } from "@/components/ui/toast";
import { findItem, findSection, positionsBatch, sectionLabel, withItemMoved, withItemOrder, withSectionOrder } from "./tree-ops";

type Reorder = { parentId: number; ids: number[]; previousIds: number[]; undo?: boolean };
/** `targetIds`: the target section's order with the item in it; `fromIds`: its section's order before (to undo). */
type Move = { itemId: number; toSectionId: number; targetIds: number[]; fromSectionId: number; fromIds: number[]; undo?: boolean };

const ORDER_FAILED = (error: unknown) => `The new order was not saved: ${problemMessage(error)} The previous order is back.`;

/**
 * Every drag-and-drop change of one menu's tree: applied to the cache at once, sent as ONE request (a
 * positions batch within a list; a move with its position into another section), rolled back with a
 * clear message when the server refuses, and offered for undo when it succeeds.
 */
export function useOrderMutations(menuId: number) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const { queryKey } = menuQueries.tree(menuId);

  async function optimistic(change: (tree: MenuTree) => MenuTree) {
    // Cancel first: a refetch finishing later would overwrite the optimistic order with the old one.
    await queryClient.cancelQueries({ queryKey });
    const previous = queryClient.getQueryData(queryKey);
    if (previous) queryClient.setQueryData(queryKey, change(previous));
    return { previous };
  }
  const rollback = (context: { previous?: MenuTree } | undefined) => {
    if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
  };
  const settle = () => queryClient.invalidateQueries({ queryKey });

  function reorder(path: (parentId: number) => string, key: string, change: (tree: MenuTree, vars: Reorder) => MenuTree) {
    return {
      mutationFn: (vars: Reorder) => apiFetch(path(vars.parentId), { method: "PATCH" as const, body: { [key]: positionsBatch(vars.ids) } }),
      onMutate: (vars: Reorder) => optimistic((tree) => change(tree, vars)),
      onError: (error: unknown, _vars: Reorder, context: { previous?: MenuTree } | undefined) => {
        rollback(context);
        notify(ORDER_FAILED(error), { tone: "error" });
      },
      onSettled: settle,
    };
  }

  const sections = useMutation({
    ...reorder(
      (id) => `/api/v1/menus/${id}/sections/positions`,
      "sections",
      (tree, vars) => withSectionOrder(tree, vars.ids),
    ),
    onSuccess: (_data, vars) => offerUndo(vars, "Sections reordered.", (undo) => sections.mutate(undo)),
  });
  const items = useMutation({
    ...reorder(
      (id) => `/api/v1/sections/${id}/items/positions`,
      "items",
      (tree, vars) => withItemOrder(tree, vars.parentId, vars.ids),
    ),
    onSuccess: (_data, vars) => offerUndo(vars, "Items reordered.", (undo) => items.mutate(undo)),
  });

  function offerUndo(vars: Reorder, message: string, run: (undo: Reorder) => void) {
    if (vars.undo) return notify("The previous order is back.");
    notify(message, {
      action: { label: "Undo", run: () => run({ parentId: vars.parentId, ids: vars.previousIds, previousIds: vars.ids, undo: true }) },
    });
  }

  const move = useMutation({
    // One request, one transaction: the item lands at its index in `targetIds` (of another section or its own).
    mutationFn: (vars: Move) =>
      apiFetch(`/api/v1/items/${vars.itemId}/move`, {
        method: "PATCH",
        body: { item: { section_id: vars.toSectionId, position: vars.targetIds.indexOf(vars.itemId) } },
      }),
    onMutate: async (vars: Move) => {
      const names = namesFor(vars);
      return { ...(await optimistic((tree) => withItemMoved(tree, vars.itemId, vars.toSectionId, vars.targetIds))), ...names };
    },
    onError: (error, _vars, context) => {
      rollback(context);
      const item = context?.item ?? "The item";
      notify(`The move was not saved: ${problemMessage(error)} ${item} is back in ${context?.from ?? "its section"}.`, { tone: "error" });
    },
    onSuccess: (_data, vars, context) => {
      if (vars.undo) return notify(`${context.item} is back in ${context.to}.`);
      const message =
        vars.toSectionId === vars.fromSectionId ? `${context.item} moved within ${context.to}.` : `${context.item} moved to ${context.to}.`;
      notify(message, {
        action: {
          label: "Undo",
          run: () =>
            move.mutate({
              itemId: vars.itemId,
              toSectionId: vars.fromSectionId,
              targetIds: vars.fromIds,
              fromSectionId: vars.toSectionId,
              fromIds: vars.targetIds,
              undo: true,
            }),
        },
      });
    },
    onSettled: settle,
  });

  function namesFor(vars: Move) {
    const tree = queryClient.getQueryData(queryKey);
    const found = tree ? findItem(tree, vars.itemId) : null;
    const to = tree ? findSection(tree, vars.toSectionId) : null;
    const from = tree ? findSection(tree, vars.fromSectionId) : null;
    return {
      item: found?.item.name ?? "The item",
      to: to ? sectionLabel(to) : "the other section",
      from: from ? sectionLabel(from) : "its section",
    };
  }

  return { sections, items, move };
}
