import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { legacyLangQuery, sectionEnvelope, updateSectionBody } from "@/lib/menus/schemas/menus";
import { conditional, tagged } from "@/lib/http/conditional";
import { sectionReadEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { deleteSection, readSection, updateSection } from "@/lib/menus/sections";
import { readSectionIncludingLegacy } from "@/lib/custom-menus/include-legacy";

// PUT and PATCH /api/v1/sections/:id — change name, description or public
const update = endpoint(
  { may: "edit", scope: "menus", at: "section", params: idParams, body: updateSectionBody, response: sectionEnvelope },
  async ({ db, caller, params, body }) =>
    json({ section: await updateSection(db, { businessId: caller.user.businessId, id: params.id, fields: body.section }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/sections/:id — one section; include_legacy falls back to the custom section; lang: its texts in that language (conditional)
  GET: endpoint(
    {
      may: "read",
      scope: "menus",
      at: "section",
      params: idParams,
      query: legacyLangQuery,
      response: sectionReadEnvelope,
      conditional: true,
    },
    async ({ request, db, caller, params, query, legacyRecord }) => {
      const scope = { businessId: caller.user.businessId, id: params.id };
      if (query.lang && !query.include_legacy)
        return conditional(request, tagged({ section: await readSection(db, { ...scope, lang: query.lang }) }));
      return json(
        query.include_legacy
          ? await readSectionIncludingLegacy(db, { ...scope, legacy: legacyRecord })
          : { section: await readSection(db, scope) },
      );
    },
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/sections/:id — delete with its items
  DELETE: endpoint(
    { may: "edit", scope: "menus", at: "section", params: idParams, response: sectionEnvelope, problems: [409] },
    async ({ db, caller, params }) => json({ section: await deleteSection(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
