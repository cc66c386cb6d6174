import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Database, Db } from "@/lib/db/client";
import { posConnections, posMappings, posOutbox } from "@/lib/db/schema";
import { type LiveEvent, wakesOnChange } from "@/lib/live/bus";
import type { Job } from "@/lib/server/jobs";
import { Lanes } from "@/lib/server/lanes";
import { errorFields, log } from "@/lib/server/log";
import { writeCatalogue, catalogueWanted } from "./catalogue";
import { credentialsOf, noteOutcome, type PosConnection } from "./connections";
import { PosCallFailed, type PosProvider } from "./provider";
import { providerNamed } from "./providers";

// Sold out to the POS (pos.md §4, decision 089): an 86 or restore made in Taproom reaches every connected
// POS that has a size of the item matched, within seconds, never lost and never applied twice. In
// `taproom_to_pos` an item's name and its containers' sizes and prices go the same way (a `catalogue`
// row, decision 102): the item is sent as it is when the row goes (lib/pos/catalogue.ts); so do a
// container or item deleted (a `removal` row each, migration 0043).
//
// What is owed is written by the database in the 86's own transaction (the trigger on items, migration
// 0035, into pos_outbox), so it is committed with the 86 or not at all, whichever path made it, and a
// change that came from a POS is never owed back to it. This worker sends it: any number of workers
// (one per app instance) claim one row at a time (`FOR UPDATE SKIP LOCKED`, so two never claim the same
// row) and hold it by a lease while they call the POS, with no transaction open across the network (on
// PGlite an open transaction holds the whole database). Each row carries its own idempotency key, so a
// send repeated after a lost answer or an ended lease is applied once by the POS.
//
// The last state wins: a claim takes only the newest row owed for an item and marks the older ones
// done, and an item with a row in flight waits until that row is settled, so a stale state is never
// sent last. A failure (the POS down, a 500, a 429 with its Retry-After) is retried with backoff and
// shown on the connection as `last_error` until a send succeeds. A disconnected connection's rows go
// with it (ON DELETE CASCADE), and the connection is read again before every send.

type OutboxRow = typeof posOutbox.$inferSelect;

/** First retry after 2 s, doubling up to 15 minutes (the reconciliation's period): never given up. */
export const outboundRetryDelayMs = (attempt: number) => Math.min(2000 * 2 ** (attempt - 1), 15 * 60_000);
/** Outlasts the longest call to a POS (POS_TIMEOUT_MS is at most 60 s) twice: a live send is never taken over. */
const LEASE_MS = 120_000;
/** Retries and anything the change bus missed are looked for this often; a change wakes the worker at once. */
const POLL_MS = 2000;
/** The advisory lock claims take turns on (any number not used by another lock of the app). */
const CLAIM_LOCK = 727_104;

export type OutboundOptions = {
  now?: () => Date;
  /** The provider of a connection by its name (tests give one that fails or counts). */
  provider?: (name: string) => PosProvider;
  /** Rows sent at once by this worker. */
  concurrency?: number;
};

export class PosOutboundWorker {
  private readonly now: () => Date;
  private readonly provider: (name: string) => PosProvider;
  /** Each lane claims a row and sends it, until none is due. */
  private readonly lanes: Lanes;
  private sends = 0;

  constructor(
    private readonly db: Db,
    { now = () => new Date(), provider = (name) => providerNamed(name), concurrency = 4 }: OutboundOptions = {},
  ) {
    this.now = now;
    this.provider = provider;
    this.lanes = new Lanes(
      concurrency,
      async () => {
        const claimed = await this.claim();
        if (!claimed) return false;
        await this.send(claimed);
        return true;
      },
      (error) => log().error(errorFields(error), "Sending sold-out changes to a POS failed"),
    );
  }

  /** Sends everything due now, until nothing is; answers the number of calls to a POS this worker made meanwhile. */
  async runDue(): Promise<number> {
    const before = this.sends;
    await this.kick();
    return this.sends - before;
  }

  /** Starts lanes up to the worker's concurrency; resolves when every lane has stopped, nothing being due. */
  kick(): Promise<void> {
    return this.lanes.kick();
  }

