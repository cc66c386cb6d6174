"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { eventQueries, type VenueEvent } from "@/lib/client/queries/events";
import type { EventInput } from "@/lib/events/schemas";

const byStart = (a: VenueEvent, b: VenueEvent) => a.start_time.localeCompare(b.start_time) || a.id - b.id;

/**
 * Create and edit wait for the server (it may refuse a time the clocks skip), then put its answer in
 * the list at once and refetch to be sure.
 */
export function useSaveEvent(locationId: number) {
  const client = useQueryClient();
  const list = eventQueries.list(locationId);
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: EventInput }) =>
      apiFetch<{ event: VenueEvent }>(id ? `/api/v1/events/${id}` : `/api/v1/locations/${locationId}/events`, {
        method: id ? "PATCH" : "POST",
        body: { event: values },
      }).then((answer) => answer.event),
    onSuccess: (saved) =>
      client.setQueryData(list.queryKey, (events) => events && [...events.filter((e) => e.id !== saved.id), saved].sort(byStart)),
    onSettled: () => client.invalidateQueries({ queryKey: list.queryKey }),
  });
}

/** Delete is optimistic: the event leaves the list at once and comes back if the server refuses. */
export function useDeleteEvent(locationId: number) {
  const client = useQueryClient();
  const notify = useToast();
  const list = eventQueries.list(locationId);
  return useMutation({
    mutationFn: (event: VenueEvent) => apiFetch<{ event: VenueEvent }>(`/api/v1/events/${event.id}`, { method: "DELETE" }),
    onMutate: async (event) => {
      await client.cancelQueries({ queryKey: list.queryKey });
      const snapshot = client.getQueryData(list.queryKey);
      client.setQueryData(list.queryKey, (events) => events?.filter((e) => e.id !== event.id));
      return { snapshot };
    },
    onError: (error, event, context) => {
      client.setQueryData(list.queryKey, context?.snapshot);
      notify(`“${event.name}” was not deleted: ${problemMessage(error)}`, { tone: "error" });
    },
    onSuccess: (_answer, event) => notify(`Deleted “${event.name}”.`),
    onSettled: () => client.invalidateQueries({ queryKey: list.queryKey }),
  });
}
