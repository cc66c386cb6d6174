import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { legacyQuery, updateSectionBody } from "@/lib/schemas/menus";
import { deleteSection, readSection, updateSection } from "@/lib/menus/sections";
import { sectionJson } from "@/lib/menus/serialize";

// PUT and PATCH /api/v1/sections/:id — change name, description or public
const update = endpoint({ params: idParams, body: updateSectionBody }, async ({ db, caller, params, body }) =>
  json({ section: sectionJson(await updateSection(db, { businessId: caller.user.businessId, id: params.id, fields: body.section })) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/sections/:id — one section; include_legacy falls back to the custom section
  GET: endpoint({ params: idParams, query: legacyQuery }, async ({ db, caller, params, query }) =>
    json({ section: await readSection(db, { businessId: caller.user.businessId, id: params.id, includeLegacy: query.include_legacy }) }),
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/sections/:id — delete with its items
  DELETE: endpoint({ params: idParams }, async ({ db, caller, params }) =>
    json({ section: sectionJson(await deleteSection(db, { businessId: caller.user.businessId, id: params.id })) }),
  ),
});
