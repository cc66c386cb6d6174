import { beerCatalogue } from "@/lib/beer-platform/catalogue";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { createItemBody, itemEnvelope, legacyLangQuery } from "@/lib/menus/schemas/menus";
import { conditional, tagged } from "@/lib/http/conditional";
import { itemListEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { createItem, listItems } from "@/lib/menus/items";
import { listItemsIncludingLegacy } from "@/lib/custom-menus/include-legacy";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/sections/:id/items — the section's items in order; include_legacy falls back to the custom section; lang: their texts in that language (conditional)
  GET: endpoint(
    { may: "read", scope: "menus", at: "section", params: idParams, query: legacyLangQuery, response: itemListEnvelope, conditional: true },
    async ({ request, db, caller, params, query, legacyRecord }) => {
      const scope = { businessId: caller.user.businessId, id: params.id };
      if (query.lang && !query.include_legacy)
        return conditional(request, tagged({ items: await listItems(db, { ...scope, lang: query.lang }) }));
      return json({
        items: query.include_legacy ? await listItemsIncludingLegacy(db, { ...scope, legacy: legacyRecord }) : await listItems(db, scope),
      });
    },
  ),
  // POST /api/v1/sections/:id/items — add a catalogue beer (untappd_id) or a custom item (name)
  POST: endpoint(
    {
      may: "edit",
      scope: "menus",
      at: "section",
      params: idParams,
      body: createItemBody,
      response: { 201: itemEnvelope },
      problems: [429],
    },
    async ({ db, caller, params, body }) => {
      const item = await createItem(db, {
        businessId: caller.user.businessId,
        sectionId: params.id,
        input: body.item,
        catalogue: beerCatalogue(),
      });
      return json({ item }, { status: 201 });
    },
  ),
});
