import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { api, db, login, type Account } from "../api";
import type { TestDatabase } from "../database";
import { getDatabase, openPostgres, type Database } from "@/lib/db/client";
import { webhookDeliveries, webhooks } from "@/lib/db/schema";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/schemas";
import { resetEnvForTests } from "@/lib/server/env";
import { signedHeaders } from "@/lib/webhooks/signing";
import { isInternalAddress } from "@/lib/server/outbound/target";
import { httpTransport } from "@/lib/webhooks/transport";
import { pruneDeliveries } from "@/lib/webhooks/webhooks";
import { DISABLE_AFTER_MS, WebhookWorker } from "@/lib/webhooks/worker";
import { subscribe, wakesOnChange } from "@/lib/live/bus";
import { startJobs } from "@/lib/server/jobs";

// Signed webhooks (live-menus §4): every change reaches a receiver at least once, in cursor order,
// signed by the Standard Webhooks scheme, across a restart and a receiver that fails for a while;
// internal targets are refused when saved and when a name resolves to one; 24 h of failures disable
// the webhook with a reason; two workers never deliver to one webhook at once. Time is injected into
// the worker (`now`), never waited for.

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

let owner: Account;
let rival: Account;
let locationId: number;
let sectionId: number;
let server: http.Server;
let base: string;
const received: Received[] = [];
/** Per path: the status to answer next (default 200), consumed one at a time; or a fixed answer. */
const scripted = new Map<string, number[]>();
const inFlight = new Map<string, number>();
let mostInFlight = 0;
let arrived: (() => void) | null = null;

const receivedAt = (path: string) => received.filter((entry) => entry.path === path);
const bodies = (path: string) => receivedAt(path).map((entry) => JSON.parse(entry.body));

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  owner = await login("owner");
  rival = await login("rival");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  const menuId = (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus[0].id;
  sectionId = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu.sections[0].id;
  server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    const chunks: Buffer[] = [];
    const now = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, now);
    mostInFlight = Math.max(mostInFlight, now);
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const queue = scripted.get(path);
      const status = queue && queue.length > 0 ? queue.shift()! : 200;
      // Answer on the next turn, so two workers racing for one webhook would overlap here.
      setImmediate(() => {
        inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
        response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "nope");
        arrived?.();
      });
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

afterEach(async () => {
  await (await db()).delete(webhooks);
  received.length = 0;
  scripted.clear();
  mostInFlight = 0;
});

const rename = async (name: string) => {
  const response = await api.patch(`sections/${sectionId}`, { as: owner.rw, body: { section: { name } } });
  expect(response.status).toBe(200);
};
const feedAfter = async (cursor: string) =>
  (await api.get(`locations/${locationId}/changes?since=${cursor}`, { as: owner.ro })).body.changes;
const latestCursor = async () => {
  let cursor = "0000000000000000";
  for (;;) {
    const page = (await api.get(`locations/${locationId}/changes?since=${cursor}&limit=500`, { as: owner.ro })).body;
    if (page.changes.length === 0) return page.next_cursor as string;
    cursor = page.next_cursor;
  }
};
const create = async (path: string, extra: Record<string, unknown> = {}) => {
  const response = await api.post(`locations/${locationId}/webhooks`, {
    as: owner.rw,
    body: { webhook: { url: `${base}${path}`, ...extra } },
  });
  expect(response.status).toBe(201);
  return response.body.webhook as { id: number; secret: string };
};

