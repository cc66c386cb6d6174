import path from "node:path";
import { readdirSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api, call, db, login, type Account } from "../api";
import type { TestDatabase } from "../database";
import { createUser } from "@/lib/auth/accounts";
import { scopesAllowing } from "@/lib/auth/scopes";
import { declaredSpec, offeredMethods, type RouteFn } from "@/lib/http/handler";
import { apiKeys, locations, users } from "@/lib/db/schema";
import { getDatabase, installDatabase, openPostgres, type Database } from "@/lib/db/client";

// Integration keys (venue-operations §12, issue 38 row 11): named, scoped, revocable keys with their
// last use, sent as Bearer tpk_…; outside its scopes 403 forbidden_scope, outside its locations 404;
// never more than its creator's role; revoked at once on every instance.

let owner: Account;
let downtown: number;
let harbor: number;
let manager: { email: string; token: string; id: number };
let staff: { email: string; token: string };

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const asKey = (method: string, url: string, secret: string, body?: unknown) =>
  call(method, url, { as: null, headers: bearer(secret), body });
const makeKey = async (body: Record<string, unknown>, as = owner.rw) => {
  const response = await api.post("api_keys", { as, body: { api_key: body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.api_key as { id: number; secret: string; prefix: string; scopes: string[]; location_ids: number[] | null };
};
const firstMenu = async (locationId: number) =>
  (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus[0].id as number;

beforeAll(async () => {
  owner = await login("owner");
  const database = await db();
  const mine = await database.select().from(locations).where(eq(locations.businessId, 1));
  downtown = mine.find((location) => location.name.endsWith("Downtown"))!.id;
  harbor = mine.find((location) => location.name.endsWith("Harbor"))!.id;
  const made = await createUser(database, {
    businessId: 1,
    email: "keys-manager@demo.test",
    name: "Max Manager",
    password: "a long passphrase",
    role: "manager",
    locationIds: [downtown],
  });
  const [row] = await database.select({ id: users.id }).from(users).where(eq(users.email, "keys-manager@demo.test"));
  manager = { email: "keys-manager@demo.test", token: made.tokens.token, id: row!.id };
  const staffMade = await createUser(database, {
    businessId: 1,
    email: "keys-staff@demo.test",
    name: "Sid Staff",
    password: "a long passphrase",
    role: "staff",
    locationIds: [downtown],
  });
  staff = { email: "keys-staff@demo.test", token: staffMade.tokens.token };
});

describe("integration keys", () => {
  it("shows the secret once, lists keys with their prefix and no secret", async () => {
    const key = await makeKey({ name: "Bar TV", scopes: ["menus:read"], location_ids: [downtown] });
    expect(key.secret).toMatch(/^tpk_[A-Za-z0-9_-]{40,}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 10));
    const listed = (await api.get("api_keys", { as: owner.rw })).body.api_keys;
    const mine = listed.find((entry: { id: number }) => entry.id === key.id);
    expect(mine).toMatchObject({ name: "Bar TV", scopes: ["menus:read"], location_ids: [downtown], last_used_at: null });
    expect(mine.created_by.name).toBe("Olivia Owner");
    expect(JSON.stringify(listed)).not.toContain(key.secret);
  });

  it("reads within its scopes and locations; 403 forbidden_scope outside its scopes, 404 outside its locations", async () => {
    const key = await makeKey({ name: "Website", scopes: ["menus:read"], location_ids: [downtown] });
    const menu = await firstMenu(downtown);
    expect((await asKey("GET", `locations/${downtown}/menus`, key.secret)).status).toBe(200);
    expect((await asKey("GET", `menus/${menu}?full=true`, key.secret)).status).toBe(200);
    expect((await asKey("GET", "locations", key.secret)).body.locations.map((l: { id: number }) => l.id)).toEqual([downtown]);
    expect((await asKey("GET", `locations/${harbor}/menus`, key.secret)).status).toBe(404);
    expect((await asKey("GET", `menus/${await firstMenu(harbor)}`, key.secret)).status).toBe(404);
    for (const [method, url, body] of [
      ["PATCH", `menus/${menu}`, { menu: { name: "Hacked" } }],
      ["GET", `locations/${downtown}/insights/stats`],
      ["GET", `locations/${downtown}/events`],
      ["GET", "current_user"],
      ["GET", "api_keys"],
      ["GET", "team"],
      ["GET", "export"],
      ["DELETE", "sessions"],
    ] as const) {
      const answer = await asKey(method, url, key.secret, body);
      expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(answer.body.code).toBe("forbidden_scope");
    }
    expect((await api.get(`menus/${menu}`, { as: owner.ro })).body.menu.name).not.toBe("Hacked");
  });

  it("writes with a write scope, recorded under its creator and the key's name; keeps its last use to the minute", async () => {
    const key = await makeKey({ name: "POS", scopes: ["menus:write"], location_ids: null });
    const menu = await firstMenu(downtown);
    const renamed = await asKey("PATCH", `menus/${menu}`, key.secret, { menu: { name: "From the POS" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const versions = (await api.get(`menus/${menu}/versions`, { as: owner.ro })).body.versions;
    expect(versions[0].actor.name).toBe("Olivia Owner (key “POS”)");
    const [row] = await (await db()).select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(Date.now() - row!.lastUsedAt!.getTime()).toBeLessThan(5 * 60_000);
  });

  it("is refused (401) at once when revoked, and changes of its scopes are in force at once", async () => {
    const key = await makeKey({ name: "Menu board", scopes: ["menus:read"], location_ids: [downtown] });
    expect((await asKey("GET", `locations/${downtown}/events`, key.secret)).status).toBe(403);
    const patched = await api.patch(`api_keys/${key.id}`, { as: owner.rw, body: { api_key: { scopes: ["menus:read", "events:read"] } } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await asKey("GET", `locations/${downtown}/events`, key.secret)).status).toBe(200);
    expect((await api.delete(`api_keys/${key.id}`, { as: owner.rw })).status).toBe(204);
    const refused = await asKey("GET", `locations/${downtown}/menus`, key.secret);
    expect(refused.status).toBe(401);
    expect((await api.delete(`api_keys/${key.id}`, { as: owner.rw })).status).toBe(404);
  });

  it("never exceeds its creator: a manager's key stays within their locations and role, and dies with them", async () => {
    const as = { email: manager.email, token: manager.token };
    const everywhere = await api.post("api_keys", { as, body: { api_key: { name: "All", scopes: ["menus:read"] } } });
    expect(everywhere.status).toBe(422);
    expect(everywhere.body.errors[0].path).toBe("api_key.location_ids");
    const elsewhere = await api.post("api_keys", {
      as,
      body: { api_key: { name: "Harbor", scopes: ["menus:read"], location_ids: [harbor] } },
    });
    expect(elsewhere.status).toBe(422);
    const key = await makeKey({ name: "Insights export", scopes: ["insights:read", "menus:read"], location_ids: [downtown] }, as);
    expect((await asKey("GET", `locations/${downtown}/insights/stats`, key.secret)).status).toBe(200);
    // The owner's list has it; another manager's would not.
    expect((await api.get("api_keys", { as: owner.rw })).body.api_keys.some((entry: { id: number }) => entry.id === key.id)).toBe(true);
    // Made staff: the key keeps its scopes, the creator's role no longer allows insights.
    expect((await api.patch(`team/${manager.id}`, { as: owner.rw, body: { role: "staff", location_ids: [downtown] } })).status).toBe(200);
    const demoted = await asKey("GET", `locations/${downtown}/insights/stats`, key.secret);
    expect(demoted.status).toBe(403);
    expect(demoted.body.code).toBe("forbidden_role");
    expect((await asKey("GET", `locations/${downtown}/menus`, key.secret)).status).toBe(200);
    expect((await api.delete(`team/${manager.id}`, { as: owner.rw })).status).toBe(204);
    expect((await asKey("GET", `locations/${downtown}/menus`, key.secret)).status).toBe(401);
  });

  it("refuses staff (403) and bad input (422), creating nothing", async () => {
    const before = (await (await db()).select().from(apiKeys)).length;
    const staffAnswer = await api.post("api_keys", {
      as: staff,
      body: { api_key: { name: "Mine", scopes: ["menus:read"], location_ids: [downtown] } },
    });
    expect(staffAnswer.status).toBe(403);
    for (const body of [
      { name: "", scopes: ["menus:read"] },
      { name: "No scopes", scopes: [] },
      { name: "Bad scope", scopes: ["menus:delete"] },
      { name: "Bad place", scopes: ["menus:read"], location_ids: [999_999] },
    ]) {
      const answer = await api.post("api_keys", { as: owner.rw, body: { api_key: body } });
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await (await db()).select().from(apiKeys)).length).toBe(before);
  });
});

describe("keys of another business, and the read-only token", () => {
  it("answers another business's key 404 on every verb, as a missing one, and changes nothing", async () => {
    const rival = await login("rival");
    const key = await makeKey({ name: "Not yours", scopes: ["menus:read"], location_ids: [downtown] });
    for (const [method, body] of [
      ["PATCH", { api_key: { name: "Stolen" } }],
      ["DELETE", undefined],
    ] as const) {
      expect((await call(method, `api_keys/${key.id}`, { as: rival.rw, body })).status).toBe(404);
      expect((await call(method, "api_keys/2000000", { as: rival.rw, body })).status).toBe(404);
    }
    expect((await api.get("api_keys", { as: rival.rw })).body.api_keys).toEqual([]);
    expect((await asKey("GET", `locations/${downtown}/menus`, key.secret)).status).toBe(200);
    const mine = (await api.get("api_keys", { as: owner.rw })).body.api_keys.find((entry: { id: number }) => entry.id === key.id);
    expect(mine.name).toBe("Not yours");
  });

  it("refuses every write with the read-only token (403)", async () => {
    const key = await makeKey({ name: "Read-only try", scopes: ["menus:read"], location_ids: [downtown] });
    const create = await api.post("api_keys", {
      as: owner.ro,
      body: { api_key: { name: "x", scopes: ["menus:read"], location_ids: [downtown] } },
    });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe("read_only_token");
    expect((await api.patch(`api_keys/${key.id}`, { as: owner.ro, body: { api_key: { name: "y" } } })).status).toBe(403);
    expect((await api.delete(`api_keys/${key.id}`, { as: owner.ro })).status).toBe(403);
    expect((await asKey("GET", `locations/${downtown}/menus`, key.secret)).status).toBe(200);
  });
});

describe("the scopes declared on the verbs", () => {
  const root = path.resolve(import.meta.dirname, "../../app/api/v1");
  const routes = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) return routes(full);
      return entry === "route.ts" ? [path.relative(root, dir)] : [];
    });
  const load = async (route: string) => (await import(path.join(root, route, "route.ts"))) as Record<string, RouteFn>;
  /** The scopes that let a key call `method` on the route (its verb's declared scope), null when none may. */
  const keyScopes = async (method: string, route: string) => {
    const spec = declaredSpec((await load(route))[method === "HEAD" ? "GET" : method]!)!;
    return spec.auth ? scopesAllowing(spec.scope, method) : null;
  };

  it("names every route a key may never use; every other route has a verb a scope opens", async () => {
    const never: string[] = [];
    for (const route of routes(root).filter((each) => !each.includes("[[...path]]"))) {
      const module = await load(route);
      const opened = [];
      for (const method of offeredMethods(module)) opened.push(await keyScopes(method, route));
      if (opened.every((scopes) => scopes === null)) never.push(`/api/v1/${route.replace(/\[[^\]]+\]/g, "1")}`);
    }
    expect(never.sort()).toEqual(
      [
        "/api/v1/api_keys",
        "/api/v1/api_keys/1",
        // A board's TV is known by its device cookie alone (decision 067), never by a key.
        "/api/v1/boards/device/shown",
        "/api/v1/boards/device/stream",
        "/api/v1/boards/pairings",
        // The board fleet's writes are the dashboard's (decision 067); its list is read with menus:read.
        "/api/v1/boards/1",
        "/api/v1/boards/1/identify",
        "/api/v1/boards/1/reload",
        "/api/v1/current_user",
        "/api/v1/current_user/password",
        "/api/v1/current_user/sessions",
        "/api/v1/export",
        "/api/v1/import",
        "/api/v1/invitations/accept",
        "/api/v1/locations/1/activity",
        "/api/v1/locations/1/imports",
        "/api/v1/locations/1/imports/source_locations",
        // A flow meter's token is a credential: issued in the dashboard, never by a key.
        "/api/v1/locations/1/ingest_token",
        "/api/v1/locations/1/restore",
        // A flow meter records its pours with its ingest token (auth: false), never with a key; a key
        // records pours with taps:write through POST /taps/:id/pours.
        "/api/v1/locations/1/pours",
        // A POS connection holds the POS's own tokens (pos.md §2, decision 082): the dashboard's, never a key's.
        "/api/v1/locations/1/pos_connections",
        "/api/v1/pos_connections/1",
        "/api/v1/pos_connections/1/mappings",
        "/api/v1/pos_connections/1/sync",
        "/api/v1/openapi",
        "/api/v1/password_resets",
        "/api/v1/password_resets/complete",
        "/api/v1/sessions",
        "/api/v1/signup",
        "/api/v1/team",
        "/api/v1/team/1",
        "/api/v1/team/1/password_reset",
        "/api/v1/team/invitations",
        "/api/v1/team/invitations/1",
      ].sort(),
    );
    expect(await keyScopes("PATCH", "locations/[id]")).toBeNull();
    expect(await keyScopes("GET", "menus/[id]")).toEqual(["menus:read", "menus:write"]);
    expect(await keyScopes("POST", "items/[id]/86")).toEqual(["menus:write"]);
    expect(await keyScopes("GET", "locations/[id]/qr.svg")).toEqual(["menus:read", "menus:write"]);
    expect(await keyScopes("GET", "locations/[id]/google_menu")).toEqual(["menus:read", "menus:write"]);
    expect(await keyScopes("GET", "locations/[id]/boards")).toEqual(["menus:read", "menus:write"]);
    expect(await keyScopes("POST", "locations/[id]/boards")).toBeNull();
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("across two instances", () => {
  let first: Database;
  let second: Database;
  afterAll(async () => {
    installDatabase(first);
    await second?.close();
  });

  it("a key revoked on one instance is refused at once on the other, which had it kept", async () => {
    first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);
    installDatabase(first);
    const key = await makeKey({ name: "Two instances", scopes: ["menus:read"], location_ids: [downtown] });
    installDatabase(second);
    expect((await asKey("GET", `locations/${downtown}/menus`, key.secret)).status).toBe(200);
    installDatabase(first);
    expect((await api.delete(`api_keys/${key.id}`, { as: owner.rw })).status).toBe(204);
    installDatabase(second);
    const { settle } = await import("@/lib/live/bus");
    await settle(second);
    expect((await asKey("GET", `locations/${downtown}/menus`, key.secret)).status).toBe(401);
    installDatabase(first);
  });
});
