import { createHmac, randomUUID } from "node:crypto";
import { signedWebhooks } from "../signed-webhooks";

// Square's event notifications, as Square signs them: `x-square-hmacsha256-signature` is the base64
// HMAC-SHA256, under the subscription's signature key, of the notification URL followed by the raw body.

export type SquareEvent = { merchant_id: string; type: string; event_id: string; created_at: string; data: Record<string, unknown> };

export function signature(signatureKey: string, notificationUrl: string, body: string): string {
  return createHmac("sha256", signatureKey)
    .update(notificationUrl + body)
    .digest("base64");
}

export function event(merchantId: string, type: string, data: Record<string, unknown>, now: string): SquareEvent {
  return { merchant_id: merchantId, type, event_id: randomUUID(), created_at: now, data };
}

/** Where the sandbox sends its events (`subscribe`), and each one sent signed (`send`). */
export const { subscribe, send } = signedWebhooks<SquareEvent>("square", (each, { secret, notificationUrl }) => {
  const body = JSON.stringify(each);
  const headers = new Headers({
    "content-type": "application/json",
    "user-agent": "Square Connect v2",
    "square-version": "2026-09-16",
    "x-square-hmacsha256-signature": signature(secret, notificationUrl, body),
  });
  return { body, headers };
});
