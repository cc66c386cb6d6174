import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { positionsBody } from "@/lib/schemas/positions";
import { containerPositionsResponse } from "@/lib/schemas/menus";
import { reorderContainers } from "@/lib/menus/containers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PATCH /api/v1/items/:id/containers/positions — reorder all the item's containers in one batch
  PATCH: endpoint(
    { params: idParams, body: positionsBody("containers"), response: containerPositionsResponse },
    async ({ db, caller, params, body }) =>
      json({ containers: await reorderContainers(db, { businessId: caller.user.businessId, itemId: params.id, batch: body.containers }) }),
  ),
});
