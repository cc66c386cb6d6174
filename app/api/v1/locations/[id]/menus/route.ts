import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { createMenuBody, legacyLangQuery, menuEnvelope } from "@/lib/menus/schemas/menus";
import { menuListEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { getLocation } from "@/lib/locations/locations";
import { createMenu } from "@/lib/menus/menus";
import { listMenusIncludingLegacy } from "@/lib/custom-menus/include-legacy";
import { conditional, tagged } from "@/lib/http/conditional";
import { menusAnswer } from "@/lib/menus/reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/menus — the location's menus; include_legacy adds unmigrated custom menus (not kept: tagged by its body); lang: their texts in that language
  GET: endpoint(
    {
      may: "read",
      scope: "menus",
      at: "location",
      params: idParams,
      query: legacyLangQuery,
      response: menuListEnvelope,
      conditional: true,
    },
    async ({ request, db, caller, params, query }) => {
      const scope = { businessId: caller.user.businessId, id: params.id };
      if (!query.include_legacy) return conditional(request, await menusAnswer(db, scope, query.lang));
      const location = await getLocation(db, scope);
      return conditional(request, tagged({ menus: await listMenusIncludingLegacy(db, { location }) }));
    },
  ),
  // POST /api/v1/locations/:id/menus — create an unpublished menu at the end
  POST: endpoint(
    { may: "edit", scope: "menus", at: "location", params: idParams, body: createMenuBody, response: { 201: menuEnvelope } },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ menu: await createMenu(db, { location, fields: body.menu }) }, { status: 201 });
    },
  ),
});
