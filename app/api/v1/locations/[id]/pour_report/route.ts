import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { costsHidden, seesCost } from "@/lib/taps/earnings/costs";
import { pourReport } from "@/lib/taps/earnings/report";
import { pourReportAnswer, pourReportQuery } from "@/lib/taps/earnings/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/pour_report — pours between two local days by tap, item, style or day: volume, servings, sales, cost, margin
  GET: endpoint(
    { may: "manage", scope: "insights", at: "location", params: idParams, query: pourReportQuery, response: pourReportAnswer },
    async ({ db, caller, params, query }) => {
      if (!seesCost(caller)) throw costsHidden();
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await pourReport(db, { location, query }));
    },
  ),
});
