import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import {
  createCustomSectionBody,
  createCustomSectionQuery,
  customSectionEnvelope,
  customSectionsEnvelope,
} from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { createCustomSection, listMenuCustomSections } from "@/lib/custom-menus/sections";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "menus/:id/sections",
  resource({
    // GET /api/v1/custom_menus/:id/custom_sections — the custom menu's sections in position order
    GET: endpoint(
      { may: "read", scope: "menus", at: "custom_menu", params: idParams, response: customSectionsEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_sections: await listMenuCustomSections(db, { businessId: caller.user.businessId, customMenuId: params.id }) }),
    ),
    // POST /api/v1/custom_menus/:id/custom_sections — add a section at the end, or first with head=true
    POST: endpoint(
      {
        may: "edit",
        scope: "menus",
        at: "custom_menu",
        params: idParams,
        query: createCustomSectionQuery,
        body: createCustomSectionBody,
        response: { 201: customSectionEnvelope },
      },
      async ({ db, caller, params, query, body }) => {
        const section = await createCustomSection(db, {
          businessId: caller.user.businessId,
          customMenuId: params.id,
          head: query.head,
          fields: body,
        });
        return json({ custom_section: section }, { status: 201 });
      },
    ),
  }),
);
