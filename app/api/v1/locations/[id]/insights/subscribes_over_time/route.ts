import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { subscribesOverTimeEnvelope, subscribesOverTimeQuery } from "@/lib/insights/schemas/insights";
import { getLocation } from "@/lib/locations/locations";
import { subscribesOverTime } from "@/lib/insights/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/insights/subscribes_over_time — new subscribers per local day
  GET: endpoint(
    {
      may: "manage",
      scope: "insights",
      at: "location",
      params: idParams,
      query: subscribesOverTimeQuery,
      response: subscribesOverTimeEnvelope,
    },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await subscribesOverTime(db, { location, numDays: query.num_days, tzOffsetHours: query.tz_offset }));
    },
  ),
});
