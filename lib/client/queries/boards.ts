import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { BoardResponse } from "@/lib/boards/schemas";

export type Board = BoardResponse;

/** A board's status moves with time alone (90 s without a heartbeat): the list is read again every 10 s. */
export const BOARDS_REFRESH_MS = 10_000;

export const boardQueries = {
  all: () => ["boards"] as const,
  list: (locationId: number, refetchInterval: number = BOARDS_REFRESH_MS) =>
    queryOptions({
      queryKey: [...boardQueries.all(), "location", locationId],
      queryFn: ({ signal }) => apiFetch<{ boards: Board[] }>(`/api/v1/locations/${locationId}/boards`, { signal }).then((r) => r.boards),
      refetchInterval,
    }),
};
