import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customMenusEnvelope } from "@/lib/custom-menus/schemas/custom-menus";
import { getLocation } from "@/lib/locations/locations";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { publishAllCustomMenus } from "@/lib/custom-menus/menus";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "locations/:id/menus/publish_all",
  resource({
    // POST /api/v1/locations/:id/custom_menus/publish_all — publish every unpublished custom menu
    POST: endpoint(
      { may: "publish", scope: "menus", at: "location", params: idParams, response: customMenusEnvelope },
      async ({ db, caller, params }) => {
        const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
        return json({ custom_menus: await publishAllCustomMenus(db, { location }) });
      },
    ),
  }),
);
