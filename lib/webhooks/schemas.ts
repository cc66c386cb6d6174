import { z } from "zod";
import { CHANGE_TYPES } from "../shared/change-types";
import { envelope, optionalText, recordId, timestamp } from "../shared/schemas";

// Signed webhooks (live-menus §4): isomorphic, the dashboard's form validates with the same schemas.

export const WEBHOOK_EVENT_TYPES = CHANGE_TYPES;
/** The type of the event POST /webhooks/:id/test sends. */
export const WEBHOOK_TEST_TYPE = "webhook.test";

const webhookUrl = z
  .string({ error: "is required" })
  .trim()
  .min(1, "can't be blank")
  .max(2048, "must be at most 2048 characters")
  .refine((value) => URL.canParse(value), "must be a URL such as https://example.com/hooks/taproom");

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }), {
    error: "must be a list of event types",
  })
  .min(1, "must name at least one event type (leave it out for all)")
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)));

export const webhookInput = z.object({
  url: webhookUrl,
  events: webhookEvents.optional(),
  description: optionalText(500),
});

export const webhookPatch = z.object({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  description: optionalText(500),
  /** `true` re-enables a disabled webhook (it resumes at the change it stopped at); `false` pauses it. */
  enabled: z.boolean({ error: "must be true or false" }).optional(),
});

export const createWebhookBody = z.object({ webhook: webhookInput }, { error: "must be a JSON object with a webhook" });
export const updateWebhookBody = z.object({ webhook: webhookPatch }, { error: "must be a JSON object with a webhook" });
export type WebhookInput = z.infer<typeof webhookInput>;
export type WebhookPatch = z.infer<typeof webhookPatch>;

export const deliveriesQuery = z.object({
  limit: z.coerce
    .number({ error: "must be a whole number from 1 to 500" })
    .int("must be a whole number from 1 to 500")
    .min(1, "must be a whole number from 1 to 500")
    .max(500, "must be a whole number from 1 to 500")
    .default(50),
});

// ---- answers (lib/webhooks/webhooks.ts) ----

export const webhookResponse = z.strictObject({
  id: recordId,
  location_id: recordId,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** Why it was disabled: after 24 h of failed deliveries, or paused by a person. */
  disabled_reason: z.string().nullable(),
  disabled_at: timestamp.nullable(),
  /** Since when the change at the head of its queue fails, and when it is tried again. */
  failing_since: timestamp.nullable(),
  next_attempt_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WebhookResponse = z.infer<typeof webhookResponse>;

/** The create answer: the only one that shows the signing secret. */
export const createdWebhookResponse = webhookResponse.extend({ secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/) });

export const webhookEnvelope = envelope("webhook", webhookResponse);
export const createdWebhookEnvelope = envelope("webhook", createdWebhookResponse);
export const webhooksEnvelope = envelope("webhooks", z.array(webhookResponse));

export const deliveryResponse = z.strictObject({
  id: recordId,
  /** The change delivered (the `webhook-id` header); null for a `webhook.test` event. */
  change_id: recordId.nullable(),
  type: z.string(),
  /** 1 for the first try of this event, 2 for its first retry… */
  attempt: z.number().int().min(1),
  status: z.enum(["succeeded", "failed"]),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  at: timestamp,
});
export type DeliveryResponse = z.infer<typeof deliveryResponse>;

export const deliveriesEnvelope = envelope("deliveries", z.array(deliveryResponse));
export const deliveryEnvelope = envelope("delivery", deliveryResponse);
