import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { menusEnvelope } from "@/lib/menus/schemas/menus";
import { getLocation } from "@/lib/locations/locations";
import { publishAllMenus } from "@/lib/menus/menus";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/locations/:id/menus/publish_all — publish every unpublished menu of the location
  POST: endpoint(
    { may: "publish", scope: "menus", at: "location", params: idParams, response: menusEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ menus: await publishAllMenus(db, { location }) });
    },
  ),
});
