import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, api, db } from "../api";
import { taproomLeadsAtSquare, till } from "./connect";
import { containers, items, posMappings, posOutbox } from "@/lib/db/schema";
import { PosOutboundWorker } from "@/lib/pos/outbound";
import { squareProvider } from "@/lib/pos/square/provider";
import { sandboxFetch, subscribeSandbox } from "@/lib/pos/square/transport";

// pos.md §2, §4 in `taproom_to_pos` (decision 102): Taproom's names, sizes and prices are written to
// Square through the outbox, each ITEM read whole and sent back at its version with only Taproom's
// fields changed; a till edit racing the write is read again and merged (VERSION_MISMATCH); Square
// down is retried with backoff and nothing half-written; Square's webhook for Taproom's own write
// changes nothing (no echo); the reconciliation reports the till's drift (dry run) and corrects it,
// creating what the till lacks under `#temp` ids and keeping Square's ids as matched.

/** Taproom's Square on a wire the test holds: it acts first (the till racing) or answers instead (Square down). */
let onTheWire: null | ((request: Request) => Promise<Response | null>) = null;
const wired = squareProvider({
  fetch: async (input, init) => (onTheWire ? await onTheWire(new Request(input as RequestInfo, init)) : null) ?? sandboxFetch(input, init),
});
const isUpsert = (request: Request) => request.method === "POST" && new URL(request.url).pathname.endsWith("/v2/catalog/batch-upsert");

let owner: Account;
let connectionId: number;
const delivered: number[] = [];
let skew = 0;
const now = () => new Date(Date.now() + skew);
const worker = async () => new PosOutboundWorker(await db(), { now, provider: () => wired });

beforeAll(async () => {
  ({ owner, connectionId } = await taproomLeadsAtSquare(delivered));
});
afterAll(() => subscribeSandbox(null));

type Obj = Record<string, any>;
const atTill = async (objectId: string): Promise<Obj> => (await till.catalog.object.get({ objectId })).object as Obj;
const owed = async () => (await db()).select().from(posOutbox).where(isNull(posOutbox.doneAt));
const connection = async () => (await api.get(`pos_connections/${connectionId}`, { as: owner.ro })).body.pos_connection;
const priceOf = async (containerId: number) =>
  (await (await db()).select({ price: containers.price }).from(containers).where(eq(containers.id, containerId)))[0]!.price;

/** A matched size of the POS item `name`: its mapping. */
async function matchedSize(name: string, size = "Pint") {
  const [row] = await (await db())
    .select()
    .from(posMappings)
    .where(
      and(
        eq(posMappings.connectionId, connectionId),
        eq(posMappings.posName, name),
        eq(posMappings.posVariationName, size),
        eq(posMappings.status, "matched"),
      ),
    );
  return row as typeof row & { itemId: number; containerId: number };
}

/** The item's variations at the till without what Taproom writes (name, price) or what every write raises. */
const untouched = (item: Obj) =>
  (item.itemData.variations as Obj[]).map(
    ({ version: _v, updatedAt: _u, itemVariationData: { name: _n, priceMoney: _p, ...rest }, ...own }) => ({
      ...own,
      rest,
    }),
  );

