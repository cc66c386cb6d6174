import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, call, db, type Account } from "../api";
import { snapshot } from "../snapshot";
import { ownerAtDowntown } from "./connect";
import { deliverToastWebhooks, downtown, harbor, type Json, menuItem, receiveToastWebhook, ring, setStock, till } from "./toast-till";
import { containerSizes, containers, items, kegs, posConnections, posOutbox } from "@/lib/db/schema";
import { toastConfig } from "@/lib/pos/config";
import { PosOutboundWorker } from "@/lib/pos/outbound";
import { sandboxClient, subscribeSandbox } from "@/lib/pos/toast/transport";
import { ML_PER_OZ } from "@/lib/taps/schemas";
import { setToastFault } from "@/sandbox/toast/server";
import { signature } from "@/sandbox/toast/webhooks";

// pos.md §2–5 against the built-in Toast sandbox: connected at once with the API client's keys (the
// secret sealed, the restaurant's currency checked, bad keys refused with nothing saved), matching,
// the till's stock and prices arriving as signed messages (86, restore, reprice), an 86 in Taproom
// sent to Toast's Stock API, paid orders counted as pours and taken back by a refund or a void, and a
// Toast that answers 500 or 429 leaving a clear status and nothing half applied.

let owner: Account;
let location: { id: number };
let connectionId: number;
const delivered: number[] = [];
/** Every message the sandbox sent, as sent (to deliver one again). */
const sent: { body: string; headers: Headers }[] = [];
let skew = 0;
const now = () => new Date(Date.now() + skew);

beforeAll(async () => {
  ({ owner, location } = await ownerAtDowntown());
  deliverToastWebhooks((notification, answer) => {
    sent.push(notification);
    delivered.push(answer.status);
  });
});
afterEach(() => setToastFault(null));
afterAll(() => subscribeSandbox(null));

const keys = { provider: "toast", client_id: sandboxClient.clientId, client_secret: sandboxClient.clientSecret };
const connections = async () => (await db()).select().from(posConnections).where(eq(posConnections.locationId, location.id));
const connection = async () => (await api.get(`pos_connections/${connectionId}`, { as: owner.ro })).body.pos_connection;
const mappings = async () =>
  (await api.get(`pos_connections/${connectionId}/mappings`, { as: owner.ro })).body.mappings as {
    pos_name: string;
    pos_variation_id: string;
    pos_variation_name: string;
    pos_price: string | null;
    item_id: number | null;
    container_id: number | null;
    status: string;
  }[];
const itemNamed = async (name: string) => {
  const itemId = (await mappings()).find((row) => row.pos_name === name && row.status === "matched")!.item_id!;
  const [row] = await (await db()).select().from(items).where(eq(items.id, itemId));
  return row!;
};
const changeTypes = async () =>
  ((await api.get(`locations/${location.id}/changes?limit=50`, { as: owner.ro })).body.changes as { type: string }[]).map(
    (change) => change.type,
  );

