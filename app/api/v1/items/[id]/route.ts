import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { itemEnvelope, legacyLangQuery, updateItemBody } from "@/lib/menus/schemas/menus";
import { conditional, tagged } from "@/lib/http/conditional";
import { itemReadEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { deleteItem, readItem, updateItem } from "@/lib/menus/items";
import { readItemIncludingLegacy } from "@/lib/custom-menus/include-legacy";

// PUT and PATCH /api/v1/items/:id — overrides (null clears one) and the venue's own settings
const update = endpoint(
  { may: "edit", scope: "menus", at: "item", params: idParams, body: updateItemBody, response: itemEnvelope },
  async ({ db, caller, params, body }) =>
    json({ item: await updateItem(db, { businessId: caller.user.businessId, id: params.id, input: body.item }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/items/:id — one item; include_legacy falls back to the custom item; lang: its texts in that language (conditional)
  GET: endpoint(
    { may: "read", scope: "menus", at: "item", params: idParams, query: legacyLangQuery, response: itemReadEnvelope, conditional: true },
    async ({ request, db, caller, params, query, legacyRecord }) => {
      const scope = { businessId: caller.user.businessId, id: params.id };
      if (query.lang && !query.include_legacy)
        return conditional(request, tagged({ item: await readItem(db, { ...scope, lang: query.lang }) }));
      return json(
        query.include_legacy ? await readItemIncludingLegacy(db, { ...scope, legacy: legacyRecord }) : { item: await readItem(db, scope) },
      );
    },
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/items/:id — delete with its containers
  DELETE: endpoint({ may: "edit", scope: "menus", at: "item", params: idParams, response: itemEnvelope }, async ({ db, caller, params }) =>
    json({ item: await deleteItem(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
