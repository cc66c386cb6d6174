import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import {
  createCustomMenuBody,
  customMenuEnvelope,
  customMenusEnvelope,
  deleteCustomMenusBody,
  deleteCustomMenusResponse,
} from "@/lib/custom-menus/schemas/custom-menus";
import { getLocation } from "@/lib/locations/locations";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { createCustomMenu, deleteCustomMenus, listLocationCustomMenus } from "@/lib/custom-menus/menus";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "locations/:id/menus",
  resource({
    // GET /api/v1/locations/:id/custom_menus — the location's custom menus in position order
    GET: endpoint(
      { may: "read", scope: "menus", at: "location", params: idParams, response: customMenusEnvelope },
      async ({ db, caller, params }) => {
        const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
        return json({ custom_menus: await listLocationCustomMenus(db, { location }) });
      },
    ),
    // POST /api/v1/locations/:id/custom_menus — create an unpublished custom menu at the end
    POST: endpoint(
      { may: "edit", scope: "menus", at: "location", params: idParams, body: createCustomMenuBody, response: { 201: customMenuEnvelope } },
      async ({ db, caller, params, body }) => {
        const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
        return json({ custom_menu: await createCustomMenu(db, { location, fields: body.custom_menu }) }, { status: 201 });
      },
    ),
    // DELETE /api/v1/locations/:id/custom_menus — unpublish and delete several custom menus at once
    DELETE: endpoint(
      { may: "edit", scope: "menus", at: "location", params: idParams, body: deleteCustomMenusBody, response: deleteCustomMenusResponse },
      async ({ db, caller, params, body }) => {
        const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
        await deleteCustomMenus(db, { location, ids: body.ids });
        return json({ success: true });
      },
    ),
  }),
);
