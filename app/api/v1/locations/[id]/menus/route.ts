import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { createMenuBody, legacyQuery, menuEnvelope } from "@/lib/schemas/menus";
import { menuListEnvelope } from "@/lib/schemas/include-legacy";
import { getLocation } from "@/lib/locations/locations";
import { createMenu, listMenus } from "@/lib/menus/menus";
import { listMenusIncludingLegacy } from "@/lib/custom-menus/include-legacy";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/menus — the location's menus; include_legacy adds unmigrated custom menus
  GET: endpoint({ params: idParams, query: legacyQuery, response: menuListEnvelope }, async ({ db, caller, params, query }) => {
    const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
    return json({ menus: await (query.include_legacy ? listMenusIncludingLegacy : listMenus)(db, { location }) });
  }),
  // POST /api/v1/locations/:id/menus — create an unpublished menu at the end
  POST: endpoint({ params: idParams, body: createMenuBody, response: { 201: menuEnvelope } }, async ({ db, caller, params, body }) => {
    const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
    return json({ menu: await createMenu(db, { location, fields: body.menu }) }, { status: 201 });
  }),
});
