import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { customItemEnvelope, updateCustomItemBody } from "@/lib/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { deleteCustomItem, readCustomItem, updateCustomItem } from "@/lib/custom-menus/items";
import { customItemJson } from "@/lib/custom-menus/serialize";

// PUT and PATCH /api/v1/custom_items/:id — change only the fields passed
const update = endpoint({ params: idParams, body: updateCustomItemBody, response: customItemEnvelope }, async ({ db, caller, params, body }) => {
  const { item, type } = await updateCustomItem(db, { businessId: caller.user.businessId, id: params.id, fields: body.custom_item });
  return json({ custom_item: customItemJson(item, type) });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "items/:id",
  resource({
    // GET /api/v1/custom_items/:id — one custom item
    GET: endpoint({ params: idParams, response: customItemEnvelope }, async ({ db, caller, params }) => {
      const { item, type } = await readCustomItem(db, { businessId: caller.user.businessId, id: params.id });
      return json({ custom_item: customItemJson(item, type) });
    }),
    PUT: update,
    PATCH: update,
    // DELETE /api/v1/custom_items/:id — delete with its containers; answers the deleted item
    DELETE: endpoint({ params: idParams, response: customItemEnvelope }, async ({ db, caller, params }) => {
      const { item, type } = await deleteCustomItem(db, { businessId: caller.user.businessId, id: params.id });
      return json({ custom_item: customItemJson(item, type) });
    }),
  }),
);
