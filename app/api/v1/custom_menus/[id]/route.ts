import { viewSource } from "@/lib/insights/menu-views";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customMenuEnvelope, customMenuQuery, customMenuReadEnvelope, updateCustomMenuBody } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { deleteCustomMenu, readCustomMenu, updateCustomMenu } from "@/lib/custom-menus/menus";

// PUT and PATCH /api/v1/custom_menus/:id — change only the fields passed
const update = endpoint(
  { may: "edit", scope: "menus", at: "custom_menu", params: idParams, body: updateCustomMenuBody, response: customMenuEnvelope },
  async ({ db, caller, params, body }) =>
    json({ custom_menu: await updateCustomMenu(db, { businessId: caller.user.businessId, id: params.id, fields: body.custom_menu }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "menus/:id",
  resource({
    // GET /api/v1/custom_menus/:id — one custom menu; full=true: the whole tree, counted as a menu view
    GET: endpoint(
      { may: "read", scope: "menus", at: "custom_menu", params: idParams, query: customMenuQuery, response: customMenuReadEnvelope },
      async ({ db, caller, params, query }) =>
        json({
          custom_menu: await readCustomMenu(db, {
            businessId: caller.user.businessId,
            id: params.id,
            full: query.full,
            sourceName: viewSource(caller, query.source_name),
          }),
        }),
    ),
    PUT: update,
    PATCH: update,
    // DELETE /api/v1/custom_menus/:id — unpublish, then delete; answers the deleted custom menu
    DELETE: endpoint(
      { may: "edit", scope: "menus", at: "custom_menu", params: idParams, response: customMenuEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_menu: await deleteCustomMenu(db, { businessId: caller.user.businessId, id: params.id }) }),
    ),
  }),
);
