import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { pourVarianceAnswer, pourVarianceQuery } from "@/lib/taps/schemas";
import { pourVariance } from "@/lib/taps/earnings/variance";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/pour_variance — poured by meters beside sold at the POS, per tap and beer, between two local days
  GET: endpoint(
    { may: "manage", scope: "insights", at: "location", params: idParams, query: pourVarianceQuery, response: pourVarianceAnswer },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await pourVariance(db, { location, query }));
    },
  ),
});
