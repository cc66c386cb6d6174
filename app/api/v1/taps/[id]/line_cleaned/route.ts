import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { tapEnvelope } from "@/lib/taps/schemas";
import { cleanLine } from "@/lib/taps/sensors/lines";
import { lineCleanedBody } from "@/lib/taps/sensors/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/taps/:id/line_cleaned — the tap's line was cleaned {at?}; its cleaning reminder starts again
  POST: endpoint(
    { may: "pour", scope: "taps", at: "tap", params: idParams, body: lineCleanedBody, response: tapEnvelope },
    async ({ db, caller, params, body }) =>
      json({ tap: await cleanLine(db, { businessId: caller.user.businessId, id: params.id, at: body.at }) }),
  ),
});
