import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { changesEnvelope, changesQuery } from "@/lib/live/schemas";
import { getLocation } from "@/lib/locations/locations";
import { readChanges } from "@/lib/live/feed";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/changes?since=CURSOR&limit=N — the location's menu changes after a cursor, oldest first
  GET: endpoint(
    { may: "read", scope: "menus", at: "location", params: idParams, query: changesQuery, response: changesEnvelope, problems: [410] },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await readChanges(db, { location, since: query.since, limit: query.limit }));
    },
  ),
});
