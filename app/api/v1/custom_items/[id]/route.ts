import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customItemEnvelope, updateCustomItemBody } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { deleteCustomItem, readCustomItem, updateCustomItem } from "@/lib/custom-menus/items";

// PUT and PATCH /api/v1/custom_items/:id — change only the fields passed
const update = endpoint(
  { may: "edit", scope: "menus", at: "custom_item", params: idParams, body: updateCustomItemBody, response: customItemEnvelope },
  async ({ db, caller, params, body }) =>
    json({ custom_item: await updateCustomItem(db, { businessId: caller.user.businessId, id: params.id, fields: body.custom_item }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "items/:id",
  resource({
    // GET /api/v1/custom_items/:id — one custom item
    GET: endpoint(
      { may: "read", scope: "menus", at: "custom_item", params: idParams, response: customItemEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_item: await readCustomItem(db, { businessId: caller.user.businessId, id: params.id }) }),
    ),
    PUT: update,
    PATCH: update,
    // DELETE /api/v1/custom_items/:id — delete with its containers; answers the deleted item
    DELETE: endpoint(
      { may: "edit", scope: "menus", at: "custom_item", params: idParams, response: customItemEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_item: await deleteCustomItem(db, { businessId: caller.user.businessId, id: params.id }) }),
    ),
  }),
);
