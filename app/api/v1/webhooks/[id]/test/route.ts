import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { deliveryEnvelope } from "@/lib/webhooks/schemas";
import { sendTestEvent } from "@/lib/webhooks/webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/webhooks/:id/test — send a signed `webhook.test` event now (once, not retried); answers how it went
  POST: endpoint(
    { may: "edit", scope: "webhooks", at: "webhook", params: idParams, response: deliveryEnvelope },
    async ({ db, caller, params }) => json({ delivery: await sendTestEvent(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
