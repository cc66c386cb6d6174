import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { eightySixBody, itemEnvelope } from "@/lib/menus/schemas/menus";
import { eightySixItem, restoreItem } from "@/lib/menus/eighty-six";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/items/:id/86 — out of stock until "next_open", a time, or null (until restored)
  POST: endpoint(
    { may: "eightySix", scope: "menus", at: "item", params: idParams, body: eightySixBody, response: itemEnvelope },
    async ({ db, caller, params, body }) =>
      json({ item: await eightySixItem(db, { businessId: caller.user.businessId, id: params.id, until: body.eighty_six.until }) }),
  ),
  // DELETE /api/v1/items/:id/86 — back on (an item not 86'd is answered unchanged)
  DELETE: endpoint(
    { may: "eightySix", scope: "menus", at: "item", params: idParams, response: itemEnvelope },
    async ({ db, caller, params }) => json({ item: await restoreItem(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
