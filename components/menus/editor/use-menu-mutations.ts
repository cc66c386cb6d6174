"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { menuQueries, type MenuSummary, type MenuTree } from "@/lib/client/queries/menus";
import { useToast } from "@/components/ui/toast";
import { positionsBatch } from "./tree-ops";

type Publish = { menu: MenuSummary; publish: boolean; undo?: boolean };
type Reorder = { ids: number[]; previousIds: number[]; undo?: boolean };
type Named = { id: number; name: string };
/** Several menus at once: Publish all publishes the drafts its dialog listed; its Undo unpublishes those it published. */
type PublishMany = { menus: Named[]; publish: boolean; undo?: boolean };

/** "A", "A and B", "A, B and C". */
export const namesOf = (menus: readonly Named[]) =>
  menus.length < 2
    ? (menus[0]?.name ?? "")
    : `${menus
        .slice(0, -1)
        .map((menu) => menu.name)
        .join(", ")} and ${menus.at(-1)!.name}`;

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

  // One request per menu, in the list's order: exactly the menus the person confirmed (a draft created
  // since the dialog opened stays a draft), and the answer tells which went through, so Undo reverses
  // those and no others.
  const publishMenus = useMutation({
    mutationFn: async ({ menus, publish }: PublishMany) => {
      const done: Named[] = [];
      const failed: { menu: Named; error: unknown }[] = [];
      for (const menu of menus) {
        try {
          await apiFetch(`/api/v1/menus/${menu.id}/${publish ? "publish" : "unpublish"}`, { method: "POST" });
          done.push(menu);
        } catch (error) {
          failed.push({ menu, error });
        }
      }
      return { done, failed };
    },
    onSuccess: ({ done, failed }, vars) => {
      const verb = vars.publish ? "published" : "unpublished";
      if (failed.length > 0) {
        const names = namesOf(failed.map(({ menu }) => menu));
        notify(`${names} ${failed.length === 1 ? "was" : "were"} not ${verb}: ${problemMessage(failed[0]!.error)}`, { tone: "error" });
      }
      if (done.length === 0) return;
      const them = done.length === 1 ? "it" : "them";
      const message = vars.publish
        ? `Published ${namesOf(done)}: guests can see ${them}.`
        : `${namesOf(done)} ${done.length === 1 ? "is a draft" : "are drafts"} again: guests can't see ${them}.`;
      if (vars.undo) return notify(message);
      notify(message, { action: { label: "Undo", run: () => publishMenus.mutate({ menus: done, publish: !vars.publish, undo: true }) } });
    },
    onError: (error, vars) =>
      notify(`The menus were not ${vars.publish ? "published" : "unpublished"}: ${problemMessage(error)}`, { tone: "error" }),
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

  return { publish, publishMenus, reorder };
}
