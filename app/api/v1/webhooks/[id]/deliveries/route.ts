import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { deliveriesEnvelope, deliveriesQuery } from "@/lib/schemas/webhooks";
import { listDeliveries } from "@/lib/webhooks/webhooks";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/webhooks/:id/deliveries?limit=N — the webhook's delivery attempts, newest first
  GET: endpoint({ params: idParams, query: deliveriesQuery, response: deliveriesEnvelope }, async ({ db, caller, params, query }) =>
    json({ deliveries: await listDeliveries(db, { businessId: caller.user.businessId, id: params.id, limit: query.limit }) }),
  ),
});
