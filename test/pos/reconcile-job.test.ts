import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, api, db, login } from "../api";
import { connectSquare, setCount, variationsOf } from "./connect";
import { items, posMappings } from "@/lib/db/schema";
import type { PosConnection } from "@/lib/pos/connections";
import { PosCallFailed } from "@/lib/pos/provider";
import { PosReconciler } from "@/lib/pos/reconcile";
import { emptyReport } from "@/lib/pos/sync";
import { subscribeSandbox } from "@/lib/pos/square/transport";
import { syncWhole } from "@/lib/pos/webhook";

// pos.md §4, the scheduled reconciliation (decision 089): every connected connection is read whole and
// brought in line once a period, by one instance at a time, its outcome on the connection (last_sync_at
// or last_error). The reconciler runs on an injected clock and period, driven by calling runDue.

let owner: Account;
let connectionId: number;
const start = Date.now() + 60_000;
let at = start;
const now = () => new Date(at);
const EVERY = 15 * 60_000;

beforeAll(async () => {
  owner = await login("owner");
  const location = (await api.get("locations", { as: owner.ro })).body.locations.find(
    (each: { name: string }) => each.name === "Demo Taproom Downtown",
  );
  // No webhooks reach the app: the till's changes are drift that only the reconciliation finds.
  subscribeSandbox(null);
  connectionId = await connectSquare(owner, location.id);
});
afterAll(() => subscribeSandbox(null));

const connection = async () => (await api.get(`pos_connections/${connectionId}`, { as: owner.ro })).body.pos_connection;

describe("the scheduled reconciliation", () => {
  it("corrects drift the webhooks missed and records last_sync_at; not again before its period", async () => {
    const [mapping] = await (await db())
      .select()
      .from(posMappings)
      .where(eq(posMappings.posName, "Harbor Haze"))
      .then((rows) => rows.filter((row) => row.status === "matched"));
    const itemId = mapping!.itemId!;
    await setCount(await variationsOf("Harbor Haze"), "0", "haze-all-out-unheard");
    const [before] = await (await db()).select().from(items).where(eq(items.id, itemId));
    expect(before!.eightySixedAt).toBeNull();

    const reconciler = new PosReconciler(await db(), { now, everyMs: EVERY });
    expect(await reconciler.runDue()).toEqual([connectionId]);
    const [after] = await (await db()).select().from(items).where(eq(items.id, itemId));
    expect(after!.eightySixedAt).not.toBeNull();
    expect(after!.eightySixedReason).toBe("pos");
    expect(await connection()).toMatchObject({ last_sync_at: now().toISOString(), last_error: null });

    at += EVERY - 1000;
    expect(await reconciler.runDue()).toEqual([]);
    at += 1000;
    await setCount(await variationsOf("Harbor Haze"), "20", "haze-back-unheard");
    expect(await reconciler.runDue()).toEqual([connectionId]);
    const [back] = await (await db()).select().from(items).where(eq(items.id, itemId));
    expect(back!.eightySixedAt).toBeNull();
  });

  it("runs once across two instances looking at the same moment", async () => {
    at += EVERY;
    const passes: number[] = [];
    const sync = async (database: Parameters<typeof syncWhole>[0], row: PosConnection, options: { now: Date }) => {
      passes.push(row.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return syncWhole(database, row, options);
    };
    const one = new PosReconciler(await db(), { now, everyMs: EVERY, sync });
    const two = new PosReconciler(await db(), { now, everyMs: EVERY, sync });
    const [first, second] = await Promise.all([one.runDue(), two.runDue()]);
    expect([...first, ...second]).toEqual([connectionId]);
    expect(passes).toEqual([connectionId]);
  });

  it("records a failed pass as last_error, tries again next period, and clears it when the POS answers", async () => {
    at += EVERY;
    const failing = new PosReconciler(await db(), {
      now,
      everyMs: EVERY,
      sync: async () => {
        throw new PosCallFailed("Square answered 503 SERVICE_UNAVAILABLE: down for maintenance", 503);
      },
    });
    expect(await failing.runDue()).toEqual([connectionId]);
    const failed = await connection();
    expect(failed.last_error).toContain("Square answered 503");
    expect(await failing.runDue()).toEqual([]);

    // A pass that reports errors (the on-demand route's shape) is a failure too.
    at += EVERY;
    const reporting = new PosReconciler(await db(), {
      now,
      everyMs: EVERY,
      sync: async () => emptyReport(false, [{ pos_variation_id: "", message: "Square answered 500 INTERNAL_SERVER_ERROR" }]),
    });
    expect(await reporting.runDue()).toEqual([connectionId]);
    expect((await connection()).last_error).toContain("500");

    at += EVERY;
    expect(await new PosReconciler(await db(), { now, everyMs: EVERY }).runDue()).toEqual([connectionId]);
    expect(await connection()).toMatchObject({ last_error: null, last_sync_at: now().toISOString() });
  });

  it("passes over a disconnected connection", async () => {
    at += EVERY;
    expect((await api.delete(`pos_connections/${connectionId}`, { as: owner.rw })).status).toBe(204);
    expect(await new PosReconciler(await db(), { now, everyMs: EVERY }).runDue()).toEqual([]);
  });
});
