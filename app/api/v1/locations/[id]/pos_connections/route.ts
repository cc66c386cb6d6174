import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { startPosConnect } from "@/lib/pos/connect-callback";
import { listConnections } from "@/lib/pos/connections";
import { createPosConnectionBody, posConnectionEnvelope, posConnectionsEnvelope } from "@/lib/pos/schemas";
import { idParams } from "@/lib/shared/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/pos_connections — the location's POS connections (one per provider)
  GET: endpoint(
    { may: "manage", scope: "none", at: "location", params: idParams, response: posConnectionsEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await listConnections(db, location));
    },
  ),
  // POST /api/v1/locations/:id/pos_connections — connect a POS: pending with Square's consent URL, or Toast's keys connected at once
  POST: endpoint(
    {
      may: "edit",
      scope: "none",
      at: "location",
      params: idParams,
      body: createPosConnectionBody,
      response: { 201: posConnectionEnvelope },
      problems: [409, 502],
    },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ pos_connection: await startPosConnect(db, { location, input: body }) }, { status: 201 });
    },
  ),
});
