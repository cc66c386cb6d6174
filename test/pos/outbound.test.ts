import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, api, db } from "../api";
import { connectSquare, countsOf, deliverTillWebhooks, ownerAtDowntown, setCount, soldOutAtTill } from "./connect";
import { getDatabase } from "@/lib/db/client";
import { items, posMappings, posOutbox } from "@/lib/db/schema";
import { restoreExpiredEightySixes } from "@/lib/menus/eighty-six-sweeper";
import { PosOutboundWorker, pruneSentOutbox } from "@/lib/pos/outbound";
import { subscribe, wakesOnChange } from "@/lib/live/bus";
import { startJobs } from "@/lib/server/jobs";
import { PosCallFailed, type PosProvider } from "@/lib/pos/provider";
import { square } from "@/lib/pos/square/provider";
import { subscribeSandbox } from "@/lib/pos/square/transport";

// pos.md §4, to the POS (decision 089): an 86 or restore made in Taproom is owed to the connected POS in
// the 86's own transaction (pos_outbox) and sent by the worker through the provider's setSoldOut: the
// till's variations read sold out, then back in stock; a change that came from the POS is owed to no
// one; a POS answering 500 is retried after its backoff with `last_error` shown meanwhile; a row is sent
// once however many workers race for it; a disconnected connection is sent nothing. The workers run on
// an injected clock, driven by calling runDue, as the webhook worker's tests do.

let owner: Account;
let location: { id: number };
let connectionId: number;
/** The clock the workers read: real time, moved forward by the tests past a backoff. */
let skew = 0;
const now = () => new Date(Date.now() + skew);

beforeAll(async () => {
  ({ owner, location } = await ownerAtDowntown());
  // The till's own events reach the app as at Square: what the worker sends comes back as a webhook.
  deliverTillWebhooks();
  connectionId = await connectSquare(owner, location.id);
});
afterAll(() => subscribeSandbox(null));

/** The item of this location the connection matched to the POS item `name`, and its matched variation ids. */
async function matched(name: string) {
  const rows = await (await db())
    .select()
    .from(posMappings)
    .where(and(eq(posMappings.connectionId, connectionId), eq(posMappings.posName, name), eq(posMappings.status, "matched")));
  return { itemId: rows[0]!.itemId!, variationIds: rows.map((row) => row.posVariationId) };
}
/** Sends what is owed now, as the job would; answers the calls to the POS. */
const sendDue = async () => new PosOutboundWorker(await db(), { now }).runDue();
/** Whether each variation reads sold out at the till, as expected. */
const expectAtTill = async (variationIds: string[], soldOut: boolean) => {
  for (const id of variationIds) expect(await soldOutAtTill(id)).toBe(soldOut);
};
const itemNamed = async (itemId: number) => (await (await db()).select().from(items).where(eq(items.id, itemId)))[0]!;
/** The item restored in Taproom and the restore sent: its variations back in stock at the till. */
const restoreAndSend = async (itemId: number, variationIds: string[]) => {
  await api.delete(`items/${itemId}/86`, { as: owner.rw });
  await sendDue();
  await expectAtTill(variationIds, false);
};
/** The till sells the variations out (a count of 0): Taproom 86es their item for the POS. */
const sellOutAtTill = async (itemId: number, variationIds: string[], key: string) => {
  await setCount(variationIds, "0", key);
  expect((await itemNamed(itemId)).eightySixedReason).toBe("pos");
};
const owed = async () => (await db()).select().from(posOutbox).where(isNull(posOutbox.doneAt));
const connection = async () => (await api.get(`pos_connections/${connectionId}`, { as: owner.ro })).body.pos_connection;

describe("an 86 made in Taproom", () => {
  it("sells the item's matched sizes out at the till, and a restore brings them back in stock", async () => {
    const { itemId, variationIds } = await matched("Harbor Haze");
    expect(variationIds.length).toBeGreaterThan(0);
    expect(await owed()).toEqual([]);

    expect((await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } })).status).toBe(200);
    const rows = await owed();
    expect(rows).toMatchObject([{ connectionId, itemId, soldOut: true }]);

    expect(await sendDue()).toBe(1);
    expect(Object.values(await countsOf(variationIds))).toEqual(variationIds.map(() => "0"));
    await expectAtTill(variationIds, true);
    expect(await owed()).toEqual([]);
    // The till's webhook for that count came back and changed nothing: the 86 stays Taproom's own.
    const item = await itemNamed(itemId);
    expect(item.eightySixedReason).toBe("manual");

    expect((await api.delete(`items/${itemId}/86`, { as: owner.rw })).status).toBe(200);
    expect(await owed()).toMatchObject([{ itemId, soldOut: false }]);
    expect(await sendDue()).toBe(1);
    await expectAtTill(variationIds, false);
    expect(Object.values(await countsOf(variationIds))).toEqual(variationIds.map(() => "1000"));
    expect(await owed()).toEqual([]);
  });

  it("sends the last state only when an 86 is restored before it was sent", async () => {
    const { itemId, variationIds } = await matched("Copper Line Lager");
    await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } });
    await api.delete(`items/${itemId}/86`, { as: owner.rw });
    expect((await owed()).map((row) => row.soldOut)).toEqual([true, false]);
    const sent: boolean[] = [];
    const counting: PosProvider = {
      ...square,
      setSoldOut: async (credentials, input) => {
        sent.push(input.soldOut);
        return square.setSoldOut(credentials, input);
      },
    };
    await new PosOutboundWorker(await db(), { now, provider: () => counting }).runDue();
    expect(sent).toEqual([false]);
    await expectAtTill(variationIds, false);
    expect(await owed()).toEqual([]);
  });
});

