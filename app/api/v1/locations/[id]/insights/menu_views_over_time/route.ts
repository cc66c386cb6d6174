import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { menuViewsOverTimeQuery, menuViewsOverTimeResponse } from "@/lib/insights/schemas/insights";
import { getLocation } from "@/lib/locations/locations";
import { menuViewsOverTime } from "@/lib/insights/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/insights/menu_views_over_time — views per local day and source
  GET: endpoint(
    {
      may: "manage",
      scope: "insights",
      at: "location",
      params: idParams,
      query: menuViewsOverTimeQuery,
      response: menuViewsOverTimeResponse,
    },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await menuViewsOverTime(db, { location, numDays: query.num_days, tzOffsetSeconds: query.tz_offset }));
    },
  ),
});
