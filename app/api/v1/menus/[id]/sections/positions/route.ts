import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { positionsBody } from "@/lib/menus/schemas/positions";
import { sectionPositionsResponse } from "@/lib/menus/schemas/menus";
import { reorderSections } from "@/lib/menus/sections";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PATCH /api/v1/menus/:id/sections/positions — reorder all the menu's sections in one batch
  PATCH: endpoint(
    { may: "edit", scope: "menus", at: "menu", params: idParams, body: positionsBody("sections"), response: sectionPositionsResponse },
    async ({ db, caller, params, body }) =>
      json({ sections: await reorderSections(db, { businessId: caller.user.businessId, menuId: params.id, batch: body.sections }) }),
  ),
});
