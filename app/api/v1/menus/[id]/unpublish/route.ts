import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { menuEnvelope } from "@/lib/schemas/menus";
import { setPublished } from "@/lib/menus/menus";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/menus/:id/unpublish — unpublish the menu (no change if it already is)
  POST: endpoint({ params: idParams, response: menuEnvelope }, async ({ db, caller, params }) =>
    json({ menu: await setPublished(db, { businessId: caller.user.businessId, id: params.id, published: false }) }),
  ),
});