describe("an 86 made before the match", () => {
  it("is owed to the till when the match is confirmed, and not again when the same set is confirmed twice", async () => {
    type Row = { pos_variation_id: string; item_id: number | null; container_id: number | null; status: string };
    const confirmed = async () =>
      ((await api.get(`pos_connections/${connectionId}/mappings`, { as: owner.ro })).body.mappings as Row[])
        .filter((row) => row.status === "matched")
        .map(({ pos_variation_id, item_id, container_id }) => ({ pos_variation_id, item_id, container_id }));
    const confirm = async (rows: Awaited<ReturnType<typeof confirmed>>) =>
      expect((await api.put(`pos_connections/${connectionId}/mappings`, { as: owner.rw, body: { mappings: rows } })).status).toBe(200);
    const { itemId, variationIds } = await matched("Night Shift Stout");
    const all = await confirmed();
    await confirm(all.filter((row) => row.item_id !== itemId));
    expect((await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } })).status).toBe(200);
    expect(await owed()).toEqual([]); // nothing matched yet: the till is owed nothing
    await expectAtTill(variationIds, false);

    await confirm(all);
    expect(await owed()).toMatchObject([{ connectionId, itemId, soldOut: true }]);
    await confirm(all); // the same set again: nothing newly matched, nothing owed twice
    expect(await owed()).toHaveLength(1);
    expect(await sendDue()).toBe(1);
    await expectAtTill(variationIds, true);

    await restoreAndSend(itemId, variationIds);
  });
});

describe("an 86 that ends on time", () => {
  it("is restored at the till when the sweeper clears it: every path that lifts an 86 is owed", async () => {
    const { itemId, variationIds } = await matched("Harbor Haze");
    const end = new Date(Date.now() + 3_600_000);
    await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: end.toISOString() } } });
    await sendDue();
    await expectAtTill(variationIds, true);
    expect(await restoreExpiredEightySixes(await db(), new Date(end.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await owed()).toMatchObject([{ itemId, soldOut: false }]);
    await sendDue();
    await expectAtTill(variationIds, false);
  });
});

describe("a change that came from the POS", () => {
  it("is owed to no one: sold out at the till 86es the item and enqueues nothing", async () => {
    const { itemId, variationIds } = await matched("Porch Pils");
    await sellOutAtTill(itemId, variationIds, "porch-pils-out-at-till");
    expect(await owed()).toEqual([]);
    await setCount(variationIds, "12", "porch-pils-back-at-till");
    const back = await itemNamed(itemId);
    expect(back.eightySixedAt).toBeNull();
    expect(await owed()).toEqual([]);
  });
});

describe("a POS that fails", () => {
  it("is tried again after the backoff (Retry-After when given), shows last_error meanwhile, then succeeds and clears it", async () => {
    const { itemId, variationIds } = await matched("Harbor Haze");
    let failures = 2;
    const flaky: PosProvider = {
      ...square,
      setSoldOut: async (credentials, input) => {
        if (failures === 2) {
          failures--;
          throw new PosCallFailed("Square answered 500 INTERNAL_SERVER_ERROR: down for a moment", 500);
        }
        if (failures === 1) {
          failures--;
          throw new PosCallFailed("Square answered 429 RATE_LIMITED: slow down", 429, 30);
        }
        return square.setSoldOut(credentials, input);
      },
    };
    const worker = new PosOutboundWorker(await db(), { now, provider: () => flaky });
    await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } });

    expect(await worker.runDue()).toBe(1);
    const [first] = await owed();
    expect(first).toMatchObject({ attempts: 1, soldOut: true });
    expect(first!.lastError).toContain("500");
    expect((await connection()).last_error).toContain("Square answered 500");
    await expectAtTill(variationIds, false);

    // Not due before its backoff (2 s), whatever wakes the worker.
    expect(await worker.runDue()).toBe(0);
    skew += 2500;
    expect(await worker.runDue()).toBe(1);
    const [second] = await owed();
    expect(second).toMatchObject({ attempts: 2 });
    expect(second!.nextAttemptAt.getTime() - now().getTime()).toBeGreaterThan(25_000); // Retry-After: 30
    expect((await connection()).last_error).toContain("429");

    skew += 31_000;
    expect(await worker.runDue()).toBe(1);
    expect(await owed()).toEqual([]);
    await expectAtTill(variationIds, true);
    expect((await connection()).last_error).toBeNull();

    await api.delete(`items/${itemId}/86`, { as: owner.rw });
    await worker.runDue();
    await expectAtTill(variationIds, false);
  });
});

