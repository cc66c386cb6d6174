"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/client/api";
import { type LocationSummary, locationQueries } from "@/lib/client/queries/locations";
import type { LocationInput } from "@/lib/locations/schemas";

type Answer = { location: LocationSummary };

/**
 * The location writes (venue-operations §2). Each one waits for the server, then refetches every
 * location list and refreshes the page's server parts: the shell's location switcher lists them too.
 */
function useLocationMutation<V>(send: (values: V) => Promise<LocationSummary>) {
  const client = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: locationQueries.all() });
      router.refresh();
    },
  });
}

/** POST /locations (owners) or PATCH /locations/:id (owners, and managers of it): `{location: {...}}`. */
export function useSaveLocation() {
  return useLocationMutation(({ id, values }: { id?: number; values: Partial<LocationInput> }) =>
    apiFetch<Answer>(id ? `/api/v1/locations/${id}` : "/api/v1/locations", {
      method: id ? "PATCH" : "POST",
      body: { location: values },
    }).then((answer) => answer.location),
  );
}

/** DELETE /locations/:id archives it (owners): it leaves every list; restorable for 30 days. */
export function useArchiveLocation() {
  return useLocationMutation((location: LocationSummary) =>
    apiFetch<Answer | undefined>(`/api/v1/locations/${location.id}`, { method: "DELETE" }).then((answer) => answer?.location ?? location),
  );
}

/** POST /locations/:id/restore brings an archived location back (owners). */
export function useRestoreLocation() {
  return useLocationMutation((location: LocationSummary) =>
    apiFetch<Answer>(`/api/v1/locations/${location.id}/restore`, { method: "POST" }).then((answer) => answer.location),
  );
}
