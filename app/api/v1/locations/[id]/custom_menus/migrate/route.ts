import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { menusEnvelope } from "@/lib/menus/schemas/menus";
import { getLocation } from "@/lib/locations/locations";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { migrateCustomMenus } from "@/lib/custom-menus/migrate";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "locations/:id/menus",
  resource({
    // POST /api/v1/locations/:id/custom_menus/migrate — turn the unmigrated custom menus into menus
    POST: endpoint(
      { may: "edit", scope: "menus", at: "location", params: idParams, response: menusEnvelope },
      async ({ db, caller, params }) => {
        const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
        return json({ menus: await migrateCustomMenus(db, { location }) });
      },
    ),
  }),
);
