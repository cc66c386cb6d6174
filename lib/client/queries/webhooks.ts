import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { DeliveryResponse, WebhookResponse } from "@/lib/webhooks/schemas";

export type Webhook = WebhookResponse;
export type Delivery = DeliveryResponse;

export const webhookQueries = {
  all: () => ["webhooks"] as const,
  list: (locationId: number) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), "location", locationId],
      queryFn: ({ signal }) =>
        apiFetch<{ webhooks: Webhook[] }>(`/api/v1/locations/${locationId}/webhooks`, { signal }).then((r) => r.webhooks),
    }),
  deliveries: (webhookId: number) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), "deliveries", webhookId],
      queryFn: ({ signal }) =>
        apiFetch<{ deliveries: Delivery[] }>(`/api/v1/webhooks/${webhookId}/deliveries?limit=20`, { signal }).then((r) => r.deliveries),
    }),
};
