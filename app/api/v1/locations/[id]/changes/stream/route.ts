import { endpoint, resource } from "@/lib/http/handler";
import { idParams } from "@/lib/shared/schemas";
import { changeStreamQuery, changeStreamResponse } from "@/lib/live/schemas";
import { getLocation } from "@/lib/locations/locations";
import { openChangeStream } from "@/lib/live/stream";
import { concernsCaller, streamHolds } from "@/lib/auth/stream-holds";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/changes/stream — the same changes as text/event-stream, resumable with Last-Event-ID
  GET: endpoint(
    {
      may: "read",
      scope: "menus",
      at: "location",
      params: idParams,
      query: changeStreamQuery,
      response: changeStreamResponse,
      problems: [410, 429],
    },
    async ({ db, caller, params, query, request, stillAllowed }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return openChangeStream({
        location,
        cursor: request.headers.get("last-event-id") ?? query.since,
        signal: request.signal,
        head: request.method === "HEAD",
        holds: streamHolds(request),
        watch: { concerns: concernsCaller(caller.user), stillAllowed },
      });
    },
  ),
});
