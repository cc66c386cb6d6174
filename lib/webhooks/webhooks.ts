import { randomUUID } from "node:crypto";
import { and, count, desc, eq, max, sql } from "drizzle-orm";
import { decryptSecret, encryptSecret } from "@/lib/auth/tokens";
import { recordActivity } from "@/lib/activity/activity";
import type { Db } from "@/lib/db/client";
import { locations, menuChanges, webhookDeliveries, webhooks } from "@/lib/db/schema";
import { env } from "@/lib/server/env";
import { ApiError, invalid } from "@/lib/server/errors";
import type { Location } from "@/lib/locations/locations";
import { found, required, type Scope } from "@/lib/server/scope";
import {
  type DeliveryResponse,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_TYPE,
  type WebhookInput,
  type WebhookPatch,
  type WebhookResponse,
} from "@/lib/webhooks/schemas";
import { newWebhookSecret, signedHeaders } from "./signing";
import { targetProblem } from "@/lib/server/outbound/target";
import { httpTransport, type Transport } from "./transport";

// The webhooks of a location (live-menus §4): records, the delivery log, and the test event. The
// deliveries of changes are the worker's (lib/webhooks/worker.ts).

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function webhookJson(row: WebhookRow): WebhookResponse {
  return {
    id: row.id,
    location_id: row.locationId,
    url: row.url,
    events: WEBHOOK_EVENT_TYPES.filter((type) => row.events.includes(type)),
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: iso(row.disabledAt),
    failing_since: iso(row.failingSince),
    next_attempt_at: iso(row.nextAttemptAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function deliveryJson(row: DeliveryRow): DeliveryResponse {
  return {
    id: row.id,
    change_id: row.changeId,
    type: row.type,
    attempt: row.attempt,
    status: row.status,
    response_status: row.responseStatus,
    error: row.error,
    at: row.at.toISOString(),
  };
}

function checkUrl(url: string) {
  const problem = targetProblem(url, env().WEBHOOK_ALLOW_PRIVATE);
  if (problem) throw invalid([{ path: "webhook.url", message: problem }]);
}

export async function listWebhooks(db: Db, { location }: { location: Location }) {
  const rows = await db.select().from(webhooks).where(eq(webhooks.locationId, location.id)).orderBy(webhooks.id);
  return rows.map(webhookJson);
}

/** A webhook's address for the activity log: without its query, where a receiver's token may sit. */
function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return url;
  }
}

/** The activity entry of a webhook's write (lib/activity), in the write's transaction. */
function recordWebhook(db: Db, businessId: number, row: WebhookRow, verb: "created" | "updated" | "deleted", summary: string) {
  return recordActivity(db, {
    businessId,
    locationId: row.locationId,
    kind: `webhook.${verb}`,
    summary,
    target: { type: "webhook", id: row.id },
  });
}

/** What an update changed, in words ("Webhook to https://a.example paused"); "" when nothing did. */
function changeSummary(before: WebhookRow, after: WebhookRow): string {
  const parts: string[] = [];
  if (before.url !== after.url) parts.push(`now sends to ${addressOf(after.url)}`);
  if (JSON.stringify(before.events) !== JSON.stringify(after.events)) parts.push("events changed");
  if (before.description !== after.description) parts.push("description changed");
  if (before.enabled !== after.enabled) parts.push(after.enabled ? "enabled" : "paused");
  return parts.length > 0 ? `Webhook to ${addressOf(before.url)} ${parts.join(", ")}` : "";
}

/** Creates a webhook that hears the changes committed from now on; the answer alone shows its secret. */
export async function createWebhook(db: Db, { location, input }: { location: Location; input: WebhookInput }) {
  checkUrl(input.url);
  const secret = newWebhookSecret();
  // From the location's latest change on: a change committing meanwhile has a higher id (ids follow
  // commit order per location), so it is delivered.
  const [latest] = await db
    .select({ id: max(menuChanges.id) })
    .from(menuChanges)
    .where(eq(menuChanges.locationId, location.id));
  return db.transaction(async (tx) => {
    // The location's row locked: two creates at the limit cannot both pass the count.
    await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, location.id)).for("update");
    const limit = env().WEBHOOK_LIMIT_PER_LOCATION;
    const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.locationId, location.id));
    if ((held?.n ?? 0) >= limit) {
      throw new ApiError(
        "limit_reached",
        `This location has ${held!.n} webhooks, the most it may have (${limit}): delete one, or point one at a receiver that fans out.`,
      );
    }
    const [row] = await tx
      .insert(webhooks)
      .values({
        locationId: location.id,
        url: input.url,
        events: input.events ?? [...WEBHOOK_EVENT_TYPES],
        description: input.description ?? null,
        secretEncrypted: encryptSecret(secret),
        cursor: latest?.id ?? 0,
      })
      .returning();
    await recordWebhook(tx, location.businessId, row!, "created", `Webhook to ${addressOf(row!.url)} created`);
    return { ...webhookJson(row!), secret };
  });
}

