"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiProblem, apiFetch, problemMessage } from "@/lib/client/api";
import { customMenuQueries, type CustomMenu } from "@/lib/client/queries/custom-menus";
import { menuQueries } from "@/lib/client/queries/menus";
import type { MenuResponse } from "@/lib/menus/schemas/menus";
import { useToast } from "@/components/ui/toast";

/** Refusals of custom-menu writes in words for the venue (the API's own detail names endpoints). */
function customWriteError(error: unknown): string {
  if (error instanceof ApiProblem && error.code === "custom_menus_migrated") {
    return "This location's custom menus were migrated to menus and can no longer be changed. Edit the new menus instead.";
  }
  return problemMessage(error);
}

/** POST /locations/:id/custom_menus/migrate; then the board's menus (every key under "menus") and this panel reload. */
export function useMigrateCustomMenus(locationId: number, onDone: () => void) {
  const queryClient = useQueryClient();
  const notify = useToast();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ menus: MenuResponse[] }>(`/api/v1/locations/${locationId}/custom_menus/migrate`, { method: "POST" }).then((r) => r.menus),
    onSuccess: (menus) => {
      const count = menus.length;
      notify(
        count === 0
          ? "Nothing left to migrate: every custom menu already has its menu."
          : `Created ${count} ${count === 1 ? "menu" : "menus"} from your custom menus: ${menus.map((m) => m.name).join(", ")}.`,
      );
      onDone();
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: menuQueries.all() }),
        queryClient.invalidateQueries({ queryKey: customMenuQueries.all() }),
      ]),
  });
}

/** POST /custom_menus/:id/publish or /unpublish: the row changes when the server has answered. */
export function useSetCustomMenuPublished(locationId: number) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const listKey = customMenuQueries.list(locationId).queryKey;
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
      apiFetch<{ custom_menu: CustomMenu }>(`/api/v1/custom_menus/${id}/${publish ? "publish" : "unpublish"}`, { method: "POST" }).then(
        (r) => r.custom_menu,
      ),
    onSuccess: (menu) => {
      queryClient.setQueryData(listKey, (menus) =>
        menus?.map((entry) => (entry.id === menu.id ? { ...entry, unpublished: menu.unpublished } : entry)),
      );
      notify(`${menu.name} is ${menu.unpublished ? "now a draft: guests no longer see it" : "published"}.`);
    },
    onError: (error) => {
      notify(customWriteError(error), { tone: "error" });
      // A 409 means someone migrated meanwhile: show the new menus and the panel's migrated state.
      if (error instanceof ApiProblem && error.code === "custom_menus_migrated") {
        void queryClient.invalidateQueries({ queryKey: menuQueries.all() });
        void queryClient.invalidateQueries({ queryKey: customMenuQueries.all() });
      }
    },
  });
}
