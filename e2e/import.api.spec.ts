import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type AppServer, freePort, startServer, stopServer } from "../scripts/app-process";
import { withoutIds } from "../test/imports/compare";

// Moving in (venue-operations §6, issue 32) between two app processes, each on its own embedded
// database: the demo owner's location served by one is imported into a new business on the other.
// The imported location's full menus answer what the source's do, field for field apart from ids; a
// second run changes nothing; a price changed and a section deleted at the source arrive on the third.

type Json = Record<string, unknown>;
type Credentials = { email: string; token: string };

async function call(server: AppServer, method: string, url: string, as: Credentials | null, body?: unknown) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (as) headers.authorization = `Basic ${Buffer.from(`${as.email}:${as.token}`).toString("base64")}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const answer = await fetch(`${server.base}/api/v1/${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Json & Record<string, any> };
}

/** The location's menus, whole, in list order (a custom menu's own position counts among custom menus). */
async function menus(server: AppServer, as: Credentials, locationId: number, legacy: boolean) {
  const flag = legacy ? "&include_legacy=true" : "";
  const list = (await call(server, "GET", `locations/${locationId}/menus?${flag.slice(1)}`, as)).body.menus as { id: number }[];
  const full = [];
  for (const [index, menu] of list.entries()) {
    full.push({ ...(await call(server, "GET", `menus/${menu.id}?full=true${flag}`, as)).body.menu, position: index });
  }
  return full;
}

test("a location imported from another instance answers the same, and follows the source's changes", async () => {
  test.setTimeout(240_000);
  const dirs = [mkdtempSync(path.join(os.tmpdir(), "taproom-source-")), mkdtempSync(path.join(os.tmpdir(), "taproom-target-"))];
  const servers: AppServer[] = [];
  try {
    const common = { ...process.env, NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e", NEXT_TELEMETRY_DISABLED: "1" };
    const [sourcePort, targetPort] = [await freePort(), await freePort()];
    const [source, target] = await Promise.all([
      startServer({ ...common, DATA_DIR: dirs[0] }, sourcePort),
      startServer(
        { ...common, DATA_DIR: dirs[1], DEMO_DATA: "false", WEBHOOK_ALLOW_PRIVATE: "true", IMPORT_TIMEOUT_MS: "120000" },
        targetPort,
      ),
    ]);
    servers.push(source!, target!);

    const login = await call(source!, "POST", "sessions", null, { email: "owner@demo.test", password: "demo-owner-pass" });
    expect(login.status).toBe(200);
    const owner = {
      rw: { email: "owner@demo.test", token: login.body.user.auth_token },
      ro: { email: "owner@demo.test", token: login.body.user.auth_token_read_only },
    };
    const sourceLocation = (await call(source!, "GET", "locations", owner.ro)).body.locations[0];

    const signup = await call(target!, "POST", "signup", null, {
      business_name: "Moving Tap",
      name: "Mo Ving",
      email: "mo@moving.test",
      password: "a long and quiet harbour",
    });
    expect(signup.status).toBe(201);
    const newOwner = { email: "mo@moving.test", token: signup.body.user.auth_token };
    const created = await call(target!, "POST", "locations", newOwner, {
      location: { name: "Moving Tap", time_zone: sourceLocation.time_zone, currency: sourceLocation.currency },
    });
    expect(created.status).toBe(201);
    const targetId = created.body.location.id as number;
    const importBody = { base_url: source!.base, email: owner.ro.email, token: owner.ro.token, source_location_id: sourceLocation.id };
    const run = () => call(target!, "POST", `locations/${targetId}/imports`, newOwner, importBody);
    const same = async () =>
      expect(withoutIds(await menus(target!, newOwner, targetId, false))).toEqual(
        withoutIds(await menus(source!, owner.ro, sourceLocation.id, true)),
      );

    const first = await run();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.import.counts.menus.create).toBeGreaterThan(1);
    await same();
    const events = async (server: AppServer, as: Credentials, id: number) =>
      withoutIds((await call(server, "GET", `locations/${id}/events`, as)).body.events);
    expect(await events(target!, newOwner, targetId)).toEqual(await events(source!, owner.ro, sourceLocation.id));

    const versions = async () => (await menus(target!, newOwner, targetId, false)).map((menu) => menu.version);
    const before = await versions();
    const second = await run();
    expect(second.status).toBe(201);
    for (const tally of Object.values(second.body.import.counts as Record<string, Json>))
      expect(tally).toMatchObject({ create: 0, update: 0, remove: 0 });
    expect(await versions()).toEqual(before);

    const [menu] = (await call(source!, "GET", `locations/${sourceLocation.id}/menus`, owner.ro)).body.menus;
    const tree = (await call(source!, "GET", `menus/${menu.id}?full=true`, owner.ro)).body.menu;
    const container = tree.sections[0].items[0].containers[0];
    expect((await call(source!, "PATCH", `containers/${container.id}`, owner.rw, { container: { price: "11.25" } })).status).toBe(200);
    expect((await call(source!, "DELETE", `sections/${tree.sections.at(-1).id}`, owner.rw)).status).toBe(200);
    const third = await run();
    expect(third.status).toBe(201);
    expect(third.body.import.counts.containers.update).toBe(1);
    expect(third.body.import.counts.sections.remove).toBe(1);
    await same();
    const imported = (await menus(target!, newOwner, targetId, false))[0];
    expect(imported.sections[0].items[0].containers[0].price).toBe("11.25");
  } finally {
    for (const server of servers) await stopServer(server);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
});
