import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

// The Standard Webhooks scheme: the secret is `whsec_` + base64 of random bytes; the signature is
// `v1,` + base64(HMAC-SHA256(secret bytes, "<webhook-id>.<webhook-timestamp>.<body>")).

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The three headers of a signed delivery; `at` becomes webhook-timestamp (whole seconds). */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}
