import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { menuAnnouncementsEnvelope, menuAnnouncementsQuery } from "@/lib/live/schemas";
import { getLocation } from "@/lib/locations/locations";
import { listMenuAnnouncements } from "@/lib/live/announcements";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/menu_announcements?before=&limit= — what changed on the location's published menus, newest first
  GET: endpoint(
    { may: "read", scope: "menus", at: "location", params: idParams, query: menuAnnouncementsQuery, response: menuAnnouncementsEnvelope },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ menu_announcements: await listMenuAnnouncements(db, { locationId: location.id, ...query }) });
    },
  ),
});