  /**
   * One due row, leased to this worker: not done, due, not leased, of a connected connection, the newest
   * owed for its item, and no other row of its item in flight. The older rows of its item are marked
   * done in the same transaction: the newest state replaces them.
   */
  private async claim(): Promise<(OutboxRow & { leaseToken: string }) | null> {
    const now = this.now();
    const token = randomUUID();
    const due = (tx: Db) =>
      tx
        .select({ id: posOutbox.id })
        .from(posOutbox)
        .innerJoin(posConnections, eq(posConnections.id, posOutbox.connectionId))
        .where(
          and(
            isNull(posOutbox.doneAt),
            lte(posOutbox.nextAttemptAt, now),
            or(isNull(posOutbox.leasedUntil), lte(posOutbox.leasedUntil, now)),
            eq(posConnections.status, "connected"),
            // Names, prices and 86es: the newest row of the item goes. Removals each go, oldest first.
            sql`not exists (select 1 from ${posOutbox} as other where other.connection_id = ${posOutbox.connectionId}
              and other.item_id = ${posOutbox.itemId} and other.kind = ${posOutbox.kind} and other.done_at is null
              and (other.leased_until > ${now} or case when other.kind = 'removal' then other.id < ${posOutbox.id} else other.id > ${posOutbox.id} end))`,
          ),
        )
        .orderBy(asc(posOutbox.nextAttemptAt), asc(posOutbox.id))
        .limit(1)
        .for("update", { of: posOutbox, skipLocked: true });
    return this.db.transaction(async (tx) => {
      // Claims take turns (one transaction-scoped lock on every instance): "no other row of the item in
      // flight" then holds against a claim made at the same moment on another instance.
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
      const [row] = await tx
        .update(posOutbox)
        .set({ leasedUntil: new Date(now.getTime() + LEASE_MS), leaseToken: token, updatedAt: now })
        .where(inArray(posOutbox.id, due(tx)))
        .returning();
      if (!row) return null;
      await tx
        .update(posOutbox)
        .set({ doneAt: now, updatedAt: now })
        .where(
          and(
            eq(posOutbox.connectionId, row.connectionId),
            eq(posOutbox.itemId, row.itemId),
            eq(posOutbox.kind, row.kind),
            ne(posOutbox.kind, "removal"),
            isNull(posOutbox.doneAt),
            lt(posOutbox.id, row.id),
          ),
        );
      return { ...row, leaseToken: token };
    });
  }

