import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { mappingJson, posConnectionJson, syncEnvelope } from "@/lib/pos/schemas";
import type { z } from "zod";

// The point-of-sale pages' reads (pos.md §2–3): a location's connections and one connection's matches.
export type PosConnection = z.infer<typeof posConnectionJson>;
export type PosMapping = z.infer<typeof mappingJson>;
export type SyncReport = z.infer<typeof syncEnvelope>["sync"];

export const posQueries = {
  all: () => ["pos"] as const,
  connections: (locationId: number) =>
    queryOptions({
      queryKey: [...posQueries.all(), "connections", locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ pos_connections: PosConnection[] }>(`/api/v1/locations/${locationId}/pos_connections`, { signal }).then(
          (r) => r.pos_connections,
        ),
    }),
  mappings: (connectionId: number) =>
    queryOptions({
      queryKey: [...posQueries.all(), "mappings", connectionId],
      queryFn: ({ signal }) =>
        apiFetch<{ mappings: PosMapping[] }>(`/api/v1/pos_connections/${connectionId}/mappings`, { signal }).then((r) => r.mappings),
    }),
};
