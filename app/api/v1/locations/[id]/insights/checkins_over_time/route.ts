import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { checkinsOverTimeEnvelope, checkinsOverTimeQuery } from "@/lib/insights/schemas/insights";
import { getLocation } from "@/lib/locations/locations";
import { checkinsOverTime } from "@/lib/insights/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/insights/checkins_over_time — by day, gender, ages or weekday
  GET: endpoint(
    {
      may: "manage",
      scope: "insights",
      at: "location",
      params: idParams,
      query: checkinsOverTimeQuery,
      response: checkinsOverTimeEnvelope,
    },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(
        await checkinsOverTime(db, { location, numDays: query.num_days, groupBy: query.group_by, tzOffsetHours: query.tz_offset }),
      );
    },
  ),
});