  /** Sends one claimed row to its POS; marks it done, or due again after its backoff with the POS's words. */
  private async send(row: OutboxRow & { leaseToken: string }) {
    const mine = and(eq(posOutbox.id, row.id), eq(posOutbox.leaseToken, row.leaseToken));
    // Read again now: a connection disconnected since the claim sends nothing (its rows are gone with it).
    const [connection] = await this.db.select().from(posConnections).where(eq(posConnections.id, row.connectionId));
    if (connection?.status !== "connected") {
      await this.db.update(posOutbox).set({ leasedUntil: null, leaseToken: null }).where(mine);
      return;
    }
    try {
      if (row.kind === "catalogue") await this.sendCatalogue(connection, row);
      else if (row.kind === "removal") await this.sendRemoval(connection, row);
      else await this.sendSoldOut(connection, row);
      const at = this.now();
      await this.db
        .update(posOutbox)
        .set({
          doneAt: at,
          lastError: null,
          attempts: Math.min(row.attempts + 1, 32_767),
          leasedUntil: null,
          leaseToken: null,
          updatedAt: at,
        })
        .where(mine);
      if (connection.lastError !== null) await noteOutcome(this.db, connection.id, null, at);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof PosCallFailed)) log().warn({ ...errorFields(error), outbox: row.id }, "A change could not be sent to a POS");
      // The count stops at its column's ceiling (a smallint); tries go on every 15 minutes regardless.
      const attempt = Math.min(row.attempts + 1, 32_767);
      const retryAfterMs = error instanceof PosCallFailed && error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : null;
      const at = this.now();
      const [kept] = await this.db
        .update(posOutbox)
        .set({
          attempts: attempt,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(at.getTime() + (retryAfterMs ?? outboundRetryDelayMs(attempt))),
          leasedUntil: null,
          leaseToken: null,
          updatedAt: at,
        })
        .where(mine)
        .returning({ id: posOutbox.id });
      const what = { catalogue: "names and prices", removal: "a deletion", sold_out: "sold out" }[row.kind];
      if (kept) await noteOutcome(this.db, connection.id, `Sending ${what} to ${connection.provider} failed: ${message}`, at);
    }
  }

  /** An 86 or restore: the item's matched sizes sold out or back in stock at the POS. */
  private async sendSoldOut(connection: PosConnection, row: OutboxRow) {
    const variationIds = (
      await this.db
        .select({ id: posMappings.posVariationId })
        .from(posMappings)
        .where(and(eq(posMappings.connectionId, row.connectionId), eq(posMappings.itemId, row.itemId), eq(posMappings.status, "matched")))
        .orderBy(asc(posMappings.posVariationId))
    ).map((mapping) => mapping.id);
    if (variationIds.length === 0) return;
    const credentials = await credentialsOf(this.db, connection, this.now());
    this.sends++;
    await this.provider(connection.provider).setSoldOut(credentials, {
      variationIds,
      soldOut: row.soldOut === true,
      idempotencyKey: row.idempotencyKey,
    });
  }

  /**
   * An item's name or a container's size or price, in `taproom_to_pos`: the item as Taproom has it now
   * (lib/pos/catalogue.ts). Nothing is sent once the connection no longer takes Taproom's catalogue.
   */
  private async sendCatalogue(connection: PosConnection, row: OutboxRow) {
    const provider = this.provider(connection.provider);
    if (connection.direction !== "taproom_to_pos" || !provider.writesCatalogue) return;
    const writes = await catalogueWanted(this.db, connection, [row.itemId], this.now());
    if (writes.length === 0) return;
    const credentials = await credentialsOf(this.db, connection, this.now());
    this.sends++;
    await writeCatalogue(this.db, { connection, provider, credentials, writes, idempotencyKey: row.idempotencyKey, now: this.now() });
  }

  /**
   * A container or item deleted in Taproom, in `taproom_to_pos`: its POS variation, or its whole POS item,
   * deleted there (its match went with it, migration 0043). Nothing is sent once the connection no longer
   * takes Taproom's catalogue.
   */
  private async sendRemoval(connection: PosConnection, row: OutboxRow) {
    const provider = this.provider(connection.provider);
    if (connection.direction !== "taproom_to_pos" || !provider.writesCatalogue || row.posItemId === null) return;
    const credentials = await credentialsOf(this.db, connection, this.now());
    this.sends++;
    await provider.removeCatalogue(
      credentials,
      { posItemId: row.posItemId, posVariationIds: row.posVariationId === null ? null : [row.posVariationId] },
      row.idempotencyKey,
    );
  }

  /** Waits for the sends in progress to end (the job runner has stopped waking it). */
  async stop() {
    await this.lanes.stop();
  }
}

/** Sent rows are kept this long (what was sent, and when, for a person looking into a complaint), then pruned. */
export const OUTBOX_KEEP_MS = 7 * 24 * 3_600_000;

/** Deletes the rows settled more than OUTBOX_KEEP_MS ago (lib/retention/prune.ts); answers how many. */
export async function pruneSentOutbox(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(posOutbox)
    .where(lt(posOutbox.doneAt, new Date(now.getTime() - OUTBOX_KEEP_MS)))
    .returning({ id: posOutbox.id });
  return gone.length;
}

/** This instance's sender as a background job (lib/server/jobs.ts): rows are claimed with SKIP LOCKED. */
export const posOutboundJob: Job<Database, LiveEvent> = {
  name: "pos-outbound",
  wakeOn: wakesOnChange,
  everyMs: POLL_MS,
  start: async (database) => new PosOutboundWorker(database.db),
};
