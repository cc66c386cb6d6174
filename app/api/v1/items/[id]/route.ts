import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { legacyQuery, updateItemBody } from "@/lib/schemas/menus";
import { deleteItem, readItem, updateItem } from "@/lib/menus/items";
import { itemJson } from "@/lib/menus/serialize";

// PUT and PATCH /api/v1/items/:id — overrides (null clears one) and the venue's own settings
const update = endpoint({ params: idParams, body: updateItemBody }, async ({ db, caller, params, body }) =>
  json({ item: itemJson(await updateItem(db, { businessId: caller.user.businessId, id: params.id, input: body.item })) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/items/:id — one item; include_legacy falls back to the custom item
  GET: endpoint({ params: idParams, query: legacyQuery }, async ({ db, caller, params, query }) =>
    json({ item: await readItem(db, { businessId: caller.user.businessId, id: params.id, includeLegacy: query.include_legacy }) }),
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/items/:id — delete with its containers
  DELETE: endpoint({ params: idParams }, async ({ db, caller, params }) =>
    json({ item: itemJson(await deleteItem(db, { businessId: caller.user.businessId, id: params.id })) }),
  ),
});
