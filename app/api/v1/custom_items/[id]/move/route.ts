import { inSight } from "@/lib/auth/location-of";
import { endpoint, resource } from "@/lib/http/handler";
import { notFound } from "@/lib/server/errors";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customItemEnvelope, moveCustomItemBody } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { moveCustomItem } from "@/lib/custom-menus/items";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "items/:id/move",
  resource({
    // PATCH /api/v1/custom_items/:id/move — to `position` (default: the top) of a custom section
    PATCH: endpoint(
      { may: "edit", scope: "menus", at: "custom_item", params: idParams, body: moveCustomItemBody, response: customItemEnvelope },
      async ({ db, caller, params, body }) => {
        // The target section must be in the caller's sight too: a manager moves only between their locations.
        if (!(await inSight(db, caller.user, "custom_section", body.custom_item.custom_section_id))) throw notFound("custom section");
        return json({
          custom_item: await moveCustomItem(db, {
            businessId: caller.user.businessId,
            id: params.id,
            customSectionId: body.custom_item.custom_section_id,
            position: body.custom_item.position,
          }),
        });
      },
    ),
  }),
);
