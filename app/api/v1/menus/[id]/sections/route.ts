import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { createSectionBody, createSectionQuery, legacyQuery, sectionEnvelope } from "@/lib/menus/schemas/menus";
import { sectionListEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { createSection, listSections } from "@/lib/menus/sections";
import { listSectionsIncludingLegacy } from "@/lib/custom-menus/include-legacy";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id/sections — the menu's sections in order; include_legacy falls back to the custom menu
  GET: endpoint(
    { may: "read", scope: "menus", at: "menu", params: idParams, query: legacyQuery, response: sectionListEnvelope },
    async ({ db, caller, params, query }) =>
      json({
        sections: await (query.include_legacy ? listSectionsIncludingLegacy : listSections)(db, {
          businessId: caller.user.businessId,
          id: params.id,
        }),
      }),
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
