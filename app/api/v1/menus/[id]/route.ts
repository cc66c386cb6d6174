import { viewSource } from "@/lib/analytics/menu-views";
import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { menuEnvelope, menuQuery, updateMenuBody } from "@/lib/schemas/menus";
import { menuReadEnvelope } from "@/lib/schemas/include-legacy";
import { deleteMenu, readMenu, updateMenu } from "@/lib/menus/menus";
import { readMenuIncludingLegacy } from "@/lib/custom-menus/include-legacy";

// PUT and PATCH /api/v1/menus/:id — change name, description or footer
const update = endpoint({ params: idParams, body: updateMenuBody, response: menuEnvelope }, async ({ db, caller, params, body }) =>
  json({ menu: await updateMenu(db, { businessId: caller.user.businessId, id: params.id, fields: body.menu }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id — one menu; full=true the whole tree (and counts a view), include_legacy
  GET: endpoint({ params: idParams, query: menuQuery, response: menuReadEnvelope }, async ({ db, caller, params, query }) => {
    const scope = {
      businessId: caller.user.businessId,
      id: params.id,
      full: query.full,
      sourceName: viewSource(caller, query.source_name),
    };
    return json(query.include_legacy ? await readMenuIncludingLegacy(db, scope) : { menu: await readMenu(db, scope) });
  }),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/menus/:id — unpublish, then delete with everything in it
  DELETE: endpoint({ params: idParams, response: menuEnvelope }, async ({ db, caller, params }) =>
    json({ menu: await deleteMenu(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
