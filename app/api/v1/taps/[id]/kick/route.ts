import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { kickTap } from "@/lib/taps/kick";
import { tapEnvelope } from "@/lib/taps/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/taps/:id/kick — the keg is done: its item 86'd and the first on-deck item onto the tap, in one version
  POST: endpoint({ may: "pour", scope: "taps", at: "tap", params: idParams, response: tapEnvelope }, async ({ db, caller, params }) =>
    json({ tap: await kickTap(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