async function findWebhook(db: Db, { businessId, id }: Scope): Promise<WebhookRow | null> {
  const [row] = await db
    .select({ webhook: webhooks })
    .from(webhooks)
    .innerJoin(locations, eq(locations.id, webhooks.locationId))
    .where(and(eq(webhooks.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row?.webhook ?? null;
}

export const getWebhook = required(findWebhook, "webhook");

export async function readWebhook(db: Db, scope: Scope) {
  return webhookJson(await getWebhook(db, scope));
}

/**
 * Changes what the body names. `enabled: true` re-enables a disabled webhook: it resumes at the change
 * it stopped at, tried at once, with a fresh 24 hours; `enabled: false` pauses it.
 */
export async function updateWebhook(db: Db, { businessId, id, patch }: Scope & { patch: WebhookPatch }) {
  const current = await getWebhook(db, { businessId, id });
  if (patch.url !== undefined) checkUrl(patch.url);
  const now = new Date();
  const enabling = patch.enabled === true && !current.enabled;
  const pausing = patch.enabled === false && current.enabled;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set({
        url: patch.url,
        events: patch.events,
        description: patch.description,
        ...(enabling
          ? { enabled: true, disabledReason: null, disabledAt: null, attempts: 0, failingSince: null, nextAttemptAt: null }
          : {}),
        ...(pausing ? { enabled: false, disabledReason: "Paused by a person", disabledAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(webhooks.id, current.id))
      .returning();
    const updated = found(row, "webhook");
    const summary = changeSummary(current, updated);
    if (summary) await recordWebhook(tx, businessId, updated, "updated", summary);
    return webhookJson(updated);
  });
}

export async function deleteWebhook(db: Db, scope: Scope) {
  const current = await getWebhook(db, scope);
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(webhooks).where(eq(webhooks.id, current.id)).returning();
    const deleted = found(row, "webhook");
    await recordWebhook(tx, scope.businessId, deleted, "deleted", `Webhook to ${addressOf(deleted.url)} deleted`);
    return webhookJson(deleted);
  });
}

export async function listDeliveries(db: Db, { businessId, id, limit }: Scope & { limit: number }) {
  const current = await getWebhook(db, { businessId, id });
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, current.id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map(deliveryJson);
}

/** The signing secret of a stored webhook. */
export const webhookSecret = (row: Pick<WebhookRow, "secretEncrypted">) => decryptSecret(row.secretEncrypted);

/** The body of every delivery: `{type, timestamp, data}` (Standard Webhooks). */
export const eventBody = (type: string, at: Date, data: unknown) => JSON.stringify({ type, timestamp: at.toISOString(), data });

/**
 * POST /webhooks/:id/test: sends one `webhook.test` event now, whether the webhook is enabled or not,
 * never retried, and answers how it went (also in the delivery log).
 */
export async function sendTestEvent(
  db: Db,
  { businessId, id, transport, now = new Date() }: Scope & { transport?: Transport; now?: Date },
) {
  const current = await getWebhook(db, { businessId, id });
  const messageId = `test_${randomUUID()}`;
  const body = eventBody(WEBHOOK_TEST_TYPE, now, {
    webhook_id: current.id,
    location_id: current.locationId,
    message: "A test event from Taproom: this webhook is set up.",
  });
  const send = transport ?? httpTransport({ allowPrivate: env().WEBHOOK_ALLOW_PRIVATE });
  const outcome = await send({ url: current.url, headers: signedHeaders(webhookSecret(current), messageId, now, body), body });
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: current.id,
      changeId: null,
      type: WEBHOOK_TEST_TYPE,
      attempt: 1,
      status: outcome.ok ? "succeeded" : "failed",
      responseStatus: outcome.status,
      error: outcome.error,
      at: now,
    })
    .returning();
  return deliveryJson(found(row, "webhook"));
}

const DELIVERIES_KEPT_DAYS = 14;
const DELIVERIES_KEPT_PER_WEBHOOK = 500;

/** Deletes delivery records older than two weeks, and all but each webhook's newest 500. */
export async function pruneDeliveries(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 86_400_000);
  const result = await db.execute(sql`
    with gone as (
      delete from webhook_deliveries d
      where d.at < ${cutoff.toISOString()}
         or d.id < (select k.id from webhook_deliveries k where k.webhook_id = d.webhook_id
                    order by k.id desc offset ${DELIVERIES_KEPT_PER_WEBHOOK - 1} limit 1)
      returning 1
    )
    select count(*)::int as removed from gone`);
  return (result as unknown as { rows: { removed: number }[] }).rows[0]?.removed ?? 0;
}
