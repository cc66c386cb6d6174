import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { locationEnvelope, updateLocationBody } from "@/lib/locations/schemas";
import { conditional } from "@/lib/http/conditional";
import { locationAnswer } from "@/lib/locations/reads";
import { archiveLocation, updateLocation } from "@/lib/locations/writes";

// PUT and PATCH /api/v1/locations/:id — change only the fields passed (owners, and managers of the location)
const update = endpoint(
  { may: "edit", scope: "none", at: "location", params: idParams, body: updateLocationBody, response: locationEnvelope },
  async ({ db, caller, params, body }) =>
    json({ location: await updateLocation(db, { businessId: caller.user.businessId, id: params.id, patch: body.location }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id — one location
  GET: endpoint(
    { may: "read", scope: "any", at: "location", params: idParams, response: locationEnvelope, conditional: true },
    async ({ request, db, caller, params }) =>
      conditional(request, await locationAnswer(db, { businessId: caller.user.businessId, id: params.id })),
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/locations/:id — archive it (owners): out of every list and read, its data kept, restorable for 30 days; answers it with archived_at
  DELETE: endpoint(
    { may: "own", scope: "none", at: "location", params: idParams, response: locationEnvelope },
    async ({ db, caller, params }) => json({ location: await archiveLocation(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
