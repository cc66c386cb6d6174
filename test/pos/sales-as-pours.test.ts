import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, db, type Account } from "../api";
import { connectSquare, deliverTillWebhooks, downtown, ownerAtDowntown, receiveTillWebhook, till } from "./connect";
import { containerSizes, containers, items, kegs, posSales } from "@/lib/db/schema";
import { squareConfig } from "@/lib/pos/config";
import { subscribeSandbox } from "@/lib/pos/square/transport";
import { ML_PER_OZ } from "@/lib/taps/schemas";
import { signature } from "@/sandbox/square/webhooks";

// pos.md §5: an order paid at the Square sandbox's till counts its matched lines as pours on the taps
// pouring their items (once, however often the webhook comes), a refund takes them back once, selling
// out a keg kicks it as a meter would, and the pour variance sets meters beside sales.

let owner: Account;
let location: { id: number };
let connectionId: number;
/** Every notification the sandbox sent, as sent (to deliver one again). */
const sent: { body: string; headers: Headers }[] = [];

type Mapping = {
  pos_name: string;
  pos_variation_id: string;
  pos_variation_name: string;
  item_id: number | null;
  container_id: number | null;
};
type Tap = { id: number; number: number; item_id: number | null };
/** A matched Pint on a tap, and the tap. */
let onTap: { mapping: Mapping; tap: Tap }[] = [];
/** A matched Pint whose item is on no tap. */
let offTap: Mapping;
let unmatched: Mapping;
let pintMl: number;

async function connect() {
  connectionId = await connectSquare(owner, location.id);
  return (await api.get(`pos_connections/${connectionId}/mappings`, { as: owner.ro })).body.mappings as (Mapping & { status: string })[];
}

beforeAll(async () => {
  ({ owner, location } = await ownerAtDowntown());
  deliverTillWebhooks((notification) => sent.push(notification));
  const mappings = await connect();
  const taps = (await api.get(`locations/${location.id}/taps`, { as: owner.ro })).body.taps as Tap[];
  const pints = mappings.filter((row) => row.status === "matched" && row.pos_variation_name === "Pint");
  onTap = pints.flatMap((mapping) => {
    const tap = taps.find((each) => each.item_id === mapping.item_id);
    return tap ? [{ mapping, tap }] : [];
  });
  const matched = mappings.filter((row) => row.status === "matched");
  offTap = matched.find((mapping) => !taps.some((each) => each.item_id === mapping.item_id))!;
  unmatched = mappings.find((row) => row.status === "unmatched")!;
  expect(onTap.length).toBeGreaterThanOrEqual(3);
  expect(offTap).toBeDefined();
  expect(unmatched).toBeDefined();
  const [size] = await (await db())
    .select({ ounces: containerSizes.ounces })
    .from(containers)
    .innerJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
    .where(eq(containers.id, onTap[0]!.mapping.container_id!));
  pintMl = Math.round(Number(size!.ounces) * ML_PER_OZ * 1000) / 1000;
});
afterAll(() => subscribeSandbox(null));

/** The keg in service on the tap, as its row says. */
async function kegOn(tapId: number) {
  const [row] = await (await db())
    .select()
    .from(kegs)
    .where(and(eq(kegs.tapId, tapId), isNull(kegs.endedAt)));
  return row ?? null;
}
const remaining = async (tapId: number) => Number((await kegOn(tapId))!.remainingMl);
const newKeg = async (tapId: number, size: number) => {
  const answer = await api.post(`taps/${tapId}/kegs`, { as: owner.rw, body: { size_ml: size } });
  expect(answer.status).toBe(201);
};

let rung = 0;
/** Rings an order at the till and pays it: the sandbox sends order.created, then order.updated (COMPLETED). */
async function ringAndPay(lines: { variationId: string; quantity: string; priceMinor?: number }[]) {
  rung++;
  const created = await till.orders.create({
    idempotencyKey: `ring-${rung}`,
    order: {
      locationId: downtown.id,
      lineItems: lines.map((line) => ({
        catalogObjectId: line.variationId,
        quantity: line.quantity,
        // A price the bartender keyed in for this line (Square's base_price_money on the line).
        ...(line.priceMinor === undefined ? {} : { basePriceMoney: { amount: BigInt(line.priceMinor), currency: "USD" as const } }),
      })),
    },
  });
  const paid = await till.orders.pay({ orderId: created.order!.id!, idempotencyKey: `pay-${rung}` });
  expect(paid.order!.state).toBe("COMPLETED");
  return paid.order!;
}
const lastOrderUpdate = () => sent.filter((each) => JSON.parse(each.body).type === "order.updated").at(-1)!;

