import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";

// GET /locations/:id/activity (venue-operations §5): who changed what, newest first, a page at a time.

export type ActivityActor = { user_id: number | null; name: string | null; via: "session" | "token" | "system" };

export type ActivityEntry = {
  id: number | string;
  at: string;
  actor: ActivityActor;
  kind: string;
  summary: string;
  target: { type: string; id: number | null };
};

type ActivityPage = { activity: ActivityEntry[]; next_cursor: string | null };

const PAGE = 50;

export const activityQueries = {
  all: () => ["activity"] as const,
  /** One location's activity, optionally one person's (`actorId`), following `next_cursor`. */
  list: (locationId: number, actorId: number | null) =>
    infiniteQueryOptions({
      queryKey: [...activityQueries.all(), locationId, actorId ?? "everyone"],
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => {
        const query = new URLSearchParams({ limit: String(PAGE) });
        if (pageParam) query.set("cursor", pageParam);
        if (actorId !== null) query.set("actor_id", String(actorId));
        return apiFetch<ActivityPage>(`/api/v1/locations/${locationId}/activity?${query}`, { signal });
      },
      getNextPageParam: (page) => page.next_cursor ?? undefined,
    }),
};
