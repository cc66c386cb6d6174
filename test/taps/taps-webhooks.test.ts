import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { resetEnvForTests } from "@/lib/server/env";
import { WebhookWorker } from "@/lib/webhooks/worker";

// venue-operations §8: webhooks carry `tap.keg_low`, `tap.kicked` and `tap.swapped`, in order, with the
// feed's Change (its words) as data.

let owner: Account;
let locationId: number;
let server: http.Server;
let base: string;
const received: { type: string; data: { summary: string; version: number } }[] = [];

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  owner = await login("owner");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
});

describe("a keg drained, told to webhooks", () => {
  it("delivers tap.keg_low, tap.kicked and tap.swapped in order, kicked and swapped at one version", async () => {
    const rw = { as: owner.rw };
    const hook = await api.post(`locations/${locationId}/webhooks`, {
      ...rw,
      body: { webhook: { url: `${base}/taps`, events: ["tap.keg_low", "tap.kicked", "tap.swapped"] } },
    });
    expect(hook.status).toBe(201);
    const menu = (await api.post(`locations/${locationId}/menus`, { ...rw, body: { menu: { name: "Hooked taps" } } })).body.menu;
    const section = (await api.post(`menus/${menu.id}/sections`, { ...rw, body: { section: { name: "Draft" } } })).body.section;
    const item = async (name: string) => (await api.post(`sections/${section.id}/items`, { ...rw, body: { item: { name } } })).body.item.id;
    const pouring = await item("Harbor Haze");
    const next = await item("Next IPA");
    const tap = (
      await api.post(`locations/${locationId}/taps`, { ...rw, body: { tap: { number: 40, item_id: pouring, on_deck: [next] } } })
    ).body.tap;
    await api.post(`taps/${tap.id}/kegs`, { ...rw, body: { size_ml: 1000 } });
    await api.post(`taps/${tap.id}/pours`, { ...rw, body: { volume: 900, unit: "ml", idempotency_key: "w-1" } });
    await api.post(`taps/${tap.id}/pours`, { ...rw, body: { volume: 200, unit: "ml", idempotency_key: "w-2" } });
    await new WebhookWorker(await db()).runDue();
    expect(received.map((body) => body.type)).toEqual(["tap.keg_low", "tap.kicked", "tap.swapped"]);
    expect(received[1]!.data.version).toBe(received[2]!.data.version);
    expect(received[0]!.data.summary).toBe("Tap 40: the keg is low (10% left)");
    expect(received[2]!.data.summary).toBe("Tap 40: Next IPA went on, in place of Harbor Haze");
  });
});
