import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { analyticsQuery, analyticsResponse } from "@/lib/schemas/analytics";
import { getLocation } from "@/lib/locations/locations";
import { recordMenuView } from "@/lib/analytics/menu-views";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/analytics — count a menu view from source_name (read-only tokens too)
  GET: endpoint({ params: idParams, query: analyticsQuery, response: analyticsResponse }, async ({ db, caller, params, query }) => {
    const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
    await recordMenuView(db, { locationId: location.id, source: query.source_name });
    return json({ status: "OK" });
  }),
});
