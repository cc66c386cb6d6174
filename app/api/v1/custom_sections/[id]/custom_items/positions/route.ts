import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customItemPositionsBody, customItemPositionsResponse } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { reorderCustomItems } from "@/lib/custom-menus/items";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "sections/:id/items/positions",
  resource({
    // PATCH /api/v1/custom_sections/:id/custom_items/positions — reorder every item in one batch
    PATCH: endpoint(
      {
        may: "edit",
        scope: "menus",
        at: "custom_section",
        params: idParams,
        body: customItemPositionsBody,
        response: customItemPositionsResponse,
      },
      async ({ db, caller, params, body }) =>
        json({
          custom_items: await reorderCustomItems(db, {
            businessId: caller.user.businessId,
            customSectionId: params.id,
            batch: body.custom_items,
          }),
        }),
    ),
  }),
);
