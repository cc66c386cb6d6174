import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { listMappings, replaceMappings } from "@/lib/pos/mappings";
import { mappingsEnvelope, putMappingsBody } from "@/lib/pos/schemas";
import { idParams } from "@/lib/shared/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/pos_connections/:id/mappings — the POS's variations: matched, suggested or unmatched
  GET: endpoint(
    { may: "manage", scope: "none", at: "pos_connection", params: idParams, response: mappingsEnvelope },
    async ({ db, caller, params }) => json(await listMappings(db, { businessId: caller.user.businessId, id: params.id })),
  ),
  // PUT /api/v1/pos_connections/:id/mappings — replace the confirmed matches in one batch (at most 2,000)
  PUT: endpoint(
    { may: "edit", scope: "none", at: "pos_connection", params: idParams, body: putMappingsBody, response: mappingsEnvelope },
    async ({ db, caller, params, body }) => json(await replaceMappings(db, { businessId: caller.user.businessId, id: params.id }, body)),
  ),
});
