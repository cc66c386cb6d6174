"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { menuQueries, type MenuSummary, type MenuTree } from "@/lib/client/queries/menus";
import { useToast } from "@/components/ui/toast";
import { positionsBatch } from "./tree-ops";

type Publish = { menu: MenuSummary; publish: boolean; undo?: boolean };
type Reorder = { ids: number[]; previousIds: number[]; undo?: boolean };

/** The location-level menu changes: publish state and the menus' order, both optimistic with undo. */
export function useMenuMutations(locationId: number) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const listKey = menuQueries.list(locationId).queryKey;

  const publish = useMutation({
    mutationFn: ({ menu, publish }: Publish) =>
      apiFetch<{ menu: MenuSummary }>(`/api/v1/menus/${menu.id}/${publish ? "publish" : "unpublish"}`, { method: "POST" }),
    onMutate: async ({ menu, publish }: Publish) => {
      const treeKey = menuQueries.tree(menu.id).queryKey;
      await Promise.all([queryClient.cancelQueries({ queryKey: listKey }), queryClient.cancelQueries({ queryKey: treeKey })]);
      const previousList = queryClient.getQueryData(listKey);
      const previousTree = queryClient.getQueryData(treeKey);
      const unpublished = !publish;
      if (previousList)
        queryClient.setQueryData(
          listKey,
          previousList.map((m) => (m.id === menu.id ? { ...m, unpublished } : m)),
        );
      if (previousTree) queryClient.setQueryData<MenuTree>(treeKey, { ...previousTree, unpublished });
      return { previousList, previousTree, treeKey };
    },
    onError: (error, { publish }, context) => {
      if (context?.previousList) queryClient.setQueryData(listKey, context.previousList);
      if (context?.previousTree) queryClient.setQueryData(context.treeKey, context.previousTree);
      notify(`The menu was not ${publish ? "published" : "unpublished"}: ${problemMessage(error)}`, { tone: "error" });
    },
    onSuccess: (_data, vars) => {
      const name = vars.menu.name;
      const message = vars.publish ? `${name} is published: guests can see it.` : `${name} is a draft now: guests can't see it.`;
      if (vars.undo) return notify(message);
      notify(message, { action: { label: "Undo", run: () => publish.mutate({ menu: vars.menu, publish: !vars.publish, undo: true }) } });
    },
    onSettled: (_data, _error, { menu }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: menuQueries.tree(menu.id).queryKey }),
      ]),
  });

  const publishAll = useMutation({
    mutationFn: () => apiFetch<{ menus: MenuSummary[] }>(`/api/v1/locations/${locationId}/menus/publish_all`, { method: "POST" }),
    onSuccess: ({ menus }) => {
      queryClient.setQueryData(listKey, menus);
      notify(menus.length === 1 ? "The menu is published." : `All ${menus.length} menus are published.`);
    },
    onError: (error) => notify(`The menus were not published: ${problemMessage(error)}`, { tone: "error" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuQueries.all() }),
  });

  const reorder = useMutation({
    mutationFn: ({ ids }: Reorder) =>
      apiFetch(`/api/v1/locations/${locationId}/menus/positions`, { method: "PATCH", body: { menus: positionsBatch(ids) } }),
    onMutate: async ({ ids }: Reorder) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      if (previous) {
        const byId = new Map(previous.map((menu) => [menu.id, menu]));
        queryClient.setQueryData(
          listKey,
          ids.flatMap((id, position) => (byId.has(id) ? [{ ...byId.get(id)!, position }] : [])),
        );
      }
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      notify(`The new order was not saved: ${problemMessage(error)} The previous order is back.`, { tone: "error" });
    },
    onSuccess: (_data, vars) => {
      if (vars.undo) return notify("The previous order is back.");
      notify("Menus reordered.", {
        action: { label: "Undo", run: () => reorder.mutate({ ids: vars.previousIds, previousIds: vars.ids, undo: true }) },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });

  return { publish, publishAll, reorder };
}