/** The Standard Webhooks check, written out with node:crypto (independent of the package the app signs with). */
function verify(secret: string, headers: http.IncomingHttpHeaders, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`).digest();
  const signatures = String(headers["webhook-signature"]).split(" ");
  return signatures.some((entry) => {
    const [version, value] = entry.split(",");
    const given = Buffer.from(value ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe("signing", () => {
  it("reproduces the Standard Webhooks specification's example signature", () => {
    const headers = signedHeaders(
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      new Date(1614265330_000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
    expect(verify("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", headers, '{"test": 2432232314}')).toBe(true);
    expect(verify("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", headers, '{"test": 2432232315}')).toBe(false);
  });
});

describe("internal addresses", () => {
  it("knows loopback, private, link-local and other internal ranges, IPv4 and IPv6 (mapped too)", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a00:1",
      "2002:7f00:1::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "2001:db8::1",
      "not an address",
    ]) {
      expect([address, isInternalAddress(address)]).toEqual([address, true]);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]) {
      expect([address, isInternalAddress(address)]).toEqual([address, false]);
    }
  });
});

describe("webhook records", () => {
  it("creates with the secret shown once, lists and reads without it, changes and deletes", async () => {
    const created = await api.post(`locations/${locationId}/webhooks`, {
      as: owner.rw,
      body: { webhook: { url: `${base}/crud`, description: "POS sync" } },
    });
    expect(created.status).toBe(201);
    const webhook = created.body.webhook;
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({
      location_id: locationId,
      url: `${base}/crud`,
      description: "POS sync",
      enabled: true,
      disabled_reason: null,
    });
    expect(webhook.events).toEqual([...WEBHOOK_EVENT_TYPES]); // every kind of change, menu.schedule_changed too
    const listed = (await api.get(`locations/${locationId}/webhooks`, { as: owner.ro })).body.webhooks;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty("secret");
    const read = (await api.get(`webhooks/${webhook.id}`, { as: owner.ro })).body.webhook;
    expect(read).not.toHaveProperty("secret");
    const { secret: _secret, ...withoutSecret } = webhook;
    expect(read).toEqual(withoutSecret);
    const stored = (await (await db()).select().from(webhooks).where(eq(webhooks.id, webhook.id)))[0]!;
    expect(stored.secretEncrypted).not.toContain(webhook.secret.slice(6));

    const patched = await api.patch(`webhooks/${webhook.id}`, {
      as: owner.rw,
      body: { webhook: { events: ["item.restored", "item.86d"], description: "" } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.webhook).toMatchObject({ events: ["item.86d", "item.restored"], description: null });
    const paused = (await api.patch(`webhooks/${webhook.id}`, { as: owner.rw, body: { webhook: { enabled: false } } })).body.webhook;
    expect(paused).toMatchObject({ enabled: false, disabled_reason: "Paused by a person" });
    const resumed = (await api.patch(`webhooks/${webhook.id}`, { as: owner.rw, body: { webhook: { enabled: true } } })).body.webhook;
    expect(resumed).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });

    expect((await api.delete(`webhooks/${webhook.id}`, { as: owner.rw })).body.webhook.id).toBe(webhook.id);
    expect((await api.get(`webhooks/${webhook.id}`, { as: owner.ro })).status).toBe(404);
  });

  it("refuses the read-only token (403) and other businesses (404), and bad input (422), changing nothing", async () => {
    const webhook = await create("/tenancy");
    expect((await api.post(`locations/${locationId}/webhooks`, { as: owner.ro, body: { webhook: { url: `${base}/x` } } })).status).toBe(
      403,
    );
    expect((await api.patch(`webhooks/${webhook.id}`, { as: owner.ro, body: { webhook: { description: "x" } } })).status).toBe(403);
    expect((await api.delete(`webhooks/${webhook.id}`, { as: owner.ro })).status).toBe(403);
    expect((await api.post(`webhooks/${webhook.id}/test`, { as: owner.ro })).status).toBe(403);
    expect((await api.get(`locations/${locationId}/webhooks`, { as: rival.ro })).status).toBe(404);
    expect((await api.post(`locations/${locationId}/webhooks`, { as: rival.rw, body: { webhook: { url: `${base}/x` } } })).status).toBe(
      404,
    );
    for (const path of [`webhooks/${webhook.id}`, `webhooks/${webhook.id}/deliveries`]) {
      expect((await api.get(path, { as: rival.ro })).status).toBe(404);
    }
    expect((await api.patch(`webhooks/${webhook.id}`, { as: rival.rw, body: { webhook: { description: "x" } } })).status).toBe(404);
    expect((await api.delete(`webhooks/${webhook.id}`, { as: rival.rw })).status).toBe(404);
    expect((await api.post(`webhooks/${webhook.id}/test`, { as: rival.rw })).status).toBe(404);
    const bad = async (body: unknown) => api.post(`locations/${locationId}/webhooks`, { as: owner.rw, body });
    const unknownType = await bad({ webhook: { url: `${base}/x`, events: ["menu.exploded"] } });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors[0].path).toBe("webhook.events.0");
    expect((await bad({ webhook: { url: `${base}/x`, events: [] } })).status).toBe(422);
    expect((await bad({ webhook: { url: "not a url" } })).body.errors[0].path).toBe("webhook.url");
    expect((await bad({ webhook: { url: "ftp://example.com/x" } })).status).toBe(422);
    expect((await bad({ webhook: {} })).status).toBe(422);
    expect(
      (await api.patch(`webhooks/${webhook.id}`, { as: owner.rw, body: { webhook: { url: "https://user:pw@example.com/" } } })).status,
    ).toBe(422);
    expect((await api.get(`locations/${locationId}/webhooks`, { as: owner.ro })).body.webhooks).toHaveLength(1);
    expect((await api.get(`webhooks/${webhook.id}/deliveries?limit=0`, { as: owner.ro })).status).toBe(422);
  });

  it("refuses http and internal addresses with 422 unless WEBHOOK_ALLOW_PRIVATE", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "false";
    resetEnvForTests();
    try {
      for (const url of [
        "http://example.com/hook",
        "https://127.0.0.1/hook",
        "https://[::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://10.0.0.8/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://2130706433/hook",
        "https://localhost/hook",
        "https://db.internal/hook",
        "https://printer.local/hook",
      ]) {
        const response = await api.post(`locations/${locationId}/webhooks`, { as: owner.rw, body: { webhook: { url } } });
        expect([url, response.status]).toEqual([url, 422]);
        expect(response.body.errors[0].path).toBe("webhook.url");
      }
      expect((await api.get(`locations/${locationId}/webhooks`, { as: owner.ro })).body.webhooks).toEqual([]);
      expect(
        (
          await api.post(`locations/${locationId}/webhooks`, {
            as: owner.rw,
            body: { webhook: { url: "https://hooks.example.com/taproom" } },
          })
        ).status,
      ).toBe(201);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "true";
      resetEnvForTests();
    }
  });
});

describe("deliveries", () => {
  it("delivers every change once, in order, signed, with the feed's Change as data", async () => {
    const since = await latestCursor();
    const webhook = await create("/ordered");
    for (const name of ["Order 1", "Order 2", "Order 3"]) await rename(name);
    const worker = new WebhookWorker(await db());
    expect(await worker.runDue()).toBe(3);
    expect(await worker.runDue()).toBe(0);
    const changes = await feedAfter(since);
    expect(changes).toHaveLength(3);
    const got = receivedAt("/ordered");
    expect(got.map((entry) => entry.headers["webhook-id"])).toEqual(changes.map((change: any) => String(change.id)));
    for (const entry of got) {
      expect(verify(webhook.secret, entry.headers, entry.body)).toBe(true);
      // The package's own verifier agrees (and checks the timestamp is current).
      expect(() => new Webhook(webhook.secret).verify(entry.body, entry.headers as Record<string, string>)).not.toThrow();
      expect(entry.headers["content-type"]).toBe("application/json");
    }
    expect(bodies("/ordered")).toEqual(changes.map((change: any) => ({ type: change.type, timestamp: change.at, data: change })));
    const deliveries = (await api.get(`webhooks/${webhook.id}/deliveries`, { as: owner.ro })).body.deliveries;
    expect(deliveries.map((delivery: any) => [delivery.change_id, delivery.status, delivery.response_status, delivery.attempt])).toEqual(
      [...changes].reverse().map((change: any) => [change.id, "succeeded", 200, 1]),
    );
  });

  it("counts every attempt its lanes make at once (a count updated across an await lost one lane's)", async () => {
    await create("/lane-a");
    await create("/lane-b");
    for (const name of ["Lane 1", "Lane 2", "Lane 3"]) await rename(name);
    const worker = new WebhookWorker(await db(), { concurrency: 2 });
    expect(await worker.runDue()).toBe(6);
    expect([receivedAt("/lane-a").length, receivedAt("/lane-b").length]).toEqual([3, 3]);
  });

  it("delivers only the events a webhook subscribed to, still in order", async () => {
    await create("/published", { events: ["menu.published", "menu.unpublished"] });
    const menu = (await api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name: "Filtered" } } })).body.menu;
    await api.post(`menus/${menu.id}/publish`, { as: owner.rw });
    await rename("Filtered rename");
    await api.post(`menus/${menu.id}/unpublish`, { as: owner.rw });
    await api.delete(`menus/${menu.id}`, { as: owner.rw });
    await new WebhookWorker(await db()).runDue();
    expect(bodies("/published").map((body) => body.type)).toEqual(["menu.published", "menu.unpublished"]);
  });

  it("survives a restart: changes made while no worker runs are all delivered by the next one", async () => {
    const since = await latestCursor();
    await create("/restart");
    await rename("Before stop");
    const first = new WebhookWorker(await db());
    await first.runDue();
    await first.stop();
    await rename("While down 1");
    await rename("While down 2");
    const second = new WebhookWorker(await db());
    expect(await second.runDue()).toBe(2);
    const changes = await feedAfter(since);
    expect(receivedAt("/restart").map((entry) => entry.headers["webhook-id"])).toEqual(changes.map((change: any) => String(change.id)));
  });

  it("a database that drops out after a delivery succeeded does not make it a second delivery (failover)", async () => {
    // The receiver answered 2xx, then the write that moves the cursor meets a database restarting: the
    // worker keeps trying that write while its lease holds, so the change is not sent again afterwards.
    const since = await latestCursor();
    await create("/dropped");
    await rename("Dropped 1");
    await rename("Dropped 2");
    const real = await db();
    let dropWrites = 0;
    const unavailable = () => Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
    const flaky = new Proxy(real, {
      get(target, property, receiver) {
        if (property === "update" && dropWrites > 0) {
          dropWrites--;
          return () => {
            throw unavailable();
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const transport = httpTransport({ allowPrivate: true });
    const worker = new WebhookWorker(flaky, {
      transport: async (request) => {
        const outcome = await transport(request);
        dropWrites = 3; // the next three writes fail as a restarting PostgreSQL's would
        return outcome;
      },
      retryPauseMs: 1,
    });
    await worker.runDue();
    // Another instance, once any lease the first left behind has run out.
    await new WebhookWorker(real, { now: () => new Date(Date.now() + 61_000) }).runDue();
    const changes = await feedAfter(since);
    expect(changes).toHaveLength(2);
    expect(receivedAt("/dropped").map((entry) => entry.headers["webhook-id"])).toEqual(changes.map((change: any) => String(change.id)));
  });

  it("retries a failing receiver with back-off, never sending change N+1 before N succeeded", async () => {
    const since = await latestCursor();
    const webhook = await create("/flaky");
    scripted.set("/flaky", [500, 503, 500]);
    await rename("Flaky 1");
    await rename("Flaky 2");
    let now = new Date();
    const worker = new WebhookWorker(await db(), { now: () => now });
    const states: number[] = [];
    for (let round = 0; round < 10; round++) {
      await worker.runDue();
      const state = (await api.get(`webhooks/${webhook.id}`, { as: owner.ro })).body.webhook;
      if (!state.next_attempt_at) break;
      const wait = Date.parse(state.next_attempt_at) - now.getTime();
      states.push(wait);
      // Not due yet: nothing happens.
      expect(await worker.runDue()).toBe(0);
      now = new Date(Date.parse(state.next_attempt_at));
    }
    expect(states[0]).toBeLessThanOrEqual(30_000);
    expect(states).toEqual([5000, 10_000, 20_000]);
    const changes = await feedAfter(since);
    const ids = receivedAt("/flaky").map((entry) => Number(entry.headers["webhook-id"]));
    expect(ids).toEqual([changes[0].id, changes[0].id, changes[0].id, changes[0].id, changes[1].id]);
    for (const entry of receivedAt("/flaky")) expect(verify(webhook.secret, entry.headers, entry.body)).toBe(true);
    const deliveries = (await api.get(`webhooks/${webhook.id}/deliveries`, { as: owner.ro })).body.deliveries.reverse();
    expect(deliveries.map((delivery: any) => [delivery.attempt, delivery.status, delivery.response_status])).toEqual([
      [1, "failed", 500],
      [2, "failed", 503],
      [3, "failed", 500],
      [4, "succeeded", 200],
      [1, "succeeded", 200],
    ]);
    expect(deliveries[0].error).toBe("Answered 500");
    expect((await api.get(`webhooks/${webhook.id}`, { as: owner.ro })).body.webhook).toMatchObject({
      failing_since: null,
      next_attempt_at: null,
    });
  });

  it("retries a refused connection, and disables the webhook after 24 hours of failures with a reason", async () => {
    const webhook = await create("/down");
    // Nothing listens on port 1 of the loopback: connection refused.
    await (await db()).update(webhooks).set({ url: "http://127.0.0.1:1/down" }).where(eq(webhooks.id, webhook.id));
    await rename("Down 1");
    const start = new Date();
    let now = start;
    const worker = new WebhookWorker(await db(), { now: () => now });
    let state: any;
    let rounds = 0;
    for (;;) {
      await worker.runDue();
      rounds++;
      state = (await api.get(`webhooks/${webhook.id}`, { as: owner.ro })).body.webhook;
      if (!state.enabled || rounds > 100) break;
      now = new Date(Date.parse(state.next_attempt_at));
    }
    expect(state.enabled).toBe(false);
    expect(state.disabled_reason).toMatch(
      /^Disabled after 24 hours of failed deliveries \(\d+ attempts at change \d+; the last: Connection refused\)$/,
    );
    expect(Date.parse(state.disabled_at) - start.getTime()).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);
    expect(Date.parse(state.disabled_at) - start.getTime()).toBeLessThan(DISABLE_AFTER_MS + 3_600_000 + 1);
    const deliveries = (await api.get(`webhooks/${webhook.id}/deliveries?limit=500`, { as: owner.ro })).body.deliveries;
    expect(deliveries).toHaveLength(rounds);
    expect(deliveries.every((delivery: any) => delivery.status === "failed" && delivery.response_status === null)).toBe(true);
    // Disabled: no more attempts, however late.
    now = new Date(now.getTime() + 7 * DISABLE_AFTER_MS);
    expect(await worker.runDue()).toBe(0);

    // Fixed and re-enabled: it resumes at the change it stopped at.
    await (await db())
      .update(webhooks)
      .set({ url: `${base}/down` })
      .where(eq(webhooks.id, webhook.id));
    const enabled = await api.patch(`webhooks/${webhook.id}`, { as: owner.rw, body: { webhook: { enabled: true } } });
    expect(enabled.body.webhook).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    expect(await worker.runDue()).toBe(1);
    expect(bodies("/down").map((body) => body.data.summary)).toEqual([expect.stringContaining("to “Down 1”")]);
  });

  it("refuses at delivery time a public-looking name that resolves to an internal address", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "false";
    resetEnvForTests();
    try {
      const created = await api.post(`locations/${locationId}/webhooks`, {
        as: owner.rw,
        body: { webhook: { url: "https://hooks.example.com/rebind" } },
      });
      expect(created.status).toBe(201);
      await rename("Rebind");
      for (const address of ["127.0.0.1", "::ffff:127.0.0.1", "10.0.0.5"]) {
        const resolved: string[] = [];
        const transport = httpTransport({
          allowPrivate: false,
          resolve: async (name) => {
            resolved.push(name);
            return [
              { address: "93.184.216.34", family: 4 },
              { address, family: address.includes(":") ? 6 : 4 },
            ];
          },
        });
        let now = new Date(Date.now() + resolved.length);
        const worker = new WebhookWorker(await db(), { transport, now: () => now });
        await (await db()).update(webhooks).set({ nextAttemptAt: null }).where(eq(webhooks.id, created.body.webhook.id));
        expect(await worker.runDue()).toBe(1);
        expect(resolved).toEqual(["hooks.example.com"]);
        now = new Date(now.getTime() + 1);
      }
      const deliveries = (await api.get(`webhooks/${created.body.webhook.id}/deliveries`, { as: owner.ro })).body.deliveries;
      expect(deliveries.map((delivery: any) => delivery.error)).toEqual([
        "Refused: hooks.example.com resolves to an internal address",
        "Refused: hooks.example.com resolves to an internal address",
        "Refused: hooks.example.com resolves to an internal address",
      ]);
      expect(received).toEqual([]);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "true";
      resetEnvForTests();
    }
  });

  it("connects to the address it checked, not to a second answer of the resolver", async () => {
    const port = (server.address() as AddressInfo).port;
    let lookups = 0;
    const transport = httpTransport({
      allowPrivate: true,
      resolve: async () => {
        lookups++;
        return lookups === 1 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.255.255.1", family: 4 }];
      },
    });
    const outcome = await transport({ url: `http://rebind.example:${port}/pinned`, headers: {}, body: "{}" });
    expect(outcome).toEqual({ ok: true, status: 200, error: null });
    expect(lookups).toBe(1);
    expect(receivedAt("/pinned")).toHaveLength(1);
  });

  it("sends a signed webhook.test event now and logs it", async () => {
    const webhook = await create("/test-event");
    const response = await api.post(`webhooks/${webhook.id}/test`, { as: owner.rw });
    expect(response.status).toBe(200);
    expect(response.body.delivery).toMatchObject({
      change_id: null,
      type: "webhook.test",
      attempt: 1,
      status: "succeeded",
      response_status: 200,
    });
    const [entry] = receivedAt("/test-event");
    expect(verify(webhook.secret, entry!.headers, entry!.body)).toBe(true);
    expect(entry!.headers["webhook-id"]).toMatch(/^test_/);
    expect(JSON.parse(entry!.body)).toMatchObject({ type: "webhook.test", data: { webhook_id: webhook.id, location_id: locationId } });
    scripted.set("/test-event", [500]);
    expect((await api.post(`webhooks/${webhook.id}/test`, { as: owner.rw })).body.delivery).toMatchObject({
      status: "failed",
      response_status: 500,
    });
    expect((await api.get(`webhooks/${webhook.id}/deliveries`, { as: owner.ro })).body.deliveries).toHaveLength(2);
  });

  it("wakes on the bus's change notifications", async () => {
    await create("/woken");
    const database = await getDatabase();
    const worker = new WebhookWorker(database.db);
    // Started as instrumentation.ts starts it: woken by the bus.
    const running = startJobs(
      [{ name: "woken", wakeOn: wakesOnChange, everyMs: 60_000, start: async () => worker }],
      async () => database,
      {
        listen: subscribe,
      },
    );
    try {
      const came = new Promise<void>((resolve) => {
        arrived = () => {
          if (receivedAt("/woken").length > 0) resolve();
        };
      });
      await rename("Woken");
      await came;
      expect(bodies("/woken")[0].data.summary).toContain("to “Woken”");
    } finally {
      arrived = null;
      await running.stop();
    }
  });

  it("keeps the delivery log bounded", async () => {
    const webhook = await create("/pruned");
    const database = await db();
    const old = new Date(Date.now() - 15 * 86_400_000);
    await database.insert(webhookDeliveries).values(
      Array.from({ length: 503 }, (_, index) => ({
        webhookId: webhook.id,
        changeId: null,
        type: "webhook.test",
        attempt: 1,
        status: "succeeded" as const,
        at: index < 2 ? old : new Date(),
      })),
    );
    expect(await pruneDeliveries(database)).toBe(3);
    const remaining = await database
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(remaining).toHaveLength(500);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("two workers on one PostgreSQL", () => {
  let second: Database;
  afterAll(async () => {
    await second?.close();
  });

  it("deliver each change once, never two at once to the same webhook", async () => {
    second = await openPostgres(((await getDatabase()) as TestDatabase).url!, 5);
    const since = await latestCursor();
    await create("/pair-a");
    await create("/pair-b");
    await create("/pair-c");
    for (let index = 1; index <= 6; index++) await rename(`Pair ${index}`);
    const one = new WebhookWorker(await db(), { concurrency: 2 });
    const two = new WebhookWorker(second.db, { concurrency: 2 });
    // Both run at once until neither finds anything due: a pass may end while the other worker still
    // holds a webhook's lease (in production the next wake or the 5 s poll takes what is left). What is
    // proven is the sum: every change to every webhook once, none twice.
    let total = 0;
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([one.runDue(), two.runDue()]);
      total += a + b;
      if (a + b === 0) break;
    }
    expect(total).toBe(18);
    expect(mostInFlight).toBe(1);
    const ids = (await feedAfter(since)).map((change: any) => String(change.id));
    for (const path of ["/pair-a", "/pair-b", "/pair-c"]) {
      expect(receivedAt(path).map((entry) => entry.headers["webhook-id"])).toEqual(ids);
    }
  });
});
