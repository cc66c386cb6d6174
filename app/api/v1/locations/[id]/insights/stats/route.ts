import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { insightStatsEnvelope } from "@/lib/insights/schemas/insights";
import { getLocation } from "@/lib/locations/locations";
import { insightStats } from "@/lib/insights/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/insights/stats — subscribers and all-time check-ins and users
  GET: endpoint(
    { may: "manage", scope: "insights", at: "location", params: idParams, response: insightStatsEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await insightStats(db, { location }));
    },
  ),
});
