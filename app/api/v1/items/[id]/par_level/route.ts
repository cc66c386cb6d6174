import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { deleteParLevel, putParLevel, readParLevel } from "@/lib/taps/reorder/par-levels";
import { parLevelBody, parLevelEnvelope } from "@/lib/taps/reorder/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/items/:id/par_level — the beer's par level, full kegs in the cellar and distributor
  GET: endpoint(
    { may: "manage", scope: "taps", at: "item", params: idParams, response: parLevelEnvelope },
    async ({ db, caller, params }) => json({ par_level: await readParLevel(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
  // PUT /api/v1/items/:id/par_level — set them (par_kegs; full_kegs and distributor_id default to 0 and none)
  PUT: endpoint(
    { may: "edit", scope: "taps", at: "item", params: idParams, body: parLevelBody, response: parLevelEnvelope },
    async ({ db, caller, params, body }) =>
      json({ par_level: await putParLevel(db, { businessId: caller.user.businessId, id: params.id, input: body }) }),
  ),
  // DELETE /api/v1/items/:id/par_level — no par level for the beer any more
  DELETE: endpoint(
    { may: "edit", scope: "taps", at: "item", params: idParams, response: parLevelEnvelope },
    async ({ db, caller, params }) => json({ par_level: await deleteParLevel(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
