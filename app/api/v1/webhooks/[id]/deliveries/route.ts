import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { deliveriesEnvelope, deliveriesQuery } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/webhooks/:id/deliveries?limit=N — the webhook's delivery attempts, newest first
  GET: endpoint(
    { may: "manage", scope: "webhooks", at: "webhook", params: idParams, query: deliveriesQuery, response: deliveriesEnvelope },
    async ({ db, caller, params, query }) =>
      json({ deliveries: await listDeliveries(db, { businessId: caller.user.businessId, id: params.id, limit: query.limit }) }),
  ),
});
