import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { reorder } from "@/lib/taps/reorder/reorder";
import { reorderAnswer, reorderQuery } from "@/lib/taps/reorder/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/reorder — per beer: on hand, days left, lead time and kegs to order to reach par, by distributor
  GET: endpoint(
    { may: "manage", scope: "insights", at: "location", params: idParams, query: reorderQuery, response: reorderAnswer },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await reorder(db, { location, query }));
    },
  ),
});
