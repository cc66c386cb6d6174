import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { createCustomItemBody, customItemEnvelope, customItemsEnvelope } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { createCustomItem, listSectionCustomItems } from "@/lib/custom-menus/items";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "sections/:id/items",
  resource({
    // GET /api/v1/custom_sections/:id/custom_items — the section's items in position order
    GET: endpoint(
      { may: "read", scope: "menus", at: "custom_section", params: idParams, response: customItemsEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_items: await listSectionCustomItems(db, { businessId: caller.user.businessId, customSectionId: params.id }) }),
    ),
    // POST /api/v1/custom_sections/:id/custom_items — add an item at the end of the section
    POST: endpoint(
      {
        may: "edit",
        scope: "menus",
        at: "custom_section",
        params: idParams,
        body: createCustomItemBody,
        response: { 201: customItemEnvelope },
      },
      async ({ db, caller, params, body }) => {
        const item = await createCustomItem(db, {
          businessId: caller.user.businessId,
          customSectionId: params.id,
          fields: body.custom_item,
        });
        return json({ custom_item: item }, { status: 201 });
      },
    ),
  }),
);
