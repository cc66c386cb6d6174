import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { createSectionBody, createSectionQuery, legacyQuery } from "@/lib/schemas/menus";
import { createSection, listSections } from "@/lib/menus/sections";
import { sectionJson } from "@/lib/menus/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id/sections — the menu's sections in order
  GET: endpoint({ params: idParams, query: legacyQuery }, async ({ db, caller, params, query }) =>
    json({ sections: await listSections(db, { businessId: caller.user.businessId, id: params.id, includeLegacy: query.include_legacy }) }),
  ),
  // POST /api/v1/menus/:id/sections — add a section at the end, or first with head=true
  POST: endpoint({ params: idParams, query: createSectionQuery, body: createSectionBody }, async ({ db, caller, params, query, body }) => {
    const section = await createSection(db, { businessId: caller.user.businessId, menuId: params.id, head: query.head, fields: body.section });
    return json({ section: sectionJson(section) }, { status: 201 });
  }),
});
