import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { issueIngestToken } from "@/lib/taps/ingest";
import { ingestTokenEnvelope } from "@/lib/taps/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/locations/:id/ingest_token — a new flow-meter token for POST /locations/:id/pours, shown this once
  POST: endpoint(
    { may: "edit", scope: "none", at: "location", params: idParams, response: { 201: ingestTokenEnvelope } },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ ingest_token: await issueIngestToken(db, { location }) }, { status: 201 });
    },
  ),
});
