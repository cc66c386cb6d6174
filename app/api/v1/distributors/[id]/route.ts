import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { deleteDistributor, distributorJson, getDistributor, updateDistributor } from "@/lib/taps/reorder/distributors";
import { distributorEnvelope, updateDistributorBody } from "@/lib/taps/reorder/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/distributors/:id — one distributor
  GET: endpoint(
    { may: "manage", scope: "taps", at: "distributor", params: idParams, response: distributorEnvelope },
    async ({ db, caller, params }) =>
      json({ distributor: distributorJson(await getDistributor(db, { businessId: caller.user.businessId, id: params.id })) }),
  ),
  // PATCH /api/v1/distributors/:id — name, lead time, contact, notes
  PATCH: endpoint(
    {
      may: "edit",
      scope: "taps",
      at: "distributor",
      params: idParams,
      body: updateDistributorBody,
      response: distributorEnvelope,
      problems: [409],
    },
    async ({ db, caller, params, body }) =>
      json({ distributor: await updateDistributor(db, { businessId: caller.user.businessId, id: params.id, input: body }) }),
  ),
  // DELETE /api/v1/distributors/:id — remove it; its beers keep their par levels, with no distributor
  DELETE: endpoint(
    { may: "edit", scope: "taps", at: "distributor", params: idParams, response: distributorEnvelope },
    async ({ db, caller, params }) =>
      json({ distributor: await deleteDistributor(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
