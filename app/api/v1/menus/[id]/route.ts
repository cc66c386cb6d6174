import { viewSource } from "@/lib/analytics/menu-views";
import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { menuQuery, updateMenuBody } from "@/lib/schemas/menus";
import { deleteMenu, readMenu, updateMenu } from "@/lib/menus/menus";
import { menuJson } from "@/lib/menus/serialize";

// PUT and PATCH /api/v1/menus/:id — change name, description or footer
const update = endpoint({ params: idParams, body: updateMenuBody }, async ({ db, caller, params, body }) =>
  json({ menu: menuJson(await updateMenu(db, { businessId: caller.user.businessId, id: params.id, fields: body.menu })) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id — one menu; full=true the whole tree (and counts a view), include_legacy
  GET: endpoint({ params: idParams, query: menuQuery }, async ({ db, caller, params, query }) => {
    const menu = await readMenu(db, {
      businessId: caller.user.businessId,
      id: params.id,
      full: query.full,
      includeLegacy: query.include_legacy,
      sourceName: viewSource(caller, query.source_name),
    });
    return json({ menu });
  }),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/menus/:id — unpublish, then delete with everything in it
  DELETE: endpoint({ params: idParams }, async ({ db, caller, params }) =>
    json({ menu: menuJson(await deleteMenu(db, { businessId: caller.user.businessId, id: params.id })) }),
  ),
});
