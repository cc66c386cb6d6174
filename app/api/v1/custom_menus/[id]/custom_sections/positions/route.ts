import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customSectionPositionsBody, customSectionPositionsResponse } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { reorderCustomSections } from "@/lib/custom-menus/sections";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "menus/:id/sections/positions",
  resource({
    // PATCH /api/v1/custom_menus/:id/custom_sections/positions — reorder every section in one batch
    PATCH: endpoint(
      {
        may: "edit",
        scope: "menus",
        at: "custom_menu",
        params: idParams,
        body: customSectionPositionsBody,
        response: customSectionPositionsResponse,
      },
      async ({ db, caller, params, body }) =>
        json({
          custom_sections: await reorderCustomSections(db, {
            businessId: caller.user.businessId,
            customMenuId: params.id,
            batch: body.custom_sections,
          }),
        }),
    ),
  }),
);
