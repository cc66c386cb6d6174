import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { createItemBody, legacyQuery } from "@/lib/schemas/menus";
import { createItem, listItems } from "@/lib/menus/items";
import { itemJson } from "@/lib/menus/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/sections/:id/items — the section's items in order
  GET: endpoint({ params: idParams, query: legacyQuery }, async ({ db, caller, params, query }) =>
    json({ items: await listItems(db, { businessId: caller.user.businessId, id: params.id, includeLegacy: query.include_legacy }) }),
  ),
  // POST /api/v1/sections/:id/items — add a catalogue beer (untappd_id) or a custom item (name)
  POST: endpoint({ params: idParams, body: createItemBody }, async ({ db, caller, params, body }) => {
    const item = await createItem(db, { businessId: caller.user.businessId, sectionId: params.id, input: body.item });
    return json({ item: itemJson(item) }, { status: 201 });
  }),
});
