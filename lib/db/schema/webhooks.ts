import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { id, stamp, timestamps } from "./columns";
import { locations } from "./venues";

// Signed webhooks (live-menus §4). The outbox is menu_changes; each webhook keeps its own place in it
// (`cursor`: every change up to it is delivered or not subscribed) and the state of the change after
// it (attempts, when to try again, since when it fails). A worker claims a webhook with
// FOR UPDATE SKIP LOCKED and holds it by a lease (`leased_until`, `lease_token`) while it delivers,
// so instances share the work, a webhook is never delivered to by two of them at once, and a worker
// that dies lets go when its lease ends.

export const webhooks = pgTable(
  "webhooks",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    url: text().notNull(),
    /** The change types delivered (live-menus §3's types). */
    events: jsonb().$type<string[]>().notNull(),
    description: text(),
    /** The signing secret (`whsec_…`), sealed with AES-GCM under APP_SECRET (lib/auth/tokens.ts). */
    secretEncrypted: text("secret_encrypted").notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text("disabled_reason"),
    disabledAt: stamp("disabled_at"),
    cursor: bigint({ mode: "number" }).notNull().default(0),
    /** Failed attempts at the change after `cursor`. */
    attempts: smallint().notNull().default(0),
    nextAttemptAt: stamp("next_attempt_at"),
    failingSince: stamp("failing_since"),
    leasedUntil: stamp("leased_until"),
    leaseToken: text("lease_token"),
    ...timestamps,
  },
  (t) => [
    index("webhooks_location_idx").on(t.locationId),
    index("webhooks_due_idx").on(t.nextAttemptAt).where(sql`${t.enabled}`),
    check("webhooks_disabled_reason", sql`${t.enabled} or ${t.disabledReason} is not null`),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    /** Null for a `webhook.test` event. */
    changeId: bigint("change_id", { mode: "number" }),
    type: text().notNull(),
    attempt: integer().notNull(),
    status: text().notNull().$type<"succeeded" | "failed">(),
    responseStatus: integer("response_status"),
    error: text(),
    at: stamp("at").notNull().defaultNow(),
  },
  (t) => [index("webhook_deliveries_webhook_idx").on(t.webhookId, t.id), index("webhook_deliveries_at_idx").on(t.at)],
);