describe("a price changed in Taproom", () => {
  it("reaches Square: the item read whole and written at its version, only Taproom's fields changed, and its webhook changes nothing", async () => {
    const pint = await matchedSize("Harbor Haze");
    const before = await atTill(pint.posItemId);
    const patched = await api.patch(`containers/${pint.containerId}`, { as: owner.rw, body: { container: { price: "7.75" } } });
    expect(patched.status).toBe(200);
    expect(await owed()).toMatchObject([{ connectionId, itemId: pint.itemId, kind: "catalogue", soldOut: null }]);

    const heard = delivered.length;
    expect(await (await worker()).runDue()).toBe(1);
    const after = await atTill(pint.posItemId);
    expect(after.version > before.version).toBe(true);
    const variation = (after.itemData.variations as Obj[]).find((each) => each.id === pint.posVariationId)!;
    expect(variation.version > (before.itemData.variations as Obj[]).find((each) => each.id === pint.posVariationId)!.version).toBe(true);
    expect(Number(variation.itemVariationData.priceMoney.amount)).toBe(775);
    // Everything Taproom does not own is as it was: ids, order, inventory tracking, the item's type.
    expect(untouched(after)).toEqual(untouched(before));
    expect(after.itemData.productType).toBe(before.itemData.productType);
    expect(variation.itemVariationData.trackInventory).toBe(true);

    // Square's webhook for that write came back, was applied, and changed nothing in Taproom: no echo.
    expect(delivered.length).toBeGreaterThan(heard);
    expect(delivered.slice(heard).every((status) => status === 200)).toBe(true);
    expect(await priceOf(pint.containerId)).toBe("7.75");
    expect(await owed()).toEqual([]);
    expect(await (await worker()).runDue()).toBe(0);
    expect((await matchedSize("Harbor Haze")).posPriceMinor).toBe(775);
  });

  it("and a name changed in Taproom renames the item at Square, its sizes kept", async () => {
    const pint = await matchedSize("Copper Line Lager");
    const before = await atTill(pint.posItemId);
    expect((await api.patch(`items/${pint.itemId}`, { as: owner.rw, body: { item: { name: "Copper Line Helles" } } })).status).toBe(200);
    expect(await owed()).toMatchObject([{ itemId: pint.itemId, kind: "catalogue" }]);
    expect(await (await worker()).runDue()).toBe(1);
    const after = await atTill(pint.posItemId);
    expect(after.itemData.name).toBe("Copper Line Helles");
    expect(untouched(after)).toEqual(untouched(before));
    const [item] = await (await db()).select().from(items).where(eq(items.id, pint.itemId));
    expect(item!.customName ?? item!.originalName).toBe("Copper Line Helles");
  });
});

describe("a till edit racing Taproom's write", () => {
  it("is refused as VERSION_MISMATCH, read again and merged: the till's edit and Taproom's price both stand", async () => {
    const pint = await matchedSize("Night Shift Stout");
    await api.patch(`containers/${pint.containerId}`, { as: owner.rw, body: { container: { price: "8.25" } } });
    const upserts: number[] = [];
    onTheWire = async (request) => {
      if (!isUpsert(request)) return null;
      upserts.push(upserts.length);
      if (upserts.length === 1) {
        // A bartender edits the item at the till between Taproom's read and its write.
        const object = await atTill(pint.posItemId);
        await till.catalog.object.upsert({
          idempotencyKey: "till-racing-taproom",
          object: { ...object, itemData: { ...object.itemData, description: "Roasty, from the till" } } as never,
        });
      }
      return null;
    };
    try {
      expect(await (await worker()).runDue()).toBe(1);
    } finally {
      onTheWire = null;
    }
    expect(upserts).toHaveLength(2); // the stale write refused, the merged one taken
    const after = await atTill(pint.posItemId);
    expect(after.itemData.description).toBe("Roasty, from the till");
    const variation = (after.itemData.variations as Obj[]).find((each) => each.id === pint.posVariationId)!;
    expect(Number(variation.itemVariationData.priceMoney.amount)).toBe(825);
    expect(await owed()).toEqual([]);
    expect((await connection()).last_error).toBeNull();
  });
});

describe("Square answering 500, then 429", () => {
  it("shows it on the connection, writes nothing half-way, and is retried after the backoff (Retry-After) until it succeeds", async () => {
    const pint = await matchedSize("Sunday Saison");
    const before = await atTill(pint.posItemId);
    await api.patch(`containers/${pint.containerId}`, { as: owner.rw, body: { container: { price: "9.10" } } });
    const sender = await worker();
    onTheWire = async (request) =>
      isUpsert(request)
        ? Response.json(
            { errors: [{ category: "API_ERROR", code: "INTERNAL_SERVER_ERROR", detail: "Down for a moment" }] },
            { status: 500 },
          )
        : null;
    try {
      expect(await sender.runDue()).toBe(1);
      const [first] = await owed();
      expect(first).toMatchObject({ kind: "catalogue", attempts: 1 });
      expect(first!.lastError).toContain("500");
      expect((await connection()).last_error).toContain("Square answered 500");
      expect(await atTill(pint.posItemId)).toEqual(before); // nothing written, not even in part
      expect(await sender.runDue()).toBe(0); // not before its backoff

      onTheWire = async (request) =>
        isUpsert(request)
          ? Response.json(
              { errors: [{ category: "RATE_LIMIT_ERROR", code: "RATE_LIMITED", detail: "Slow down" }] },
              { status: 429, headers: { "retry-after": "30" } },
            )
          : null;
      skew += 2500;
      expect(await sender.runDue()).toBe(1);
      const [second] = await owed();
      expect(second).toMatchObject({ attempts: 2 });
      expect(second!.nextAttemptAt.getTime() - now().getTime()).toBeGreaterThan(25_000);
      expect((await connection()).last_error).toContain("429");
    } finally {
      onTheWire = null;
    }
    skew += 31_000;
    expect(await sender.runDue()).toBe(1);
    expect(await owed()).toEqual([]);
    const after = await atTill(pint.posItemId);
    const variation = (after.itemData.variations as Obj[]).find((each) => each.id === pint.posVariationId)!;
    expect(Number(variation.itemVariationData.priceMoney.amount)).toBe(910);
    expect((await connection()).last_error).toBeNull();
  });
});

