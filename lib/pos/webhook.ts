import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { posConnections, posEvents } from "@/lib/db/schema";
import { errorFields, log } from "@/lib/server/log";
import { correctDrift } from "./catalogue";
import { credentialsOf, getConnection, noteOutcome, type PosConnection } from "./connections";
import { PosCallFailed, type PosEvent } from "./provider";
import { allProviders, knownProvider, providerNamed } from "./providers";
import type { SyncReport } from "./schemas";
import { applyOrder } from "./sales";
import { applyPosState, emptyReport } from "./sync";
import type { Scope } from "@/lib/server/scope";

// Webhooks from the POS (pos.md §4): verified by the provider's signature over the raw body and the
// notification URL (bad or missing → 401, nothing read, nothing changed); an event seen before (its
// event id) → 200, applied once. The event only says what changed: the state is read back from the
// provider's API and applied in one transaction (lib/pos/sync.ts), with the event's id recorded in it.

/** The connections an event is for: connected, of the event's POS account, at the event's POS locations. */
async function connectionsFor(db: Db, provider: string, event: PosEvent): Promise<PosConnection[]> {
  const rows = await db
    .select()
    .from(posConnections)
    .where(
      and(
        eq(posConnections.provider, provider as PosConnection["provider"]),
        eq(posConnections.merchantId, event.merchantId),
        eq(posConnections.status, "connected"),
      ),
    );
  if (event.kind === "inventory") return rows.filter((row) => row.externalLocationId && event.locationIds.includes(row.externalLocationId));
  if (event.kind === "order" && event.locationId) return rows.filter((row) => row.externalLocationId === event.locationId);
  return rows;
}

/**
 * The whole catalogue read and applied: the first sync, a catalog.version.updated, the reconciliation.
 * `writeBack` (the reconciliation, scheduled or asked for): in `taproom_to_pos` the POS's drift from
 * Taproom is corrected too. A webhook's pass writes nothing back: what the till says is applied, and
 * Taproom's own writes coming back change nothing (no echo).
 */
export async function syncWhole(
  db: Db,
  connection: PosConnection,
  { dryRun = false, now = new Date(), writeBack = false } = {},
): Promise<SyncReport> {
  const provider = providerNamed(connection.provider);
  const credentials = await credentialsOf(db, connection, now);
  const variations = await provider.readCatalogue(credentials);
  const report = await applyPosState(db, { connection, variations, whole: true, dryRun, now });
  if (!writeBack || connection.direction !== "taproom_to_pos" || !provider.writesCatalogue) return report;
  const corrected = await correctDrift(db, { connection, provider, credentials, seen: variations, dryRun, now });
  return { ...report, created: report.created + corrected.created, updated: report.updated + corrected.updated };
}

/** POST /pos_connections/:id/sync: the reconciliation on demand (a dry run reports and changes nothing). */
export async function syncConnection(db: Db, scope: Scope, { dryRun, now = new Date() }: { dryRun: boolean; now?: Date }) {
  const { connection } = await getConnection(db, scope);
  try {
    const report = await syncWhole(db, connection, { dryRun, now, writeBack: true });
    return report;
  } catch (error) {
    if (error instanceof PosCallFailed) {
      if (!dryRun) await noteOutcome(db, connection.id, error.message, now);
      return emptyReport(dryRun, [{ pos_variation_id: "", message: error.message }]);
    }
    throw error;
  }
}

async function applyEvent(db: Db, connection: PosConnection, event: PosEvent, now: Date) {
  const provider = providerNamed(connection.provider);
  if (event.kind === "catalog") return syncWhole(db, connection, { now });
  if (event.kind === "inventory") {
    // What it is now: the named variations alone (not the whole catalogue: a busy bar's webhooks would
    // each read thousands) say which sizes are sold out at this location.
    const credentials = await credentialsOf(db, connection, now);
    const variations = await provider.readVariations(credentials, event.variationIds);
    return applyPosState(db, { connection, variations, whole: false, now });
  }
  if (event.kind === "order" && event.orderId) {
    // What the order is now (paid, refunded, voided) decides what its lines count on the taps.
    const credentials = await credentialsOf(db, connection, now);
    return applyOrder(db, connection, await provider.readOrder(credentials, event.orderId), now);
  }
  return null;
}

/**
 * Answers one webhook (its raw body, read within MAX_BODY_BYTES by the route): 401 on a bad signature,
 * else 200 once the event is applied (or was before).
 */
export async function receiveWebhook(
  db: Db,
  { rawBody, headers }: { rawBody: string; headers: Headers },
  providerName: string,
  now = new Date(),
): Promise<Response> {
  const provider = knownProvider(providerName);
  if (!provider) return Response.json({ error: "unknown provider" }, { status: 404 });
  const event = await provider.verifyWebhook({ rawBody, headers, notificationUrl: provider.notificationUrl() });
  if (!event) return Response.json({ error: "invalid signature" }, { status: 401 });
  if (!event.eventId || event.kind === "other") return Response.json({ received: true });
  const [seen] = await db
    .select({ id: posEvents.eventId })
    .from(posEvents)
    .where(and(eq(posEvents.provider, provider.name), eq(posEvents.eventId, event.eventId)));
  if (seen) return Response.json({ received: true, repeated: true });
  for (const connection of await connectionsFor(db, provider.name, event)) {
    try {
      await applyEvent(db, connection, event, now);
      await noteOutcome(db, connection.id, null, now);
    } catch (error) {
      log().warn({ ...errorFields(error), connection: connection.id }, "A POS event could not be applied");
      await noteOutcome(db, connection.id, error instanceof Error ? error.message : String(error), now);
      // Not recorded as seen: the provider sends it again, and the reconciliation catches up.
      return Response.json({ error: "not applied; send again" }, { status: 503 });
    }
  }
  // Recorded once: a repeat racing this one is answered 200 by the conflict and its changes were idempotent.
  await db
    .insert(posEvents)
    .values({ provider: provider.name, eventId: event.eventId, type: event.kind, receivedAt: now })
    .onConflictDoNothing();
  return Response.json({ received: true });
}

/**
 * Start-up: each built-in sandbox (its provider's base URL unset) sends its signed events to this app's
 * webhook URL, delivered in-process to the same receiver the route uses.
 */
export function subscribeToSandbox(open: () => Promise<Db>) {
  for (const provider of allProviders()) {
    provider.subscribeSandbox(async ({ body, headers }) => receiveWebhook(await open(), { rawBody: body, headers }, provider.name));
  }
}
