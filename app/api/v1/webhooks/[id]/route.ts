import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { updateWebhookBody, webhookEnvelope } from "@/lib/webhooks/schemas";
import { deleteWebhook, readWebhook, updateWebhook } from "@/lib/webhooks/webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/webhooks/:id — one webhook, with why it is disabled when it is
  GET: endpoint(
    { may: "manage", scope: "webhooks", at: "webhook", params: idParams, response: webhookEnvelope },
    async ({ db, caller, params }) => json({ webhook: await readWebhook(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
  // PATCH /api/v1/webhooks/:id — change url, events, description; `enabled: true` re-enables a disabled one
  PATCH: endpoint(
    { may: "edit", scope: "webhooks", at: "webhook", params: idParams, body: updateWebhookBody, response: webhookEnvelope },
    async ({ db, caller, params, body }) =>
      json({ webhook: await updateWebhook(db, { businessId: caller.user.businessId, id: params.id, patch: body.webhook }) }),
  ),
  // DELETE /api/v1/webhooks/:id — delete it and its delivery log, answer with the deleted webhook
  DELETE: endpoint(
    { may: "edit", scope: "webhooks", at: "webhook", params: idParams, response: webhookEnvelope },
    async ({ db, caller, params }) => json({ webhook: await deleteWebhook(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
