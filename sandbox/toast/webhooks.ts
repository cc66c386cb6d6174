import { createHmac, randomUUID } from "node:crypto";
import { signedWebhooks } from "../signed-webhooks";

// Toast's webhook messages, as Toast sends them: the message data schema {timestamp, eventCategory,
// eventType, guid, details}, POSTed with Toast-Signature (the base64 HMAC-SHA256, under the
// subscription's secret, of the raw body followed by the message's timestamp: Toast's "Message
// signing"), Toast-Event-Type, Toast-Event-Category, Toast-Restaurant-External-ID and Toast-Attempt-Number.

export type ToastMessage = {
  timestamp: string;
  eventCategory: string;
  eventType: string;
  guid: string;
  details: Record<string, unknown>;
  restaurantGuid: string;
};

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

/** Where the sandbox sends its messages (`subscribe`), and each one sent signed (`send`). */
export const { subscribe, send } = signedWebhooks<ToastMessage>("toast", ({ restaurantGuid, ...each }, { secret }) => {
  const body = JSON.stringify(each);
  const headers = new Headers({
    "content-type": "application/json",
    "toast-signature": signature(secret, body, each.timestamp),
    "toast-event-type": each.eventType,
    "toast-event-category": each.eventCategory,
    "toast-restaurant-external-id": restaurantGuid,
    "toast-attempt-number": "1",
  });
  return { body, headers };
});
