import { createHmac, randomUUID } from "node:crypto";

// Toast's webhook messages, as Toast sends them: the message data schema {timestamp, eventCategory,
// eventType, guid, details}, POSTed with Toast-Signature (the base64 HMAC-SHA256, under the
// subscription's secret, of the raw body followed by the message's timestamp: Toast's "Message
// signing"), Toast-Event-Type, Toast-Event-Category, Toast-Restaurant-External-ID and Toast-Attempt-Number.

export type Notification = { url: string; headers: Headers; body: string };
export type ToastMessage = {
  timestamp: string;
  eventCategory: string;
  eventType: string;
  guid: string;
  details: Record<string, unknown>;
  restaurantGuid: string;
};
export type Subscription = {
  notificationUrl: string;
  secret: string;
  /** How a message reaches the app (a POST of `body` with `headers`); the app's door may deliver in-process. */
  deliver: (notification: Notification) => Promise<unknown>;
};

const slot = Symbol.for("taproom.toast-sandbox.subscription");
const holder = globalThis as { [slot]?: Subscription | null };

/** Where the sandbox sends its messages (the app names itself at start; tests may replace it). */
export function subscribe(subscription: Subscription | null) {
  holder[slot] = subscription;
}

/** Toast's signature: base64 HMAC-SHA256 of the body followed by the timestamp. */
export function signature(secret: string, body: string, timestamp: string): string {
  return createHmac("sha256", secret)
    .update(body + timestamp)
    .digest("base64");
}

export function message(
  restaurantGuid: string,
  eventCategory: string,
  eventType: string,
  details: Record<string, unknown>,
  now: string,
): ToastMessage {
  return { timestamp: now, eventCategory, eventType, guid: randomUUID(), details, restaurantGuid };
}

/** Sends each message, signed, one after the other; a failed delivery is dropped (Toast retries; the reconciliation catches up). */
export async function send(messages: ToastMessage[]): Promise<void> {
  const subscription = holder[slot];
  if (!subscription) return;
  for (const { restaurantGuid, ...each } of messages) {
    const body = JSON.stringify(each);
    const headers = new Headers({
      "content-type": "application/json",
      "toast-signature": signature(subscription.secret, body, each.timestamp),
      "toast-event-type": each.eventType,
      "toast-event-category": each.eventCategory,
      "toast-restaurant-external-id": restaurantGuid,
      "toast-attempt-number": "1",
    });
    try {
      await subscription.deliver({ url: subscription.notificationUrl, headers, body });
    } catch {
      // As at Toast: the message is retried later there; here the reconciliation pass catches up.
    }
  }
}
