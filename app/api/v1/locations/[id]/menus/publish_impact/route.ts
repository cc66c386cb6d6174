import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { publishImpactEnvelope, publishImpactQuery } from "@/lib/menus/schemas/publishing";
import { getLocation } from "@/lib/locations/locations";
import { publishImpact } from "@/lib/menus/publishing";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/menus/publish_impact — what publishing or unpublishing menus changes for guests: each menu's name, its items with no price, the paired TVs showing it (menu_ids, or every draft)
  GET: endpoint(
    { may: "read", scope: "menus", at: "location", params: idParams, query: publishImpactQuery, response: publishImpactEnvelope },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ menus: await publishImpact(db, { location, menuIds: query.menu_ids }) });
    },
  ),
});
