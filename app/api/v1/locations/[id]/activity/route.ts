import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { activityEnvelope, activityQuery } from "@/lib/activity/schemas";
import { listActivity } from "@/lib/activity/list";
import { getLocation } from "@/lib/locations/locations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/activity?cursor&limit&actor_id — who changed what at the location, newest first: menu changes and every other write
  GET: endpoint(
    { may: "manage", scope: "none", at: "location", params: idParams, query: activityQuery, response: activityEnvelope },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await listActivity(db, { location, cursor: query.cursor, limit: query.limit, actorId: query.actor_id }));
    },
  ),
});