describe("the reconciliation in taproom_to_pos", () => {
  it("reports the till's drift on a dry run and corrects it on a sync, creating what the till lacks (Square's ids kept, matched)", async () => {
    const pint = await matchedSize("Gose Almighty");
    const price = await priceOf(pint.containerId);
    // The till drifts: a price and the item's name changed there (Taproom leads: its webhook changes nothing here).
    const object = await atTill(pint.posItemId);
    await till.catalog.object.upsert({
      idempotencyKey: "till-drifts",
      object: {
        ...object,
        itemData: {
          ...object.itemData,
          name: "Gose Almighty (till)",
          variations: (object.itemData.variations as Obj[]).map((each) =>
            each.id === pint.posVariationId
              ? { ...each, itemVariationData: { ...each.itemVariationData, priceMoney: { amount: BigInt(1234), currency: "USD" } } }
              : each,
          ),
        },
      } as never,
    });
    expect(await priceOf(pint.containerId)).toBe(price);
    const itemsAtTill = async () => {
      const names: string[] = [];
      for await (const each of await till.catalog.list({ types: "ITEM" })) names.push((each as Obj).itemData.name);
      return names.length;
    };
    const countBefore = await itemsAtTill();
    const unmapped = await (await db()).select().from(posMappings).where(eq(posMappings.connectionId, connectionId));

    const dry = await api.post(`pos_connections/${connectionId}/sync?dry_run=true`, { as: owner.rw });
    expect(dry.status).toBe(200);
    expect(dry.body.sync.dry_run).toBe(true);
    expect(dry.body.sync.updated).toBeGreaterThanOrEqual(1);
    expect(dry.body.sync.created).toBeGreaterThanOrEqual(1); // the demo's items the till has never had
    expect((await atTill(pint.posItemId)).itemData.name).toBe("Gose Almighty (till)");
    expect(await itemsAtTill()).toBe(countBefore);
    expect(await (await db()).select().from(posMappings).where(eq(posMappings.connectionId, connectionId))).toEqual(unmapped);

    const applied = await api.post(`pos_connections/${connectionId}/sync`, { as: owner.rw });
    expect(applied.status).toBe(200);
    expect(applied.body.sync).toMatchObject({ dry_run: false, updated: dry.body.sync.updated, created: dry.body.sync.created });
    const after = await atTill(pint.posItemId);
    const [item] = await (await db()).select().from(items).where(eq(items.id, pint.itemId));
    expect(after.itemData.name).toBe(item!.customName ?? item!.originalName);
    const variation = (after.itemData.variations as Obj[]).find((each) => each.id === pint.posVariationId)!;
    expect(Number(variation.itemVariationData.priceMoney.amount)).toBe(Math.round(Number(price) * 100));
    expect(await itemsAtTill()).toBeGreaterThan(countBefore);

    // What was created is matched under Square's own ids (from id_mappings), at Taproom's price.
    const created = (await (await db()).select().from(posMappings).where(eq(posMappings.connectionId, connectionId))).filter(
      (row) => !unmapped.some((before) => before.posVariationId === row.posVariationId),
    );
    expect(created.length).toBe(dry.body.sync.created);
    for (const row of created.slice(0, 5)) {
      expect(row.status).toBe("matched");
      expect(row.posVariationId).toMatch(/^[A-Z0-9]{24}$/);
      const there = await atTill(row.posVariationId);
      expect(Number(there.itemVariationData.priceMoney.amount)).toBe(Math.round(Number(await priceOf(row.containerId!)) * 100));
    }
    // In line now: another dry run finds nothing, and nothing is owed.
    const again = await api.post(`pos_connections/${connectionId}/sync?dry_run=true`, { as: owner.rw });
    expect(again.body.sync).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect(await owed()).toEqual([]);
  });
});
