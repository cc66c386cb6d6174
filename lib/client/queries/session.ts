import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { TokenPairResponse } from "@/lib/auth/schemas/sessions";

export type TokenPair = TokenPairResponse;

// The signed-in user's API tokens (GET /api/session/tokens, session cookie only). Fetched only when
// asked for, never kept after the page stops showing them: no staleness window, no cache lifetime.
export const sessionTokensQuery = () =>
  queryOptions({
    queryKey: ["session", "tokens"] as const,
    queryFn: ({ signal }) => apiFetch<TokenPair>("/api/session/tokens", { signal }),
    staleTime: 0,
    gcTime: 0,
  });
