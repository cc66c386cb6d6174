import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { positionsBody } from "@/lib/menus/schemas/positions";
import { containerPositionsResponse } from "@/lib/menus/schemas/menus";
import { reorderContainers } from "@/lib/menus/containers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PATCH /api/v1/items/:id/containers/positions — reorder all the item's containers in one batch
  PATCH: endpoint(
    { may: "edit", scope: "menus", at: "item", params: idParams, body: positionsBody("containers"), response: containerPositionsResponse },
    async ({ db, caller, params, body }) =>
      json({ containers: await reorderContainers(db, { businessId: caller.user.businessId, itemId: params.id, batch: body.containers }) }),
  ),
});
