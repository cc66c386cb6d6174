import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { eightySixedEnvelope } from "@/lib/menus/schemas/menus";
import { getLocation } from "@/lib/locations/locations";
import { listEightySixed } from "@/lib/menus/eighty-six";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/eighty_sixed — the items 86'd now, in menu, section and item order
  GET: endpoint(
    { may: "read", scope: "menus", at: "location", params: idParams, response: eightySixedEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ items: await listEightySixed(db, { locationId: location.id }) });
    },
  ),
});
