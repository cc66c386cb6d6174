import { countMenuView, viewSource } from "@/lib/insights/menu-views";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { menuEnvelope, menuQuery, updateMenuBody } from "@/lib/menus/schemas/menus";
import { menuReadEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { deleteMenu, updateMenu } from "@/lib/menus/menus";
import { readMenuIncludingLegacy } from "@/lib/custom-menus/include-legacy";
import { conditional, tagged } from "@/lib/http/conditional";
import { fullMenu } from "@/lib/menus/full-menu";
import { menuAnswer } from "@/lib/menus/reads";
import { translatedFullMenu, translatedMenuAnswer } from "@/lib/menus/translations/reads";

// PUT and PATCH /api/v1/menus/:id — change name, description, footer or translations
const update = endpoint(
  { may: "edit", scope: "menus", at: "menu", params: idParams, body: updateMenuBody, response: menuEnvelope },
  async ({ db, caller, params, body }) =>
    json({ menu: await updateMenu(db, { businessId: caller.user.businessId, id: params.id, fields: body.menu }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id — one menu; full=true the whole tree in force now or `at` (and counts a view, 304 too), include_legacy; lang: its texts in that language
  GET: endpoint(
    { may: "read", scope: "menus", at: "menu", params: idParams, query: menuQuery, response: menuReadEnvelope, conditional: true },
    async ({ request, db, caller, params, query }) => {
      const scope = { businessId: caller.user.businessId, id: params.id };
      const sourceName = viewSource(caller, query.source_name);
      // The deprecated family's lookups are not kept: answered from the database, tagged by their body.
      if (query.include_legacy)
        return conditional(request, tagged(await readMenuIncludingLegacy(db, { ...scope, full: query.full, sourceName })));
      const lang = query.lang;
      if (!query.full) return conditional(request, await (lang ? translatedMenuAnswer(db, scope, { lang }) : menuAnswer(db, scope)));
      const at = query.at === undefined ? undefined : Date.parse(query.at);
      const ask = { at, includeUnavailable: query.include_unavailable };
      const menu = lang ? await translatedFullMenu(db, scope, { ...ask, lang }) : await fullMenu(db, scope, ask);
      if (sourceName !== null) countMenuView(db, { locationId: menu.head.menu.locationId, source: sourceName });
      return conditional(request, menu);
    },
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/menus/:id — unpublish, then delete with everything in it
  DELETE: endpoint({ may: "edit", scope: "menus", at: "menu", params: idParams, response: menuEnvelope }, async ({ db, caller, params }) =>
    json({ menu: await deleteMenu(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
