import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { createSectionBody, createSectionQuery, legacyLangQuery, sectionEnvelope } from "@/lib/menus/schemas/menus";
import { conditional, tagged } from "@/lib/http/conditional";
import { sectionListEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { createSection, listSections } from "@/lib/menus/sections";
import { listSectionsIncludingLegacy } from "@/lib/custom-menus/include-legacy";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id/sections — the menu's sections in order; include_legacy falls back to the custom menu; lang: their texts in that language (conditional)
  GET: endpoint(
    { may: "read", scope: "menus", at: "menu", params: idParams, query: legacyLangQuery, response: sectionListEnvelope, conditional: true },
    async ({ request, db, caller, params, query }) => {
      const scope = { businessId: caller.user.businessId, id: params.id };
      if (query.include_legacy) return json({ sections: await listSectionsIncludingLegacy(db, scope) });
      if (query.lang) return conditional(request, tagged({ sections: await listSections(db, { ...scope, lang: query.lang }) }));
      return json({ sections: await listSections(db, scope) });
    },
  ),
  // POST /api/v1/menus/:id/sections — add a section at the end, or first with head=true
  POST: endpoint(
    {
      may: "edit",
      scope: "menus",
      at: "menu",
      params: idParams,
      query: createSectionQuery,
      body: createSectionBody,
      response: { 201: sectionEnvelope },
    },
    async ({ db, caller, params, query, body }) => {
      const section = await createSection(db, {
        businessId: caller.user.businessId,
        menuId: params.id,
        head: query.head,
        fields: body.section,
      });
      return json({ section }, { status: 201 });
    },
  ),
});
