import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { setPublished } from "@/lib/menus/menus";
import { menuJson } from "@/lib/menus/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/menus/:id/unpublish — unpublish the menu (no change if it already is)
  POST: endpoint({ params: idParams }, async ({ db, caller, params }) =>
    json({ menu: menuJson(await setPublished(db, { businessId: caller.user.businessId, id: params.id, published: false })) }),
  ),
});
