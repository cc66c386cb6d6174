import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { hoursEnvelope, updateHoursBody } from "@/lib/hours/schemas";
import { getLocation } from "@/lib/locations/locations";
import { updateHours } from "@/lib/hours/hours";
import { conditional } from "@/lib/http/conditional";
import { hoursAnswer } from "@/lib/locations/reads";

// PUT and PATCH /api/v1/locations/:id/hours — one batch for the week, in one transaction
const update = endpoint(
  { may: "edit", scope: "hours", at: "location", params: idParams, body: updateHoursBody, response: hoursEnvelope },
  async ({ db, caller, params, body }) => {
    const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
    return json({ hours: await updateHours(db, { locationId: location.id, businessId: location.businessId, patches: body.hours }) });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/hours — the 7 weekday rows, Monday first
  GET: endpoint(
    { may: "read", scope: "hours", at: "location", params: idParams, response: hoursEnvelope, conditional: true },
    async ({ request, db, caller, params }) =>
      conditional(request, await hoursAnswer(db, { businessId: caller.user.businessId, id: params.id })),
  ),
  PUT: update,
  PATCH: update,
});
