import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { locationEnvelope } from "@/lib/schemas/locations";
import { readLocation } from "@/lib/locations/locations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id — one location
  GET: endpoint({ params: idParams, response: locationEnvelope }, async ({ db, caller, params }) =>
    json({ location: await readLocation(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
