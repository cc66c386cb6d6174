import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { hoursEnvelope, updateHoursBody } from "@/lib/schemas/hours";
import { getLocation } from "@/lib/locations/locations";
import { listHours, updateHours } from "@/lib/hours/hours";

// PUT and PATCH /api/v1/locations/:id/hours — one batch for the week, in one transaction
const update = endpoint({ params: idParams, body: updateHoursBody, response: hoursEnvelope }, async ({ db, caller, params, body }) => {
  const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
  return json({ hours: await updateHours(db, { locationId: location.id, patches: body.hours }) });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/hours — the 7 weekday rows, Monday first
  GET: endpoint({ params: idParams, response: hoursEnvelope }, async ({ db, caller, params }) => {
    const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
    return json({ hours: await listHours(db, { locationId: location.id }) });
  }),
  PUT: update,
  PATCH: update,
});
