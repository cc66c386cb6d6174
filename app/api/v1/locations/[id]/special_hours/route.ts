import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { putSpecialHoursBody, specialHoursEnvelope } from "@/lib/hours/schemas";
import { getLocation } from "@/lib/locations/locations";
import { listSpecialHours, replaceSpecialHours } from "@/lib/hours/special";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/special_hours — dates whose hours replace their weekday's (holidays, events), oldest first
  GET: endpoint(
    { may: "read", scope: "hours", at: "location", params: idParams, response: specialHoursEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ special_hours: await listSpecialHours(db, location) });
    },
  ),
  // PUT /api/v1/locations/:id/special_hours — the whole list at once; dates more than 30 days past are dropped
  PUT: endpoint(
    { may: "edit", scope: "hours", at: "location", params: idParams, body: putSpecialHoursBody, response: specialHoursEnvelope },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ special_hours: await replaceSpecialHours(db, location, body.special_hours) });
    },
  ),
});
