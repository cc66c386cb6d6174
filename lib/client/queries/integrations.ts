import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { ApiKeyResponse } from "@/lib/integrations/schemas";

// GET /api_keys (venue-operations §12): the integration keys the member manages.

export type ApiKey = ApiKeyResponse;
/** POST /api_keys answers the key with its secret: the only time it is shown. */
export type CreatedApiKey = ApiKeyResponse & { secret: string };

export const integrationQueries = {
  all: () => ["api_keys"] as const,
  list: () =>
    queryOptions({
      queryKey: [...integrationQueries.all(), "list"],
      queryFn: ({ signal }) => apiFetch<{ api_keys: ApiKey[] }>("/api/v1/api_keys", { signal }).then((body) => body.api_keys),
    }),
};