describe("sales become pours", () => {
  it("counts two pints paid at the till on the tap's keg, once however often the webhook comes", async () => {
    const { mapping, tap } = onTap[0]!;
    await newKeg(tap.id, 19_500);
    const order = await ringAndPay([{ variationId: mapping.pos_variation_id, quantity: "2" }]);
    expect(await remaining(tap.id)).toBeCloseTo(19_500 - 2 * pintMl, 2);

    // The same notification again: seen, nothing counted.
    const again = await receiveTillWebhook(lastOrderUpdate());
    expect(await again.json()).toEqual({ received: true, repeated: true });
    // A new event about the same paid order (Square sends order.updated for any change): the line is counted already.
    const body = JSON.parse(lastOrderUpdate().body);
    const fresh = JSON.stringify({ ...body, event_id: `${body.event_id}-again` });
    const config = squareConfig();
    const headers = new Headers({ "x-square-hmacsha256-signature": signature(config.signatureKey, config.notificationUrl, fresh) });
    expect((await receiveTillWebhook({ body: fresh, headers })).status).toBe(200);
    expect(await remaining(tap.id)).toBeCloseTo(19_500 - 2 * pintMl, 2);
    // Two more at once (two instances, a retry racing the first): still once.
    const racing = [1, 2].map((n) => {
      const raced = JSON.stringify({ ...body, event_id: `${body.event_id}-race-${n}` });
      return {
        body: raced,
        headers: new Headers({ "x-square-hmacsha256-signature": signature(config.signatureKey, config.notificationUrl, raced) }),
      };
    });
    expect((await Promise.all(racing.map(receiveTillWebhook))).map((answer) => answer.status)).toEqual([200, 200]);
    expect(await remaining(tap.id)).toBeCloseTo(19_500 - 2 * pintMl, 2);
    const sales = await (await db()).select().from(posSales).where(eq(posSales.orderId, order.id!));
    expect(sales).toHaveLength(1);
    expect(Number(sales[0]!.volumeMl)).toBeCloseTo(2 * pintMl, 2);
    expect(sales[0]!.pourId).not.toBeNull();

    const shown = (await api.get(`locations/${location.id}/taps`, { as: owner.ro })).body.taps.find((each: Tap) => each.id === tap.id);
    expect(shown.keg.remaining_ml).toBeCloseTo(19_500 - 2 * pintMl, 2);
    expect(shown.keg.forecast_empty_at).not.toBeNull();
  });

  it("counts nothing for an unmatched variation or an item on no tap", async () => {
    const levels = await Promise.all(onTap.map(({ tap }) => remaining(tap.id)));
    const order = await ringAndPay([
      { variationId: unmatched.pos_variation_id, quantity: "3" },
      { variationId: offTap.pos_variation_id, quantity: "2" },
    ]);
    expect(await Promise.all(onTap.map(({ tap }) => remaining(tap.id)))).toEqual(levels);
    expect(await (await db()).select().from(posSales).where(eq(posSales.orderId, order.id!))).toEqual([]);
  });

  it("gives the level back once when the order is refunded in full", async () => {
    const { mapping, tap } = onTap[0]!;
    const before = await remaining(tap.id);
    const order = await ringAndPay([{ variationId: mapping.pos_variation_id, quantity: "1" }]);
    expect(await remaining(tap.id)).toBeCloseTo(before - pintMl, 2);

    // A partial refund is money back, not a drink named: nothing is taken back.
    const paymentId = order.tenders![0]!.paymentId!;
    const total = order.totalMoney!.amount!;
    await till.refunds.refundPayment({ idempotencyKey: "part", paymentId, amountMoney: { amount: BigInt(100), currency: "USD" } });
    expect(await remaining(tap.id)).toBeCloseTo(before - pintMl, 2);
    await till.refunds.refundPayment({
      idempotencyKey: "rest",
      paymentId,
      amountMoney: { amount: BigInt(total) - BigInt(100), currency: "USD" },
    });
    expect(await remaining(tap.id)).toBeCloseTo(before, 3);
    const [sale] = await (await db()).select().from(posSales).where(eq(posSales.orderId, order.id!));
    expect(sale!.returnedAt).not.toBeNull();

    // The refund's notification again, and a new one: taken back once.
    expect((await (await receiveTillWebhook(lastOrderUpdate())).json()).repeated).toBe(true);
    const body = JSON.parse(lastOrderUpdate().body);
    const fresh = JSON.stringify({ ...body, event_id: `${body.event_id}-again` });
    const config = squareConfig();
    const headers = new Headers({ "x-square-hmacsha256-signature": signature(config.signatureKey, config.notificationUrl, fresh) });
    expect((await receiveTillWebhook({ body: fresh, headers })).status).toBe(200);
    expect(await remaining(tap.id)).toBeCloseTo(before, 3);
  });

  it("counts nothing for a ticket voided before it was paid (UpdateOrder to CANCELED)", async () => {
    const { mapping, tap } = onTap[0]!;
    const before = await remaining(tap.id);
    const created = await till.orders.create({
      idempotencyKey: "void-1",
      order: { locationId: downtown.id, lineItems: [{ catalogObjectId: mapping.pos_variation_id, quantity: "1" }] },
    });
    const voided = await till.orders.update({
      orderId: created.order!.id!,
      idempotencyKey: "void-1-cancel",
      order: { locationId: downtown.id, version: created.order!.version!, state: "CANCELED" },
    });
    expect(voided.order!.state).toBe("CANCELED");
    expect(JSON.parse(lastOrderUpdate().body).data.object.order_updated.state).toBe("CANCELED");
    expect(await remaining(tap.id)).toBeCloseTo(before, 3);
    await expect(till.orders.pay({ orderId: created.order!.id!, idempotencyKey: "void-1-pay" })).rejects.toThrow();
  });

  it("kicks the keg, 86es its beer and puts the on-deck one on when a sale drains it, as a meter would", async () => {
    const { mapping, tap } = onTap[1]!;
    const patched = await api.patch(`taps/${tap.id}`, { as: owner.rw, body: { tap: { on_deck: [offTap.item_id] } } });
    expect(patched.status).toBe(200);
    await newKeg(tap.id, Math.round(pintMl * 1.5));
    await ringAndPay([{ variationId: mapping.pos_variation_id, quantity: "2" }]);
    const [kicked] = await (await db()).select().from(items).where(eq(items.id, mapping.item_id!));
    expect(kicked!.eightySixedReason).toBe("kicked");
    const shown = (await api.get(`locations/${location.id}/taps`, { as: owner.ro })).body.taps.find((each: Tap) => each.id === tap.id);
    expect(shown.item_id).toBe(offTap.item_id);
    expect(shown.keg.remaining_ml).toBe(Math.round(pintMl * 1.5));
    const changes = (await api.get(`locations/${location.id}/changes?limit=100`, { as: owner.ro })).body.changes as { type: string }[];
    expect(changes.map((change) => change.type)).toEqual(expect.arrayContaining(["tap.kicked", "tap.swapped"]));
  });
});