describe("racing workers", () => {
  it("send each row once: two workers claiming at the same moment, one sends", async () => {
    const { itemId } = await matched("Harbor Haze");
    const sent: string[] = [];
    const counting: PosProvider = {
      ...square,
      setSoldOut: async (credentials, input) => {
        sent.push(input.idempotencyKey);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return square.setSoldOut(credentials, input);
      },
    };
    await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } });
    const [row] = await owed();
    const workers = [1, 2].map(async () => new PosOutboundWorker(await db(), { now, provider: () => counting, concurrency: 3 }));
    const counts = await Promise.all((await Promise.all(workers)).map((worker) => worker.runDue()));
    expect(counts.reduce((sum, each) => sum + each, 0)).toBe(1);
    expect(sent).toEqual([row!.idempotencyKey]);
    expect(await owed()).toEqual([]);
    await api.delete(`items/${itemId}/86`, { as: owner.rw });
    await sendDue();
  });
});

describe("the job", () => {
  it("runs by itself once started (woken by the change bus, or its 2 s poll): an 86 reaches the till with no one calling it", async () => {
    const { itemId, variationIds } = await matched("Harbor Haze");
    let sent: () => void = () => {};
    const reached = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const telling: PosProvider = {
      ...square,
      setSoldOut: async (credentials, input) => {
        await square.setSoldOut(credentials, input);
        sent();
      },
    };
    const database = await getDatabase();
    const worker = new PosOutboundWorker(database.db, { now, provider: () => telling });
    // Started as instrumentation.ts starts it: woken by the bus.
    const running = startJobs(
      [{ name: "woken", wakeOn: wakesOnChange, everyMs: 60_000, start: async () => worker }],
      async () => database,
      {
        listen: subscribe,
      },
    );
    try {
      await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } });
      await reached;
      await expectAtTill(variationIds, true);
    } finally {
      await running.stop();
    }
    await restoreAndSend(itemId, variationIds);
  });
});

describe("what is owed and not yet sent", () => {
  it("is Taproom's word: a reconciliation meanwhile does not undo it with the POS's older state", async () => {
    const { itemId, variationIds } = await matched("Copper Line Lager");
    // Sold out at the till (the item 86'd, reason pos), then a bartender puts it back on in Taproom.
    await sellOutAtTill(itemId, variationIds, "copper-out-at-till");
    await api.delete(`items/${itemId}/86`, { as: owner.rw });
    expect(await owed()).toMatchObject([{ itemId, soldOut: false }]);
    // The till still says sold out until the restore is sent: the reconciliation leaves the item as Taproom has it.
    const sync = await api.post(`pos_connections/${connectionId}/sync`, { as: owner.rw });
    expect(sync.status).toBe(200);
    expect(sync.body.sync.eighty_sixed).toBe(0);
    const kept = await itemNamed(itemId);
    expect(kept.eightySixedAt).toBeNull();
    await sendDue();
    await expectAtTill(variationIds, false);
    const after = await itemNamed(itemId);
    expect(after.eightySixedAt).toBeNull();
  });

  it("is pruned a week after it was sent", async () => {
    const sent = (await (await db()).select().from(posOutbox)).length;
    expect(sent).toBeGreaterThan(0);
    expect(await pruneSentOutbox(await db(), now())).toBe(0);
    expect(await pruneSentOutbox(await db(), new Date(now().getTime() + 8 * 24 * 3_600_000))).toBe(sent);
  });
});

describe("a disconnected connection", () => {
  it("is sent nothing: what it was owed goes with it", async () => {
    const { itemId, variationIds } = await matched("Harbor Haze");
    await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } });
    expect(await owed()).toHaveLength(1);
    expect((await api.delete(`pos_connections/${connectionId}`, { as: owner.rw })).status).toBe(204);
    expect(await owed()).toEqual([]);
    let calls = 0;
    const counting: PosProvider = {
      ...square,
      setSoldOut: async () => {
        calls++;
      },
    };
    expect(await new PosOutboundWorker(await db(), { now, provider: () => counting }).runDue()).toBe(0);
    expect(calls).toBe(0);
    await expectAtTill(variationIds, false);
    // Another 86 after the disconnect is owed to no one.
    await api.delete(`items/${itemId}/86`, { as: owner.rw });
    expect(await owed()).toEqual([]);
  });
});