describe("connecting Toast", () => {
  it("refuses missing or bad keys, a read-only direction and another currency (422 naming the field), saving nothing", async () => {
    const before = await snapshot();
    const post = (body: Json) => api.post(`locations/${location.id}/pos_connections`, { as: owner.rw, body });
    const paths = (answer: { body: { errors: { path: string }[] } }) => answer.body.errors.map((error) => error.path);

    const missing = await post({ provider: "toast" });
    expect(missing.status).toBe(422);
    expect(paths(missing)).toEqual(["client_id", "client_secret", "restaurant_guid"]);
    const wrong = await post({ ...keys, client_secret: "not-the-secret", restaurant_guid: downtown.guid });
    expect(wrong.status).toBe(422);
    expect(paths(wrong)).toEqual(["client_id", "client_secret"]);
    const readOnly = await post({ ...keys, restaurant_guid: downtown.guid, direction: "taproom_to_pos" });
    expect(readOnly.status).toBe(422);
    expect(paths(readOnly)).toEqual(["direction"]);
    const euros = await post({ ...keys, restaurant_guid: harbor.guid });
    expect(euros.status).toBe(422);
    expect(paths(euros)).toEqual(["currency"]);
    const elsewhere = await post({ ...keys, restaurant_guid: "00000000-0000-4000-a000-000000000000" });
    expect(paths(elsewhere)).toEqual(["restaurant_guid"]);
    const squareKeys = await post({ provider: "square", client_id: "x" });
    expect(paths(squareKeys)).toEqual(["client_id"]);

    expect(await snapshot()).toEqual(before);
    expect(await connections()).toEqual([]);
  });

  it("connects at once (201 connected), seals the secret, runs the first sync; a second is 409", async () => {
    const created = await api.post(`locations/${location.id}/pos_connections`, {
      as: owner.rw,
      body: { ...keys, restaurant_guid: downtown.guid },
    });
    expect(created.status).toBe(201);
    expect(created.body.pos_connection).toMatchObject({
      provider: "toast",
      status: "connected",
      authorize_url: null,
      external_location_id: downtown.guid,
      direction: "pos_to_taproom",
      last_error: null,
    });
    expect(created.body.pos_connection.last_sync_at).not.toBeNull();
    connectionId = created.body.pos_connection.id;
    const [row] = await connections();
    expect(row!.merchantId).toBe(downtown.guid);
    expect(row!.refreshTokenEncrypted).not.toContain(sandboxClient.clientSecret); // sealed at rest
    expect(row!.accessTokenEncrypted).toBeTruthy();
    const again = await api.post(`locations/${location.id}/pos_connections`, {
      as: owner.rw,
      body: { ...keys, restaurant_guid: downtown.guid },
    });
    expect(again.status).toBe(409);
    const patched = await api.patch(`pos_connections/${connectionId}`, { as: owner.rw, body: { direction: "taproom_to_pos" } });
    expect(patched.status).toBe(422);
    expect(patched.body.errors[0].path).toBe("direction");
  });
});

