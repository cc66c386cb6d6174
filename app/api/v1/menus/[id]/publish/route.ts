import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { menuEnvelope } from "@/lib/menus/schemas/menus";
import { setPublished } from "@/lib/menus/menus";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/menus/:id/publish — publish the menu (no change if it already is)
  POST: endpoint({ may: "publish", scope: "menus", at: "menu", params: idParams, response: menuEnvelope }, async ({ db, caller, params }) =>
    json({ menu: await setPublished(db, { businessId: caller.user.businessId, id: params.id, published: true }) }),
  ),
});
