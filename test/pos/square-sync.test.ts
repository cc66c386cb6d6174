import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, call, db, type Account } from "../api";
import { snapshot } from "../snapshot";
import { deliverTillWebhooks, downtown, harbor, ownerAtDowntown, setCount, till, variationsOf } from "./connect";
import { containers, items, posConnections } from "@/lib/db/schema";
import { squareConfig } from "@/lib/pos/config";
import { subscribeSandbox } from "@/lib/pos/square/transport";
import { handleSquareSandbox } from "@/sandbox/square/server";
import { signature } from "@/sandbox/square/webhooks";

// pos.md §2–4 against the built-in Square sandbox: connect by OAuth (tokens sealed, currency checked),
// matching suggested and confirmed, and the till's changes (sold out, back in stock, a price) arriving
// as signed webhooks that 86, restore and reprice on the board; a bad signature changes nothing.

let owner: Account;
let location: { id: number };
let connectionId: number;
const delivered: number[] = [];

beforeAll(async () => {
  ({ owner, location } = await ownerAtDowntown());
  deliverTillWebhooks((_, answer) => delivered.push(answer.status));
});
afterAll(() => subscribeSandbox(null));

/** The location's item the connection's matches name `name` (the demo has a Harbor Haze at each location). */
const itemNamed = async (name: string) => {
  const mappings = (await api.get(`pos_connections/${connectionId}/mappings`, { as: owner.ro })).body.mappings as {
    pos_name: string;
    item_id: number | null;
  }[];
  const itemId = mappings.find((row) => row.pos_name === name && row.item_id !== null)!.item_id!;
  const [row] = await (await db()).select().from(items).where(eq(items.id, itemId));
  return row!;
};

