import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { topBeersEnvelope, topBeersQuery } from "@/lib/insights/schemas/insights";
import { getLocation } from "@/lib/locations/locations";
import { topBeers } from "@/lib/insights/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/insights/top_beers — top 10 here and at venues within 25 km
  GET: endpoint(
    { may: "manage", scope: "insights", at: "location", params: idParams, query: topBeersQuery, response: topBeersEnvelope },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await topBeers(db, { location, numDays: query.num_days }));
    },
  ),
});
