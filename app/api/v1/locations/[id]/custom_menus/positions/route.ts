import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customMenuPositionsBody, customMenuPositionsResponse } from "@/lib/custom-menus/schemas/custom-menus";
import { getLocation } from "@/lib/locations/locations";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { reorderCustomMenus } from "@/lib/custom-menus/menus";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "locations/:id/menus/positions",
  resource({
    // PATCH /api/v1/locations/:id/custom_menus/positions — reorder every custom menu in one batch
    PATCH: endpoint(
      {
        may: "edit",
        scope: "menus",
        at: "location",
        params: idParams,
        body: customMenuPositionsBody,
        response: customMenuPositionsResponse,
      },
      async ({ db, caller, params, body }) => {
        const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
        return json({ custom_menus: await reorderCustomMenus(db, { location, batch: body.custom_menus }) });
      },
    ),
  }),
);
