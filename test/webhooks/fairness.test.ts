import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { webhooks } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/server/env";
import type { Transport } from "@/lib/webhooks/transport";
import { WebhookWorker } from "@/lib/webhooks/worker";

// Issue 31 row 2: one business's slow receivers must not hold back another business's deliveries
// (six webhooks whose receiver answered after 9.5 s delayed another business by ~112 s), and a
// location may have at most WEBHOOK_LIMIT_PER_LOCATION webhooks. The slow receiver here answers only
// when the test lets it, so nothing depends on how fast the machine is.

let owner: Account;
let rival: Account;
let ownerLocation: number;
let rivalLocation: number;

const firstSection = async (as: Account, locationId: number) => {
  const menuId = (await api.get(`locations/${locationId}/menus`, { as: as.ro })).body.menus[0].id;
  return (await api.get(`menus/${menuId}?full=true`, { as: as.ro })).body.menu.sections[0].id as number;
};
const rename = async (as: Account, sectionId: number, name: string) => {
  expect((await api.patch(`sections/${sectionId}`, { as: as.rw, body: { section: { name } } })).status).toBe(200);
};
const createHook = (as: Account, locationId: number, url: string) =>
  api.post(`locations/${locationId}/webhooks`, { as: as.rw, body: { webhook: { url } } });

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  owner = await login("owner");
  rival = await login("rival");
  ownerLocation = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  rivalLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
});

afterAll(async () => {
  await (await db()).delete(webhooks);
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  delete process.env.WEBHOOK_LIMIT_PER_LOCATION;
  resetEnvForTests();
});

describe("webhook delivery across businesses", () => {
  it("delivers another business's change while one business's six receivers hang", async () => {
    const ownerSection = await firstSection(owner, ownerLocation);
    const rivalSection = await firstSection(rival, rivalLocation);
    for (let n = 1; n <= 6; n++) expect((await createHook(owner, ownerLocation, `http://127.0.0.1:9/slow-${n}`)).status).toBe(201);
    expect((await createHook(rival, rivalLocation, "http://127.0.0.1:9/rival")).status).toBe(201);
    for (let n = 1; n <= 15; n++) await rename(owner, ownerSection, `Slow ${n}`);

    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let rivalDelivered!: () => void;
    const rivalArrived = new Promise<void>((resolve) => {
      rivalDelivered = resolve;
    });
    const slowInFlight = new Set<string>();
    let mostSlowInFlight = 0;
    let slowDelivered = 0;
    const transport: Transport = async ({ url }) => {
      if (url.endsWith("/rival")) {
        rivalDelivered();
        return { ok: true, status: 200, error: null };
      }
      slowInFlight.add(url);
      mostSlowInFlight = Math.max(mostSlowInFlight, slowInFlight.size);
      await released;
      slowInFlight.delete(url);
      slowDelivered++;
      return { ok: true, status: 200, error: null };
    };
    // As the running app does: every change heard kicks the worker (lib/webhooks/worker.ts `start`).
    const worker = new WebhookWorker(await db(), { transport });
    const run = worker.kick();
    // The slow business's receivers are all hanging before the other business changes anything.
    await expect.poll(() => slowInFlight.size).toBeGreaterThan(0);
    await rename(rival, rivalSection, "Rival changed");
    const kicked = worker.kick();
    // Before the fix a kick waited for the pass in progress, whose every lane held one of the slow
    // business's webhooks: this never arrived (the test timed out).
    const outcome = await Promise.race([rivalArrived.then(() => "rival delivered"), run.then(() => "run ended first")]);
    expect(outcome).toBe("rival delivered");
    expect(slowInFlight.size).toBeGreaterThan(0);
    release();
    await run;
    await kicked;
    // 6 webhooks × 15 changes, each delivered once, at most two of the business in flight at once.
    expect(slowDelivered).toBe(90);
    expect(mostSlowInFlight).toBeLessThanOrEqual(2);
    const cursors = await (await db()).select({ cursor: webhooks.cursor, locationId: webhooks.locationId }).from(webhooks);
    const ownerCursors = new Set(cursors.filter((row) => row.locationId === ownerLocation).map((row) => row.cursor));
    expect(ownerCursors.size).toBe(1);
  });

  it("refuses a webhook past the location's limit with 409, and takes one again after a delete", async () => {
    await (await db()).delete(webhooks);
    process.env.WEBHOOK_LIMIT_PER_LOCATION = "3";
    resetEnvForTests();
    const made = await Promise.all([1, 2, 3, 4, 5].map((n) => createHook(owner, ownerLocation, `http://127.0.0.1:9/cap-${n}`)));
    expect(made.map((response) => response.status).sort()).toEqual([201, 201, 201, 409, 409]);
    const refused = made.find((response) => response.status === 409)!;
    expect(refused.body.code).toBe("limit_reached");
    expect(refused.body.detail).toContain("(3)");
    const listed = (await api.get(`locations/${ownerLocation}/webhooks`, { as: owner.rw })).body.webhooks;
    expect(listed).toHaveLength(3);
    expect((await api.delete(`webhooks/${listed[0].id}`, { as: owner.rw })).status).toBe(200);
    expect((await createHook(owner, ownerLocation, "http://127.0.0.1:9/cap-again")).status).toBe(201);
  });
});