describe("the day's token", () => {
  it("is renewed by logging in again with the sealed keys when it is near its end", async () => {
    const [before] = await connections();
    await (await db())
      .update(posConnections)
      .set({ tokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(posConnections.id, connectionId));
    const sync = await api.post(`pos_connections/${connectionId}/sync`, { as: owner.rw });
    expect(sync.body.sync.errors).toEqual([]);
    const [after] = await connections();
    expect(after!.accessTokenEncrypted).not.toBe(before!.accessTokenEncrypted);
    expect(after!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(after!.refreshTokenEncrypted).toBeTruthy();
  });
});

describe("matching", () => {
  it("suggests Toast's sizes by name and size; a confirmed batch matches them", async () => {
    const haze = (await mappings()).filter((row) => row.pos_name === "Harbor Haze");
    expect(Object.fromEntries(haze.map((row) => [row.pos_variation_name, row.status]))).toEqual({
      Pint: "suggested",
      Taster: "suggested",
      Half: "unmatched",
    });
    expect(haze.find((row) => row.pos_variation_name === "Pint")!.pos_price).toBe("7.00");
    const { sizes } = await menuItem("Harbor Haze");
    expect(haze.map((row) => row.pos_variation_id).sort()).toEqual(sizes.map((size) => size.guid).sort());
    const good = (await mappings())
      .filter((row) => row.status === "suggested")
      .map(({ pos_variation_id, item_id, container_id }) => ({ pos_variation_id, item_id, container_id }));
    const put = await api.put(`pos_connections/${connectionId}/mappings`, { as: owner.rw, body: { mappings: good } });
    expect(put.status).toBe(200);
    expect((await mappings()).filter((row) => row.status === "matched")).toHaveLength(good.length);
  });
});

describe("from the till", () => {
  it("86es an item (reason pos) when its matched sizes, or the whole item, are out of stock; back in stock restores it", async () => {
    const { item, sizes } = await menuItem("Harbor Haze");
    const [pint, , taster] = sizes.map((size) => size.guid as string);
    await setStock([pint!], "OUT_OF_STOCK");
    expect((await itemNamed("Harbor Haze")).eightySixedAt).toBeNull(); // the taster still sells
    await setStock([taster!], "OUT_OF_STOCK");
    const out = await itemNamed("Harbor Haze");
    expect(out.eightySixedAt).not.toBeNull();
    expect(out.eightySixedReason).toBe("pos");
    expect(await changeTypes()).toContain("item.86d");
    await setStock([pint!, taster!], "IN_STOCK");
    expect((await itemNamed("Harbor Haze")).eightySixedAt).toBeNull();
    expect(await changeTypes()).toContain("item.restored");

    // The bartender marks the whole item out of stock in the Toast app: every size with it.
    await setStock([item.guid], "OUT_OF_STOCK");
    expect((await itemNamed("Harbor Haze")).eightySixedReason).toBe("pos");
    await setStock([item.guid], "IN_STOCK");
    expect((await itemNamed("Harbor Haze")).eightySixedAt).toBeNull();
    expect(delivered.every((status) => status === 200)).toBe(true);
  });

  it("takes a price published in Toast Web onto the container (pos.synced)", async () => {
    const { sizes } = await menuItem("Copper Line Lager");
    const pint = sizes[0]!.guid as string;
    expect((await till(`/till/items/${pint}/price`, { method: "PUT", body: { price: 7.25 } })).status).toBe(200);
    const mapping = (await mappings()).find((row) => row.pos_variation_id === pint)!;
    expect(mapping).toMatchObject({ pos_price: "7.25", status: "matched" });
    const [container] = await (await db()).select().from(containers).where(eq(containers.id, mapping.container_id!));
    expect(container!.price).toBe("7.25");
    expect(await changeTypes()).toContain("pos.synced");
  });

  it("answers a bad or missing Toast-Signature 401 and changes nothing; a repeated message 200, applied once", async () => {
    const config = toastConfig();
    const timestamp = new Date().toISOString();
    const body = JSON.stringify({
      timestamp,
      eventCategory: "menus",
      eventType: "menus_updated",
      guid: "a7d1c7e2-0000-4000-a000-000000000001",
      details: { restaurantGuid: downtown.guid, publishedDate: timestamp },
    });
    const post = (headers: Record<string, string>) =>
      call("POST", config.notificationUrl, {
        rawBody: body,
        headers: { "content-type": "application/json", "toast-restaurant-external-id": downtown.guid, ...headers },
      });
    const before = await snapshot();
    expect((await post({})).status).toBe(401);
    expect((await post({ "toast-signature": signature("wrong-secret-wrong", body, timestamp) })).status).toBe(401);
    // Signed over the body alone (without the timestamp): not Toast's signature.
    expect((await post({ "toast-signature": signature(config.webhookSecret, body, "") })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    const signed = { "toast-signature": signature(config.webhookSecret, body, timestamp) };
    expect((await post(signed)).body).toEqual({ received: true });
    expect((await post(signed)).body).toEqual({ received: true, repeated: true });
  });
});

describe("to the till", () => {
  it("sends an 86 made in Taproom to Toast's Stock API (OUT_OF_STOCK), and its restore (IN_STOCK), once each", async () => {
    const item = await itemNamed("Sunday Saison");
    const matched = (await mappings())
      .filter((row) => row.item_id === item.id && row.status === "matched")
      .map((row) => row.pos_variation_id);
    expect(matched.length).toBeGreaterThan(0);
    const stockOf = async () =>
      ((await till("/stock/v1/inventory/search", { method: "POST", body: { guids: matched } })).body as Json[]).map((each) => each.status);

    expect((await api.post(`items/${item.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } })).status).toBe(200);
    expect(await new PosOutboundWorker(await db(), { now }).runDue()).toBe(1);
    expect(await stockOf()).toEqual(matched.map(() => "OUT_OF_STOCK"));
    // Toast's message about that stock came back and changed nothing: the 86 stays Taproom's own.
    expect((await itemNamed("Sunday Saison")).eightySixedReason).toBe("manual");

    expect((await api.delete(`items/${item.id}/86`, { as: owner.rw })).status).toBe(200);
    expect(await new PosOutboundWorker(await db(), { now }).runDue()).toBe(1);
    expect(await stockOf()).toEqual(matched.map(() => "IN_STOCK"));
    expect(await new PosOutboundWorker(await db(), { now }).runDue()).toBe(0);
  });

  it("keeps the 86 owed while Toast answers 429 (its Retry-After) or 500, says so on the connection, and sends it later", async () => {
    const item = await itemNamed("West Pier Pale");
    const matched = (await mappings())
      .filter((row) => row.item_id === item.id && row.status === "matched")
      .map((row) => row.pos_variation_id);
    await api.post(`items/${item.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } });
    setToastFault({ status: 429, count: 1, retryAfter: 30 });
    expect(await new PosOutboundWorker(await db(), { now }).runDue()).toBe(1);
    const [row] = await (await db())
      .select()
      .from(posOutbox)
      .where(and(eq(posOutbox.itemId, item.id), isNull(posOutbox.doneAt)));
    expect(row!.lastError).toContain("Toast answered 429");
    expect(row!.nextAttemptAt.getTime() - now().getTime()).toBeGreaterThan(25_000);
    expect((await connection()).last_error).toContain("Sending sold out to toast failed: Toast answered 429");

    skew += 31_000;
    setToastFault({ status: 500, count: 1 });
    expect(await new PosOutboundWorker(await db(), { now }).runDue()).toBe(1);
    expect((await connection()).last_error).toContain("Toast answered 500");
    const statuses = async () =>
      ((await till("/stock/v1/inventory/search", { method: "POST", body: { guids: matched } })).body as Json[]).map((each) => each.status);
    expect(await statuses()).toEqual(matched.map(() => "IN_STOCK")); // nothing half applied

    skew += 5_000;
    expect(await new PosOutboundWorker(await db(), { now }).runDue()).toBe(1);
    expect(await statuses()).toEqual(matched.map(() => "OUT_OF_STOCK"));
    expect((await connection()).last_error).toBeNull();
    await api.delete(`items/${item.id}/86`, { as: owner.rw });
    await new PosOutboundWorker(await db(), { now }).runDue();
  });

  it("a reconciliation or a message while Toast answers 500 changes nothing and says why", async () => {
    const { sizes } = await menuItem("Copper Line Lager");
    const before = await snapshot();
    setToastFault({ status: 500, count: 10 });
    const sync = await api.post(`pos_connections/${connectionId}/sync`, { as: owner.rw });
    expect(sync.status).toBe(200);
    expect(sync.body.sync.errors[0].message).toContain("Toast answered 500");
    expect((await connection()).last_error).toContain("Toast answered 500");
    // A price published meanwhile (its message held back here): it cannot be read back, so it is answered
    // 503 and not kept as seen.
    setToastFault(null);
    const held: { body: string; headers: Headers }[] = [];
    const config = toastConfig();
    subscribeSandbox({ notificationUrl: config.notificationUrl, secret: config.webhookSecret, deliver: async (each) => held.push(each) });
    await till(`/till/items/${sizes[0]!.guid}/price`, { method: "PUT", body: { price: 9.5 } });
    deliverToastWebhooks((notification) => sent.push(notification));
    const message = held[0]!;
    setToastFault({ status: 500, count: 10 });
    expect((await receiveToastWebhook(message)).status).toBe(503);
    expect(await snapshot()).toEqual({ ...before });
    setToastFault(null);
    expect((await receiveToastWebhook(message)).status).toBe(200);
    expect((await mappings()).find((row) => row.pos_variation_id === sizes[0]!.guid)!.pos_price).toBe("9.50");
    expect((await connection()).last_error).toBeNull();
  });
});

describe("sales become pours", () => {
  it("counts a paid order's pints on the tap's keg once, and a refund or a void takes them back", async () => {
    const taps = (await api.get(`locations/${location.id}/taps`, { as: owner.ro })).body.taps as { id: number; item_id: number | null }[];
    const pint = (await mappings()).find(
      (row) => row.status === "matched" && row.pos_variation_name === "Pint" && taps.some((tap) => tap.item_id === row.item_id),
    )!;
    const tap = taps.find((each) => each.item_id === pint.item_id)!;
    expect((await api.post(`taps/${tap.id}/kegs`, { as: owner.rw, body: { size_ml: 19_500 } })).status).toBe(201);
    const [size] = await (await db())
      .select({ ounces: containerSizes.ounces })
      .from(containers)
      .innerJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
      .where(eq(containers.id, pint.container_id!));
    const pintMl = Math.round(Number(size!.ounces) * ML_PER_OZ * 1000) / 1000;
    const remaining = async () => {
      const [keg] = await (await db())
        .select()
        .from(kegs)
        .where(and(eq(kegs.tapId, tap.id), isNull(kegs.endedAt)));
      return Number(keg!.remainingMl);
    };
    const itemGuid = (await menuItem(pint.pos_name)).item.guid as string;

    const order = await ring([{ item: itemGuid, size: pint.pos_variation_id, quantity: 2 }]);
    expect(await remaining()).toBeCloseTo(19_500, 2); // open: nothing counted
    await till(`/till/orders/${order.guid}/pay`, { method: "POST" });
    expect(await remaining()).toBeCloseTo(19_500 - 2 * pintMl, 2);
    // The same message again, and a new message about the same paid order: counted once.
    const paidMessage = sent.filter((each) => JSON.parse(each.body).details?.order?.guid === order.guid).at(-1)!;
    expect(await (await receiveToastWebhook(paidMessage)).json()).toEqual({ received: true, repeated: true });
    const fresh = JSON.parse(paidMessage.body);
    fresh.guid = `${fresh.guid.slice(0, -4)}ffff`;
    const body = JSON.stringify(fresh);
    const headers = new Headers(paidMessage.headers);
    headers.set("toast-signature", signature(toastConfig().webhookSecret, body, fresh.timestamp));
    expect((await receiveToastWebhook({ body, headers })).status).toBe(200);
    expect(await remaining()).toBeCloseTo(19_500 - 2 * pintMl, 2);

    await till(`/till/orders/${order.guid}/refund`, { method: "POST", body: {} });
    expect(await remaining()).toBeCloseTo(19_500, 2);

    const voided = await ring([{ item: itemGuid, size: pint.pos_variation_id, quantity: 1 }]);
    await till(`/till/orders/${voided.guid}/pay`, { method: "POST" });
    expect(await remaining()).toBeCloseTo(19_500 - pintMl, 2);
    expect((await till(`/orders/v2/orders/${voided.guid}/void`, { method: "POST" })).body.voided).toBe(true);
    expect(await remaining()).toBeCloseTo(19_500, 2);
  });

  it("disconnecting stops the traffic and keeps Taproom's data", async () => {
    const item = await itemNamed("Harbor Haze");
    expect((await api.delete(`pos_connections/${connectionId}`, { as: owner.rw })).status).toBe(204);
    await setStock([(await menuItem("Harbor Haze")).item.guid], "OUT_OF_STOCK");
    const [after] = await (await db()).select().from(items).where(eq(items.id, item.id));
    expect(after!.eightySixedAt).toBeNull();
    expect((await api.get(`locations/${location.id}/pos_connections`, { as: owner.ro })).body.pos_connections).toEqual([]);
  });
});
