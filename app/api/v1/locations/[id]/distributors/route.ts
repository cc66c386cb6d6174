import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { createDistributor, distributorJson, listDistributors } from "@/lib/taps/reorder/distributors";
import { createDistributorBody, distributorEnvelope, distributorsEnvelope } from "@/lib/taps/reorder/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/distributors — the location's distributors by name, with their lead times
  GET: endpoint(
    { may: "manage", scope: "taps", at: "location", params: idParams, response: distributorsEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ distributors: (await listDistributors(db, location.id)).map(distributorJson) });
    },
  ),
  // POST /api/v1/locations/:id/distributors — add a distributor (name unique at the location, lead time in days)
  POST: endpoint(
    {
      may: "edit",
      scope: "taps",
      at: "location",
      params: idParams,
      body: createDistributorBody,
      response: { 201: distributorEnvelope },
      problems: [409],
    },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ distributor: await createDistributor(db, { location, input: body }) }, { status: 201 });
    },
  ),
});
