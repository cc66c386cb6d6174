import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { createdWebhookEnvelope, createWebhookBody, webhooksEnvelope } from "@/lib/webhooks/schemas";
import { getLocation } from "@/lib/locations/locations";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/webhooks — the location's webhooks (never their secrets)
  GET: endpoint(
    { may: "manage", scope: "webhooks", at: "location", params: idParams, response: webhooksEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ webhooks: await listWebhooks(db, { location }) });
    },
  ),
  // POST /api/v1/locations/:id/webhooks — add a webhook (up to WEBHOOK_LIMIT_PER_LOCATION); the answer alone carries its signing secret
  POST: endpoint(
    {
      may: "edit",
      scope: "webhooks",
      at: "location",
      params: idParams,
      body: createWebhookBody,
      response: { 201: createdWebhookEnvelope },
      problems: [409],
    },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ webhook: await createWebhook(db, { location, input: body.webhook }) }, { status: 201 });
    },
  ),
});
