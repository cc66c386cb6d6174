import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { positionsBody } from "@/lib/menus/schemas/positions";
import { itemPositionsResponse } from "@/lib/menus/schemas/menus";
import { reorderItems } from "@/lib/menus/items";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PATCH /api/v1/sections/:id/items/positions — reorder all the section's items in one batch
  PATCH: endpoint(
    { may: "edit", scope: "menus", at: "section", params: idParams, body: positionsBody("items"), response: itemPositionsResponse },
    async ({ db, caller, params, body }) =>
      json({ items: await reorderItems(db, { businessId: caller.user.businessId, sectionId: params.id, batch: body.items }) }),
  ),
});
