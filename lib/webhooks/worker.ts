import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database, Db } from "@/lib/db/client";
import { retryWhileUnavailable } from "@/lib/db/errors";
import { locations, menuChanges, webhookDeliveries, webhooks } from "@/lib/db/schema";
import { env } from "@/lib/server/env";
import { describeChanges } from "@/lib/live/feed";
import { type LiveEvent, wakesOnChange } from "@/lib/live/bus";
import type { Job } from "@/lib/server/jobs";
import { Lanes } from "@/lib/server/lanes";
import { errorFields, log } from "@/lib/server/log";
import { signedHeaders } from "./signing";
import { httpTransport, type Transport } from "./transport";
import { eventBody, webhookSecret } from "./webhooks";

// Delivers the menu changes (the outbox, menu_changes) to each webhook, at least once and in cursor
// order: a webhook gets change N+1 only after N succeeded (or was not subscribed). State lives in the
// webhook's row (cursor, attempts, next attempt, failing since), so deliveries survive a restart.
//
// Any number of workers (one per app instance) share the work: a worker claims one due webhook in one
// statement (`FOR UPDATE SKIP LOCKED`, so two never claim the same row) and holds it by a lease while
// it delivers, with no transaction open across the network: on PGlite an open transaction would hold
// the whole database. Each step is written only while the lease is still this worker's; a worker that
// dies lets go when the lease ends. The lease (60 s) outlasts a delivery's timeout (10 s) many times,
// so no two workers ever deliver to one webhook at once. Once a receiver has answered, the write that
// records it is tried again while the database is unreachable (a PostgreSQL restart) for as long as the
// lease holds: given up at once, the change would be sent a second time when the lease ran out. What
// stays at-least-once is an instance killed between the answer and that write (decision 091).
//
// Fair across businesses (decision 055): a business has at most WEBHOOK_BUSINESS_CONCURRENCY webhooks
// leased at once on all instances together, a claim prefers the business with the fewest in flight,
// then the webhook waiting longest (a lease that ends leaves its end as "last served"), and a claim
// gives its webhook back once a delivery has taken SLICE_MS, so a slow receiver holds a lane for one
// delivery at a time. Lanes start whenever a change is heard, not after the pass in progress: a slow
// business's deliveries never stand in front of another business's.

type WebhookRow = typeof webhooks.$inferSelect;

/** First retry after 5 s, doubling up to an hour: about 33 tries in the 24 h before a webhook is disabled. */
export const retryDelayMs = (attempt: number) => Math.min(5000 * 2 ** (attempt - 1), 3_600_000);
export const DISABLE_AFTER_MS = 24 * 3_600_000;
const LEASE_MS = 60_000;
const CHANGES_PER_CLAIM = 50;
const POLL_MS = 5000;
/** The advisory lock claims take turns on (any number not used by another lock of the app). */
const CLAIM_LOCK = 727_103;
/** A claim gives its webhook back after the delivery that reaches this much time (always one at least). */
const SLICE_MS = 1000;

export type WorkerOptions = {
  now?: () => Date;
  transport?: Transport;
  /** Webhooks delivered to at once by this worker (each one's changes strictly one after another). */
  concurrency?: number;
  /** Webhooks of one business in flight at once on every worker (default WEBHOOK_BUSINESS_CONCURRENCY). */
  perBusiness?: number;
  /** The first pause before writing an outcome again to a database that dropped out (doubling up to 2 s). */
  retryPauseMs?: number;
};

export class WebhookWorker {
  private readonly now: () => Date;
  private readonly transport: () => Transport;
  private readonly perBusiness: () => number;
  private readonly retryPauseMs: number;
  /** Each lane claims a webhook and delivers its changes, until none is due. */
  private readonly lanes: Lanes;
  private attempts = 0;

  constructor(
    private readonly db: Db,
    { now = () => new Date(), transport, concurrency = 8, perBusiness, retryPauseMs = 250 }: WorkerOptions = {},
  ) {
    this.now = now;
    this.transport = transport ? () => transport : () => httpTransport({ allowPrivate: env().WEBHOOK_ALLOW_PRIVATE });
    this.lanes = new Lanes(
      concurrency,
      async () => {
        const claimed = await this.claim();
        if (!claimed) return false;
        // Read the count after the delivery: `this.attempts += await …` reads it before, and two lanes
        // delivering at once would each write back their own sum (one lane's attempts lost).
        const made = await this.deliver(claimed);
        this.attempts += made;
        return true;
      },
      (error) => log().error(errorFields(error), "Delivering webhooks failed"),
    );
    this.perBusiness = () => perBusiness ?? env().WEBHOOK_BUSINESS_CONCURRENCY;
    this.retryPauseMs = retryPauseMs;
  }

  /** Delivers everything due now, until nothing is; answers the number of attempts this worker made meanwhile. */
  async runDue(): Promise<number> {
    const before = this.attempts;
    await this.kick();
    return this.attempts - before;
  }

  /** Starts lanes up to the worker's concurrency; resolves when every lane has stopped, nothing being due. */
  kick(): Promise<void> {
    return this.lanes.kick();
  }

