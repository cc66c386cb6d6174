import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customSectionEnvelope, updateCustomSectionBody } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { deleteCustomSection, readCustomSection, updateCustomSection } from "@/lib/custom-menus/sections";

// PUT and PATCH /api/v1/custom_sections/:id — change only the fields passed
const update = endpoint(
  { may: "edit", scope: "menus", at: "custom_section", params: idParams, body: updateCustomSectionBody, response: customSectionEnvelope },
  async ({ db, caller, params, body }) =>
    json({
      custom_section: await updateCustomSection(db, { businessId: caller.user.businessId, id: params.id, fields: body.custom_section }),
    }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "sections/:id",
  resource({
    // GET /api/v1/custom_sections/:id — one custom section
    GET: endpoint(
      { may: "read", scope: "menus", at: "custom_section", params: idParams, response: customSectionEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_section: await readCustomSection(db, { businessId: caller.user.businessId, id: params.id }) }),
    ),
    PUT: update,
    PATCH: update,
    // DELETE /api/v1/custom_sections/:id — delete with its items; answers the deleted section
    DELETE: endpoint(
      { may: "edit", scope: "menus", at: "custom_section", params: idParams, response: customSectionEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_section: await deleteCustomSection(db, { businessId: caller.user.businessId, id: params.id }) }),
    ),
  }),
);
