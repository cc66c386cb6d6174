import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { positionsBody } from "@/lib/menus/schemas/positions";
import { menuPositionsResponse } from "@/lib/menus/schemas/menus";
import { getLocation } from "@/lib/locations/locations";
import { reorderMenus } from "@/lib/menus/menus";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PATCH /api/v1/locations/:id/menus/positions — reorder all the location's menus in one batch
  PATCH: endpoint(
    { may: "edit", scope: "menus", at: "location", params: idParams, body: positionsBody("menus"), response: menuPositionsResponse },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ menus: await reorderMenus(db, { location, batch: body.menus }) });
    },
  ),
});
