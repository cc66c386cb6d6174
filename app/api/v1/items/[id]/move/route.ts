import { inSight } from "@/lib/auth/location-of";
import { endpoint, resource } from "@/lib/http/handler";
import { notFound } from "@/lib/server/errors";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { itemEnvelope, moveItemBody } from "@/lib/menus/schemas/menus";
import { moveItem } from "@/lib/menus/items";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PATCH /api/v1/items/:id/move — to `position` (default: the top) of a section of the business
  PATCH: endpoint(
    { may: "edit", scope: "menus", at: "item", params: idParams, body: moveItemBody, response: itemEnvelope, problems: [409] },
    async ({ db, caller, params, body }) => {
      // The target section must be in the caller's sight too: a manager moves only between their locations.
      if (!(await inSight(db, caller.user, "section", body.item.section_id))) throw notFound("section");
      return json({
        item: await moveItem(db, {
          businessId: caller.user.businessId,
          id: params.id,
          sectionId: body.item.section_id,
          position: body.item.position,
        }),
      });
    },
  ),
});
