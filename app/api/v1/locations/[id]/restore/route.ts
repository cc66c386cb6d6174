import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { locationEnvelope } from "@/lib/locations/schemas";
import { restoreLocation } from "@/lib/locations/writes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/locations/:id/restore — bring an archived location back (owners), within 30 days of its archiving (409 after)
  // No `at:` here: the wrapper's check answers an archived location 404, and this one names only those.
  // Only owners may (they see every location), and restoreLocation finds it in the caller's business alone.
  POST: endpoint(
    { may: "own", scope: "none", params: idParams, response: locationEnvelope, problems: [409] },
    async ({ db, caller, params }) => json({ location: await restoreLocation(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
