import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { analyticsQuery, analyticsResponse } from "@/lib/insights/schemas/analytics";
import { getLocation } from "@/lib/locations/locations";
import { recordMenuView } from "@/lib/insights/menu-views";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/analytics — count a menu view from source_name (read-only tokens too)
  GET: endpoint(
    { may: "read", scope: "menus", at: "location", params: idParams, query: analyticsQuery, response: analyticsResponse },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      await recordMenuView(db, { locationId: location.id, source: query.source_name });
      return json({ status: "OK" });
    },
  ),
});
