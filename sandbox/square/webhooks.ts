import { createHmac, randomUUID } from "node:crypto";

// Square's event notifications, as Square signs them: `x-square-hmacsha256-signature` is the base64
// HMAC-SHA256, under the subscription's signature key, of the notification URL followed by the raw body.

export type Notification = { url: string; headers: Headers; body: string };
export type SquareEvent = { merchant_id: string; type: string; event_id: string; created_at: string; data: Record<string, unknown> };
export type Subscription = {
  notificationUrl: string;
  signatureKey: string;
  /** How a notification reaches the app (a POST of `body` with `headers` to the URL); the app's door may deliver in-process. */
  deliver: (notification: Notification) => Promise<unknown>;
};

const slot = Symbol.for("taproom.square-sandbox.subscription");
const holder = globalThis as { [slot]?: Subscription | null };

/** Where the sandbox sends its events (the app names itself at start; tests may replace it). */
export function subscribe(subscription: Subscription | null) {
  holder[slot] = subscription;
}

export function signature(signatureKey: string, notificationUrl: string, body: string): string {
  return createHmac("sha256", signatureKey)
    .update(notificationUrl + body)
    .digest("base64");
}

export function event(merchantId: string, type: string, data: Record<string, unknown>, now: string): SquareEvent {
  return { merchant_id: merchantId, type, event_id: randomUUID(), created_at: now, data };
}

/** Sends each event, signed, one after the other; a failed delivery is dropped (Square retries; the reconciliation catches up). */
export async function send(events: SquareEvent[]): Promise<void> {
  const subscription = holder[slot];
  if (!subscription) return;
  for (const each of events) {
    const body = JSON.stringify(each);
    const headers = new Headers({
      "content-type": "application/json",
      "user-agent": "Square Connect v2",
      "square-version": "2026-09-16",
      "x-square-hmacsha256-signature": signature(subscription.signatureKey, subscription.notificationUrl, body),
    });
    try {
      await subscription.deliver({ url: subscription.notificationUrl, headers, body });
    } catch {
      // As at Square: the event is retried later there; here the reconciliation pass catches up.
    }
  }
}