describe("pour variance", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const around = () => {
    const day = 24 * 3600_000;
    return {
      from: new Date(Date.now() - 2 * day).toISOString().slice(0, 10),
      to: new Date(Date.now() + 2 * day).toISOString().slice(0, 10),
    };
  };

  it("sets what a meter poured beside what the POS sold, per tap and beer; a metered tap's level is the meter's", async () => {
    const { mapping, tap } = onTap[2]!;
    await newKeg(tap.id, 19_500);
    const poured = await api.post(`taps/${tap.id}/pours`, { as: owner.rw, body: { volume: 600, unit: "ml", idempotency_key: "meter-1" } });
    expect(poured.status).toBe(201);
    await ringAndPay([{ variationId: mapping.pos_variation_id, quantity: "1" }]);
    // The meter counts the level: the sale is kept beside it, not poured twice.
    expect(await remaining(tap.id)).toBeCloseTo(19_500 - 600, 3);

    const { from, to } = around();
    const answer = await api.get(`locations/${location.id}/pour_variance?from=${from}&to=${to}`, { as: owner.ro });
    expect(answer.status).toBe(200);
    const rows = answer.body.pour_variance as {
      tap_id: number;
      item_id: number;
      poured_ml: number;
      sold_ml: number;
      difference_ml: number;
      yield: number | null;
      days: { date: string }[];
    }[];
    const metered = rows.find((row) => row.tap_id === tap.id && row.item_id === mapping.item_id)!;
    expect(metered).toMatchObject({ poured_ml: 600, difference_ml: Math.round((600 - pintMl) * 1000) / 1000 });
    expect(metered.sold_ml).toBeCloseTo(pintMl, 2);
    expect(metered.yield).toBeCloseTo(pintMl / 600, 4);
    expect(metered.days.length).toBeGreaterThanOrEqual(1);
    // The first tap has no meter: two pints sold (the refunded one is not), nothing metered, no yield.
    const sold = rows.find((row) => row.tap_id === onTap[0]!.tap.id)!;
    expect(sold).toMatchObject({ poured_ml: 0, yield: null });
    expect(sold.sold_ml).toBeCloseTo(2 * pintMl, 2);
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("answers 422 to a date that is not one, a span backwards or longer than 366 days", async () => {
    for (const query of ["from=2026-13-01", "to=yesterday", "from=2026-05-02&to=2026-05-01", "from=2024-01-01&to=2026-01-01"]) {
      const answer = await api.get(`locations/${location.id}/pour_variance?${query}`, { as: owner.ro });
      expect(answer.status, query).toBe(422);
    }
  });
});

describe("the pour report's sales (venue-operations §15)", () => {
  type ReportRow = { key: string; pours: number; volume_ml: number; sales: string | null };
  const window = () => {
    const day = 24 * 3600_000;
    return `from=${new Date(Date.now() - 2 * day).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 2 * day).toISOString().slice(0, 10)}`;
  };
  const rowOf = async (tapId: number) => {
    const answer = await api.get(`locations/${location.id}/pour_report?group=tap&${window()}`, { as: owner.rw });
    expect(answer.status).toBe(200);
    return (answer.body.rows as ReportRow[]).find((row) => row.key === String(tapId));
  };

  it("are what the till charged for the pours it rang, not the servings at the menu's price", async () => {
    const { mapping, tap } = onTap[0]!;
    const before = (await rowOf(tap.id))!;
    // Two pints keyed in at 5.55 each: the menu's price for the pint is another.
    const [container] = await (await db()).select().from(containers).where(eq(containers.id, mapping.container_id!));
    expect(container!.price).not.toBe("5.55");
    await ringAndPay([{ variationId: mapping.pos_variation_id, quantity: "2", priceMinor: 555 }]);
    const after = (await rowOf(tap.id))!;
    expect(after.pours - before.pours).toBe(1);
    expect(((Number(after.sales) * 100 - Number(before.sales) * 100) / 100).toFixed(2)).toBe("11.10");
  });

  it("on a tap with a meter are the till's lines beside it; the meter's pours add none", async () => {
    const { tap } = onTap[2]!;
    const beside = await (await db())
      .select({ saleMinor: posSales.saleMinor })
      .from(posSales)
      .where(and(eq(posSales.tapId, tap.id), isNull(posSales.pourId), isNull(posSales.returnedAt)));
    expect(beside.length).toBeGreaterThanOrEqual(1);
    expect(beside.every((line) => line.saleMinor !== null)).toBe(true);
    const row = (await rowOf(tap.id))!;
    // The meter's 600 ml poured, and sold what the till says it sold.
    expect(row).toMatchObject({ pours: 1, volume_ml: 600 });
    expect(row.sales).toBe((beside.reduce((sum, line) => sum + line.saleMinor!, 0) / 100).toFixed(2));
  });
});