describe("connecting Square", () => {
  it("starts pending with Square's consent URL, connects on the callback, seals the tokens and runs the first sync", async () => {
    const created = await api.post(`locations/${location.id}/pos_connections`, { as: owner.rw, body: { provider: "square" } });
    expect(created.status).toBe(201);
    expect(created.body.pos_connection).toMatchObject({
      provider: "square",
      status: "pending",
      direction: "pos_to_taproom",
      external_location_id: null,
    });
    connectionId = created.body.pos_connection.id;
    const consent = new URL(created.body.pos_connection.authorize_url);
    expect(consent.pathname).toBe("/sandbox/square/oauth2/authorize");
    expect(consent.searchParams.get("scope")).toContain("INVENTORY_WRITE");

    const twice = await api.post(`locations/${location.id}/pos_connections`, { as: owner.rw, body: { provider: "square" } });
    expect(twice.status).toBe(409);

    const page = await handleSquareSandbox(new Request(consent));
    expect(await page.text()).toContain("Allow");
    const allowed = await handleSquareSandbox(
      new Request(consent, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "decision=allow" }),
    );
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get("location")!);
    expect(back.pathname).toBe("/api/pos/square/oauth/callback");
    const callback = await call("GET", back.toString());
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toContain("pos=connected");

    const shown = await api.get(`pos_connections/${connectionId}`, { as: owner.ro });
    expect(shown.body.pos_connection).toMatchObject({
      status: "connected",
      external_location_id: downtown.id,
      authorize_url: null,
      last_error: null,
    });
    expect(shown.body.pos_connection.last_sync_at).not.toBeNull();
    const [row] = await (await db()).select().from(posConnections).where(eq(posConnections.id, connectionId));
    expect(row!.accessTokenEncrypted).not.toContain("EAAA"); // sealed at rest
    expect(row!.merchantId).toBeTruthy();

    // The callback's state is used once.
    const replay = await call("GET", back.toString());
    expect(replay.headers.get("location")).toContain("pos=link_expired");
  });

  it("refuses a POS location in another currency (422 currency), changing nothing", async () => {
    const before = await snapshot();
    const moved = await api.patch(`pos_connections/${connectionId}`, { as: owner.rw, body: { external_location_id: harbor.id } });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.map((error: { path: string }) => error.path)).toEqual(["currency"]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("matching", () => {
  it("suggests by name and size, and a confirmed batch replaces the matches (422 naming mappings[i], nothing changed)", async () => {
    const listed = await api.get(`pos_connections/${connectionId}/mappings`, { as: owner.ro });
    expect(listed.status).toBe(200);
    const haze = listed.body.mappings.filter((row: { pos_name: string }) => row.pos_name === "Harbor Haze");
    const byName = Object.fromEntries(
      haze.map((row: { pos_variation_name: string; status: string }) => [row.pos_variation_name, row.status]),
    );
    expect(byName).toEqual({ Pint: "suggested", Taster: "suggested", Half: "unmatched" });
    expect(haze.find((row: { pos_variation_name: string }) => row.pos_variation_name === "Pint").pos_price).toBe("7.00");

    const suggested = listed.body.mappings.filter((row: { status: string }) => row.status === "suggested");
    const good = suggested.map((row: { pos_variation_id: string; item_id: number; container_id: number }) => ({
      pos_variation_id: row.pos_variation_id,
      item_id: row.item_id,
      container_id: row.container_id,
    }));
    const before = await snapshot();
    const bad = await api.put(`pos_connections/${connectionId}/mappings`, {
      as: owner.rw,
      body: { mappings: [...good.slice(0, 2), { ...good[2], container_id: 999_999 }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { path: string }) => error.path)).toEqual(["mappings[2].container_id"]);
    expect(await snapshot()).toEqual(before);

    const put = await api.put(`pos_connections/${connectionId}/mappings`, { as: owner.rw, body: { mappings: good } });
    expect(put.status).toBe(200);
    expect(put.body.mappings.filter((row: { status: string }) => row.status === "matched")).toHaveLength(good.length);
  });
});

describe("from the till", () => {
  it("86es an item (reason pos) when every matched size is sold out, and restores it when one is back", async () => {
    const haze = await variationsOf("Harbor Haze");
    await setCount([haze[0]!], "0", "haze-pint-out");
    expect((await itemNamed("Harbor Haze")).eightySixedAt).toBeNull(); // the taster is still there
    await setCount([haze[2]!], "0", "haze-taster-out");
    const out = await itemNamed("Harbor Haze");
    expect(out.eightySixedAt).not.toBeNull();
    expect(out.eightySixedReason).toBe("pos");
    const changes = (await api.get(`locations/${location.id}/changes?limit=50`, { as: owner.ro })).body.changes as { type: string }[];
    expect(changes.map((change) => change.type)).toContain("item.86d");

    await setCount([haze[0]!], "24", "haze-pint-back");
    const back = await itemNamed("Harbor Haze");
    expect(back.eightySixedAt).toBeNull();
    const after = (await api.get(`locations/${location.id}/changes?limit=50`, { as: owner.ro })).body.changes as { type: string }[];
    expect(after.map((change) => change.type)).toContain("item.restored");
    expect(delivered.every((status) => status === 200)).toBe(true);
  });

  it("takes a price changed at the till onto the container (pos.synced)", async () => {
    const [pintId] = await variationsOf("Copper Line Lager");
    const { object } = await till.catalog.object.get({ objectId: pintId! });
    if (object?.type !== "ITEM_VARIATION") throw new Error("not a variation");
    await till.catalog.object.upsert({
      idempotencyKey: "copper-price",
      object: { ...object, itemVariationData: { ...object.itemVariationData, priceMoney: { amount: BigInt(725), currency: "USD" } } },
    });
    const mapping = (await api.get(`pos_connections/${connectionId}/mappings`, { as: owner.ro })).body.mappings.find(
      (row: { pos_variation_id: string }) => row.pos_variation_id === pintId,
    );
    expect(mapping).toMatchObject({ pos_price: "7.25", status: "matched" });
    const [container] = await (await db()).select().from(containers).where(eq(containers.id, mapping.container_id));
    expect(container!.price).toBe("7.25");
    const changes = (await api.get(`locations/${location.id}/changes?limit=50`, { as: owner.ro })).body.changes as { type: string }[];
    expect(changes.map((change) => change.type)).toContain("pos.synced");
  });

  it("answers a bad or missing signature 401 and changes nothing; a repeated event 200, applied once", async () => {
    const config = squareConfig();
    const body = JSON.stringify({
      merchant_id: "MLTAPROOMSANDBOX",
      type: "catalog.version.updated",
      event_id: "evt-1",
      created_at: new Date().toISOString(),
      data: {},
    });
    const post = (headers: Record<string, string>) =>
      call("POST", config.notificationUrl, { rawBody: body, headers: { "content-type": "application/json", ...headers } });
    const before = await snapshot();
    expect((await post({})).status).toBe(401);
    expect((await post({ "x-square-hmacsha256-signature": signature("wrong-key-wrong-key", config.notificationUrl, body) })).status).toBe(
      401,
    );
    expect(await snapshot()).toEqual(before);
    const signed = { "x-square-hmacsha256-signature": signature(config.signatureKey, config.notificationUrl, body) };
    expect((await post(signed)).body).toEqual({ received: true });
    expect((await post(signed)).body).toEqual({ received: true, repeated: true });
  });

  it("disconnecting stops the traffic and keeps Taproom's data", async () => {
    const item = await itemNamed("Harbor Haze");
    const removed = await api.delete(`pos_connections/${connectionId}`, { as: owner.rw });
    expect(removed.status).toBe(204);
    const haze = await variationsOf("Harbor Haze");
    await setCount(haze, "0", "haze-all-out-after-disconnect");
    const [after] = await (await db()).select().from(items).where(eq(items.id, item.id));
    expect(after!.eightySixedAt).toBeNull();
    expect((await api.get(`locations/${location.id}/pos_connections`, { as: owner.ro })).body.pos_connections).toEqual([]);
  });
});