  /**
   * One due webhook, leased to this worker: enabled, not leased, due, with a change after its cursor,
   * of a business with fewer than `perBusiness` webhooks in flight; the business with the fewest first,
   * then the webhook whose turn is oldest (due since, or last let go).
   */
  private async claim(): Promise<(WebhookRow & { leaseToken: string }) | null> {
    const now = this.now();
    const inFlight = sql`(select count(*) from ${webhooks} as busy join ${locations} as place on place.id = busy.location_id
      where place.business_id = ${locations.businessId} and busy.leased_until > ${now})`;
    const due = (tx: Db) =>
      tx
        .select({ id: webhooks.id })
        .from(webhooks)
        .innerJoin(locations, eq(locations.id, webhooks.locationId))
        .where(
          and(
            eq(webhooks.enabled, true),
            or(isNull(webhooks.nextAttemptAt), lte(webhooks.nextAttemptAt, now)),
            or(isNull(webhooks.leasedUntil), lte(webhooks.leasedUntil, now)),
            sql`exists (select 1 from ${menuChanges} where ${menuChanges.locationId} = ${webhooks.locationId} and ${menuChanges.id} > ${webhooks.cursor})`,
            sql`${inFlight} < ${this.perBusiness()}`,
          ),
        )
        .orderBy(sql`${inFlight} asc`, sql`coalesce(${webhooks.nextAttemptAt}, ${webhooks.leasedUntil}) asc nulls first`, asc(webhooks.id))
        .limit(1)
        .for("update", { of: webhooks, skipLocked: true });
    const token = randomUUID();
    // Claims take turns (one transaction-scoped lock on every instance): the in-flight count a claim
    // reads then includes every lease taken before it, so no business ever exceeds its share.
    const [row] = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
      return tx
        .update(webhooks)
        .set({ leasedUntil: new Date(now.getTime() + LEASE_MS), leaseToken: token })
        .where(inArray(webhooks.id, due(tx)))
        .returning();
    });
    return row ? { ...row, leaseToken: token } : null;
  }

  /** Delivers the claimed webhook's changes in order until one fails or none is left; then lets go. */
  private async deliver(hook: WebhookRow & { leaseToken: string }): Promise<number> {
    const mine = and(eq(webhooks.id, hook.id), eq(webhooks.leaseToken, hook.leaseToken));
    let cursor = hook.cursor;
    let attempts = 0;
    const claimedAt = Date.now();
    // When the lease was last written (real time): the outcome of a delivery is written again until it ends.
    let leasedAt = claimedAt;
    try {
      const rows = await this.db
        .select()
        .from(menuChanges)
        .where(and(eq(menuChanges.locationId, hook.locationId), gt(menuChanges.id, cursor)))
        .orderBy(asc(menuChanges.id))
        .limit(CHANGES_PER_CLAIM);
      const changes = await describeChanges(this.db, rows);
      const secret = webhookSecret(hook);
      let failures = hook.attempts;
      let failingSince = hook.failingSince;
      for (const change of changes) {
        if (!hook.events.includes(change.type)) {
          cursor = change.id;
          continue;
        }
        const sentAt = this.now();
        const body = eventBody(change.type, new Date(change.at), change);
        const outcome = await this.transport()({ url: hook.url, headers: signedHeaders(secret, String(change.id), sentAt, body), body });
        attempts++;
        const attempt = failures + 1;
        const at = this.now();
        if (outcome.ok) {
          cursor = change.id;
          failures = 0;
          failingSince = null;
        } else {
          failures = attempt;
          failingSince ??= sentAt;
        }
        const giveUp = !outcome.ok && at.getTime() - failingSince!.getTime() >= DISABLE_AFTER_MS;
        const record = async () => {
          const [kept] = await this.db
            .update(webhooks)
            .set({
              cursor,
              attempts: failures,
              failingSince,
              nextAttemptAt: outcome.ok ? null : new Date(at.getTime() + retryDelayMs(attempt)),
              leasedUntil: new Date(at.getTime() + LEASE_MS),
              ...(giveUp
                ? {
                    enabled: false,
                    disabledAt: at,
                    disabledReason: `Disabled after 24 hours of failed deliveries (${attempt} attempts at change ${change.id}; the last: ${outcome.error ?? "failed"})`,
                    nextAttemptAt: null,
                  }
                : {}),
            })
            .where(and(mine, eq(webhooks.enabled, true)))
            .returning({ id: webhooks.id });
          if (!kept) return false; // deleted or paused meanwhile, or the lease ran out and another worker has it
          await this.db.insert(webhookDeliveries).values({
            webhookId: hook.id,
            changeId: change.id,
            type: change.type,
            attempt,
            status: outcome.ok ? "succeeded" : "failed",
            responseStatus: outcome.status,
            error: outcome.error,
            at,
          });
          return true;
        };
        const kept = await retryWhileUnavailable(record, { deadline: leasedAt + LEASE_MS, pauseMs: this.retryPauseMs });
        if (!kept) return attempts;
        leasedAt = Date.now();
        if (giveUp) log().warn({ webhook_id: hook.id, change_id: change.id, attempts: attempt }, "Webhook disabled after 24 h of failures");
        if (!outcome.ok) break;
        // Real time, not the injected clock: this is about the lane, not the webhook's schedule.
        if (Date.now() - claimedAt >= SLICE_MS) break;
      }
    } finally {
      // The lease ends now; its end says when this webhook was last served (the claim's order).
      // Written again through a dropped connection too, or the webhook would wait out the lease.
      await retryWhileUnavailable(() => this.db.update(webhooks).set({ cursor, leasedUntil: this.now(), leaseToken: null }).where(mine), {
        deadline: leasedAt + LEASE_MS,
        pauseMs: this.retryPauseMs,
      });
    }
    return attempts;
  }

  /** Waits for the deliveries in progress to end (the job runner has stopped waking it). */
  async stop() {
    await this.lanes.stop();
  }
}

/** This instance's worker as a background job (lib/server/jobs.ts): deliveries are claimed with SKIP LOCKED. */
export const webhookDeliveryJob: Job<Database, LiveEvent> = {
  name: "webhook-delivery",
  wakeOn: wakesOnChange,
  everyMs: POLL_MS,
  start: async (database) => new WebhookWorker(database.db),
};
