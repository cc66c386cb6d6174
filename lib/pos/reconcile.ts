import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database, Db } from "@/lib/db/client";
import { posConnections } from "@/lib/db/schema";
import type { Job } from "@/lib/server/jobs";
import { errorFields, log } from "@/lib/server/log";
import { noteOutcome, type PosConnection } from "./connections";
import { PosCallFailed } from "./provider";
import type { SyncReport } from "./schemas";
import { syncWhole } from "./webhook";

// The scheduled reconciliation (pos.md §4, decision 089): every connected connection is read whole and
// brought in line by its direction's rule (lib/pos/sync.ts, the same pass as POST …/sync) every
// RECONCILE_EVERY_MS, so a webhook the POS never sent, or one Taproom could not apply, is caught up.
//
// The schedule lives on the connection's row (`reconcile_due_at`), not in one instance's timer, so any
// number of instances together reconcile each connection once a period. An instance claims one due
// connection in one statement (`FOR UPDATE SKIP LOCKED`) under a lease (`reconcile_leased_until`), with
// no transaction open across the POS's answers: two instances never reconcile the same connection at
// once, and one that dies lets go when its lease ends. The outcome is on the connection: `last_sync_at`
// (written by the pass) or `last_error`.

/** How often each connection is reconciled. */
export const RECONCILE_EVERY_MS = 15 * 60_000;
/** How often an instance looks for a connection due: a connection is reconciled within this of its time. */
export const RECONCILE_LOOK_EVERY_MS = 60_000;
/** Outlasts a whole catalogue's reading (a few pages of the POS's timeout) by far. */
const LEASE_MS = 10 * 60_000;

export type ReconcileOptions = {
  now?: () => Date;
  /** The period between two passes over one connection (tests name a short one). */
  everyMs?: number;
  /** The pass itself (tests give one that counts). */
  sync?: (db: Db, connection: PosConnection, options: { now: Date }) => Promise<SyncReport>;
};

export class PosReconciler {
  private readonly now: () => Date;
  private readonly everyMs: number;
  private readonly sync: NonNullable<ReconcileOptions["sync"]>;

  constructor(
    private readonly db: Db,
    {
      now = () => new Date(),
      everyMs = RECONCILE_EVERY_MS,
      sync = (db, connection, options) => syncWhole(db, connection, { ...options, writeBack: true }),
    }: ReconcileOptions = {},
  ) {
    this.now = now;
    this.everyMs = everyMs;
    this.sync = sync;
  }

  /** Reconciles every connection due now, one after the other; answers the ids this instance reconciled. */
  async runDue(): Promise<number[]> {
    const done: number[] = [];
    for (;;) {
      const claimed = await this.claim();
      if (!claimed) return done;
      await this.reconcile(claimed);
      done.push(claimed.id);
    }
  }

  /** One connected connection whose time has come and that no instance holds, leased to this one. */
  private async claim(): Promise<(PosConnection & { reconcileLeaseToken: string }) | null> {
    const now = this.now();
    const token = randomUUID();
    const due = this.db
      .select({ id: posConnections.id })
      .from(posConnections)
      .where(
        and(
          eq(posConnections.status, "connected"),
          or(isNull(posConnections.reconcileDueAt), lte(posConnections.reconcileDueAt, now)),
          or(isNull(posConnections.reconcileLeasedUntil), lte(posConnections.reconcileLeasedUntil, now)),
        ),
      )
      .orderBy(sql`${posConnections.reconcileDueAt} asc nulls first`, asc(posConnections.id))
      .limit(1)
      .for("update", { skipLocked: true });
    const [row] = await this.db
      .update(posConnections)
      .set({ reconcileLeasedUntil: new Date(now.getTime() + LEASE_MS), reconcileLeaseToken: token })
      .where(inArray(posConnections.id, due))
      .returning();
    return row ? { ...row, reconcileLeaseToken: token } : null;
  }

  /** The pass over one claimed connection; its outcome on the row, its next time set, the lease given back. */
  private async reconcile(connection: PosConnection & { reconcileLeaseToken: string }) {
    const now = this.now();
    let error: string | null = null;
    try {
      const report = await this.sync(this.db, connection, { now });
      if (report.errors.length > 0) error = report.errors.map((each) => each.message).join("; ");
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      // A POS that failed says why on the connection; anything else is this app's fault, and logged.
      if (!(caught instanceof PosCallFailed))
        log().warn({ ...errorFields(caught), connection: connection.id }, "A POS connection could not be reconciled");
    }
    const at = this.now();
    const [kept] = await this.db
      .update(posConnections)
      .set({ reconcileDueAt: new Date(now.getTime() + this.everyMs), reconcileLeasedUntil: null, reconcileLeaseToken: null })
      .where(and(eq(posConnections.id, connection.id), eq(posConnections.reconcileLeaseToken, connection.reconcileLeaseToken)))
      .returning({ id: posConnections.id });
    if (kept && error !== null) await noteOutcome(this.db, connection.id, `Reconciliation failed: ${error}`, at);
  }
}

/** The reconciliation as a background job (lib/server/jobs.ts): each instance looks every minute, claims with SKIP LOCKED. */
export const posReconcileJob: Job<Database> = {
  name: "pos-reconcile",
  everyMs: RECONCILE_LOOK_EVERY_MS,
  run: (database) => new PosReconciler(database.db).runDue(),
};
