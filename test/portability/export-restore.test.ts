import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/api/v1/openapi/document";
import { getDatabase, installDatabase, type Database } from "@/lib/db/client";
import { containerSizes, customItemTypes, locations, menuChanges, posSales, webhooks } from "@/lib/db/schema";
import { encryptSecret } from "@/lib/auth/tokens";
import { createUser } from "@/lib/auth/accounts";
import { checkIntegrity } from "@/lib/backup/integrity";
import { type Account, api, type Credentials, db, login } from "../api";
import { freshDatabase } from "../database";
import { seedReferenceData } from "@/lib/demo/seed";

// Issue 32 item 3 (venue-operations §6, decision 060): GET /export → POST /import into a fresh install
// (a second, empty database, signed up anew), then every GET of the v1 API, walked from the API
// description so that a route added later is walked too, answers the same on both, body and tag.

type Ids = Record<string, number[]>;

/** Reads whose answer names the caller or the people, which a restore recreates (decision 060): compared apart. */
const PEOPLE_READS = new Set(["/api/v1/current_user", "/api/v1/team", "/api/v1/api_keys", "/api/v1/export"]);
/** Not reads of the business: the description itself, the catalogue search (the platform's), and an event stream. */
const NOT_BUSINESS_READS = new Set([
  "/api/v1/openapi.json",
  "/api/v1/items/search",
  "/api/v1/locations/{id}/changes/stream",
  // A TV's own stream (its device cookie, not the business's credentials).
  "/api/v1/boards/device/stream",
]);
/**
 * Boards are not in the export (decision 067: each is tied to a TV's secret; a restored business pairs
 * its TVs again): the business had none here, and its fleet's list is compared (empty on both sides).
 */
const NOT_EXPORTED = new Set([
  "/api/v1/boards/{id}",
  // Nor are POS connections (pos.md §2, decision 082): each holds the POS's tokens for this install, so a
  // restored business connects its POS again (and its mappings come back with the first sync). The
  // business had none here, and the location's list is compared (empty on both sides).
  "/api/v1/pos_connections/{id}",
  "/api/v1/pos_connections/{id}/mappings",
]);
/** Files stamped with the instant they are made (a printed menu says when it was printed); the full menu they are made of is compared. */
const STAMPED_FILES = new Set(["/api/v1/menus/{id}/print.pdf"]);
/**
 * Suggestions made for the instant they are asked (reorder, decision 096: its `at`, the recent pours'
 * window, the forecast from now): what they are made of is compared (taps, kegs, pours, the distributors,
 * each item's par level), and the suggestion at one fixed instant in test/taps/reorder.test.ts.
 */
const CLOCKED_READS = new Set([
  "/api/v1/locations/{id}/reorder",
  "/api/v1/locations/{id}/reorder.csv",
  "/api/v1/locations/{id}/reorder.pdf",
]);

/** The records each path parameter ranges over, by the path's first segment. */
const RECORDS: Record<string, string> = {
  locations: "locations",
  menus: "menus",
  sections: "sections",
  items: "items",
  containers: "containers",
  events: "events",
  webhooks: "webhooks",
  taps: "taps",
  distributors: "distributors",
  custom_menus: "custom_menus",
  custom_sections: "custom_sections",
  custom_items: "custom_items",
  custom_containers: "custom_containers",
};

/** Every GET of the description, made concrete over the business's records. */
function readsOf(ids: Ids, versions: Record<number, number[]>): string[] {
  const urls: string[] = [];
  for (const [template, item] of Object.entries(openApiDocument().paths as Record<string, Record<string, unknown>>)) {
    if (
      !template.startsWith("/api/v1/") ||
      !item.get ||
      PEOPLE_READS.has(template) ||
      NOT_BUSINESS_READS.has(template) ||
      NOT_EXPORTED.has(template) ||
      STAMPED_FILES.has(template) ||
      CLOCKED_READS.has(template)
    )
      continue;
    const path = template.replace(/^\/api\/v1\//, "");
    if (!path.includes("{")) {
      urls.push(path);
      continue;
    }
    const kind = RECORDS[path.split("/")[0]!];
    if (!kind) throw new Error(`${template}: this test does not know which records {id} ranges over; add it to RECORDS`);
    for (const id of ids[kind] ?? []) {
      const at = path.replace("{id}", String(id));
      if (at.includes("{version}")) for (const version of versions[id] ?? []) urls.push(at.replace("{version}", String(version)));
      else if (at.includes("{")) throw new Error(`${template}: a parameter this test does not fill`);
      else urls.push(at);
    }
    if (path === "menus/{id}") for (const id of ids.menus ?? []) urls.push(`menus/${id}?full=true`);
    if (path === "locations/{id}/menus") for (const id of ids.locations ?? []) urls.push(`locations/${id}/menus?full=true`);
  }
  return urls;
}

async function walk(as: Credentials, urls: string[]) {
  const answers: Record<string, { status: number; etag: string | null; body: unknown }> = {};
  for (const url of urls) {
    const answer = await api.get(url, { as });
    // `time_taken` is how long the insight's query ran, and the previous period ends at this moment's
    // time `num_days` ago (decision 063): the clock's, not data.
    const body = JSON.parse(
      JSON.stringify(answer.body)
        .replace(/"time_taken":[0-9.e-]+/g, '"time_taken":0')
        .replace(/("previous_period":\{"start":"[^"]*","end":)"[^"]*"/g, '$1"now"'),
    );
    answers[url] = { status: answer.status, etag: answer.headers.get("etag"), body };
  }
  return answers;
}

let source: Database;
let target: Database | undefined;
let owner: Account;
let file: any;

beforeAll(async () => {
  source = await getDatabase();
  owner = await login("owner");
  // Records the demo does not have: a special date, a webhook, a pending invitation, a key, an archived location.
  const [first] = (await api.get("locations", { as: owner.rw })).body.locations;
  expect(
    (
      await api.put(`locations/${first.id}/special_hours`, {
        as: owner.rw,
        body: { special_hours: [{ date: "2030-12-24", closed: true }] },
      })
    ).status,
  ).toBe(200);
  await (await db()).insert(webhooks).values({
    locationId: first.id,
    url: "https://hooks.example.com/taproom",
    events: ["menu.updated"],
    secretEncrypted: encryptSecret("whsec_x"),
  });
  expect(
    (
      await api.post("team/invitations", {
        as: owner.rw,
        body: { email: "bar.manager@demo.test", role: "manager", location_ids: [first.id] },
      })
    ).status,
  ).toBe(201);
  expect((await api.post("api_keys", { as: owner.rw, body: { api_key: { name: "Board", scopes: ["menus:read"] } } })).status).toBe(201);
  // History: a price change, an 86, a rename and a revert, so menus have several versions and the feed several changes.
  const menu = (await api.get(`locations/${first.id}/menus`, { as: owner.rw })).body.menus[0];
  const tree = (await api.get(`menus/${menu.id}?full=true`, { as: owner.rw })).body.menu;
  const item = tree.sections[0].items[0];
  expect((await api.patch(`containers/${item.containers[0].id}`, { as: owner.rw, body: { container: { price: "9.25" } } })).status).toBe(
    200,
  );
  expect((await api.post(`items/${item.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } })).status).toBe(200);
  expect((await api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { name: "Renamed list" } } })).status).toBe(200);
  expect((await api.post(`menus/${menu.id}/versions/2/revert`, { as: owner.rw })).status).toBe(200);
  // Taps (decision 065; the demo has taps 1–6, decision 080): a tap with a keg and a pour, and a flow meter's token (a secret: never exported).
  const tap = await api.post(`locations/${first.id}/taps`, {
    as: owner.rw,
    body: { tap: { number: 40, item_id: tree.sections[0].items.at(-1).id, on_deck: [item.id] } },
  });
  expect(tap.status).toBe(201);
  expect((await api.post(`taps/${tap.body.tap.id}/kegs`, { as: owner.rw, body: { size_ml: 19_550 } })).status).toBe(201);
  expect(
    (await api.post(`taps/${tap.body.tap.id}/pours`, { as: owner.rw, body: { volume: 16, unit: "oz", idempotency_key: "export-1" } }))
      .status,
  ).toBe(201);
  // A sale at the till counted on that keg (decision 090): the pour variance's sold side. Its connection
  // is not exported (it holds the POS's tokens); the number stays, negated by a restore.
  const { keg } = (await api.get(`taps/${tap.body.tap.id}`, { as: owner.rw })).body.tap;
  await (await db()).insert(posSales).values({
    connectionId: 7,
    orderId: "ORDER-EXPORTED",
    lineUid: "LINE-1",
    tapId: tap.body.tap.id,
    kegId: keg.id,
    itemId: tree.sections[0].items.at(-1).id,
    volumeMl: "473.176",
    soldAt: new Date(),
  });
  expect((await api.post(`locations/${first.id}/ingest_token`, { as: owner.rw })).status).toBe(201);
  // Reorder (decision 096): a distributor and the tapped beer's par level naming it.
  const distributor = await api.post(`locations/${first.id}/distributors`, {
    as: owner.rw,
    body: { name: "Export Beers", lead_time_days: 3, email: "orders@export.test" },
  });
  expect(distributor.status).toBe(201);
  expect(
    (
      await api.put(`items/${tree.sections[0].items.at(-1).id}/par_level`, {
        as: owner.rw,
        body: { par_kegs: 4, full_kegs: 1, distributor_id: distributor.body.distributor.id },
      })
    ).status,
  ).toBe(200);
  const extra = await api.post("locations", { as: owner.rw, body: { name: "Old Site", time_zone: "America/Chicago", currency: "USD" } });
  expect(extra.status).toBe(201);
  expect((await api.delete(`locations/${extra.body.location.id}`, { as: owner.rw })).status).toBe(200);
});

afterAll(async () => {
  installDatabase(source);
  await target?.close();
});

describe("GET /export", () => {
  it("answers the business's whole data, versioned, with no secret of any kind in it", async () => {
    const answer = await api.get("export", { as: owner.rw });
    expect(answer.status).toBe(200);
    file = answer.body;
    expect(file).toMatchObject({ format: "taproom-export", version: 1, business: { name: expect.any(String) } });
    expect(file.tables.locations.some((l: { archived_at: string | null }) => l.archived_at)).toBe(true);
    expect(file.tables.menus.length).toBeGreaterThan(0);
    expect(file.tables.menu_changes.length).toBeGreaterThan(0);
    expect(file.tables.distributors).toEqual([expect.objectContaining({ name: "Export Beers", lead_time_days: 3 })]);
    expect(file.tables.par_levels).toEqual([expect.objectContaining({ par_kegs: 4, full_kegs: 1 })]);
    expect(file.invitations.map((i: { email: string }) => i.email)).toContain("bar.manager@demo.test");
    // Every stored secret of the business, and the plain secrets handed out: none in the text.
    const text = JSON.stringify(file);
    const secrets = (
      (await (
        await db()
      ).execute(sql`
        select unnest(array[password_hash, token_hash, read_only_token_hash, token_encrypted, read_only_token_encrypted]) as v from users where business_id = 1
        union all select token_hash from invitations where business_id = 1
        union all select secret_hash from api_keys where business_id = 1
        union all select secret_encrypted from webhooks where location_id in (select id from locations where business_id = 1)
        union all select lease_token from webhooks where lease_token is not null
        union all select token_hash from tap_ingest_tokens
        union all select token_hash from browser_sessions
        union all select access_token_encrypted from beer_accounts where user_id in (select id from users where business_id = 1)`)) as unknown as {
        rows: { v: string }[];
      }
    ).rows;
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    for (const { v } of secrets) expect(text.includes(v), `a stored secret is in the export: ${v.slice(0, 8)}…`).toBe(false);
    for (const plain of [owner.rw.token, owner.ro.token]) expect(text.includes(plain)).toBe(false);
    for (const key of ["password_hash", "token_hash", "token_encrypted", "secret_hash", "secret_encrypted", "lease_token"]) {
      expect(text.includes(`"${key}"`), key).toBe(false);
    }
  });

  it("is the owner's only: a manager and staff are refused, as is a read-only token's import", async () => {
    const database = await db();
    for (const role of ["manager", "staff"] as const) {
      const email = `${role}-export@demo.test`;
      const { tokens } = await createUser(database, {
        businessId: 1,
        email,
        name: role,
        password: "a long passphrase",
        role,
        locationIds: [1],
      });
      const as = { email, token: tokens.token };
      expect((await api.get("export", { as })).body.code).toBe("forbidden_role");
      expect((await api.post("import", { as, body: file })).body.code).toBe("forbidden_role");
      await api.delete(
        `team/${(await api.get("team", { as: owner.rw })).body.members.find((m: { email: string }) => m.email === email).id}`,
        {
          as: owner.rw,
        },
      );
    }
    expect((await api.post("import", { as: owner.ro, body: file })).status).toBe(403);
  });

  it("answers each business its own", async () => {
    const rival = await login("rival");
    const theirs = (await api.get("export", { as: rival.rw })).body;
    expect(theirs.business.id).not.toBe(file.business.id);
    expect(JSON.stringify(theirs.tables.locations)).not.toContain(file.tables.locations[0].name);
  });
});

describe("POST /import into a fresh install", () => {
  // Some 400 reads on each side: minutes on a busy machine.
  it("restores the business so that every v1 read answers the same", { timeout: 300_000 }, async () => {
    // Exported again now: the tests above wrote to the team (and so to the activity log).
    file = (await api.get("export", { as: owner.rw })).body;
    const rows = (key: string) => file.tables[key] as { id: number }[];
    const ids: Ids = Object.fromEntries(Object.values(RECORDS).map((kind) => [kind, rows(kind).map((row) => row.id)]));
    const versions: Record<number, number[]> = {};
    for (const change of file.tables.menu_changes as { menu_id: number; version: number }[]) {
      versions[change.menu_id] = [...(versions[change.menu_id] ?? []), change.version];
    }
    const urls = readsOf(ids, versions);
    expect(urls.length).toBeGreaterThan(50);
    const before = await walk(owner.rw, urls);
    const teamBefore = (await api.get("team", { as: owner.rw })).body;

    // A fresh install: an empty database with the lists start-up gives every install (DEMO_DATA=false).
    // Those lists are the install's, not the business's; their stamps show in container answers and
    // the full menu's tag, so the two installs here have theirs seeded at the same instant.
    target = await freshDatabase();
    await seedReferenceData(target.db);
    for (const list of [containerSizes, customItemTypes]) {
      const [stamp] = await source.db.select({ createdAt: list.createdAt, updatedAt: list.updatedAt }).from(list).limit(1);
      await target.db.update(list).set(stamp!);
    }
    installDatabase(target);
    const signup = await api.post("signup", {
      body: { business_name: "Placeholder", name: "Olivia Owner", email: "owner@demo.test", password: "a new install's passphrase" },
    });
    expect(signup.status).toBe(201);
    const caller = { email: "owner@demo.test", token: signup.body.user.auth_token };
    const restored = await api.post("import", { as: caller, body: file });
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);

    expect(await checkIntegrity(target.db)).toEqual({ ok: true, problems: [] });
    const after = await walk(caller, urls);
    const differing = urls.filter((url) => JSON.stringify(after[url]) !== JSON.stringify(before[url]));
    expect(differing).toEqual([]);
    for (const url of urls) expect(after[url], url).toEqual(before[url]);
    // The export of the restored business holds the same tables, row for row; but menu views, which the
    // walks above counted on both sides (and the view flush writes every few seconds).
    // A sale's connection comes back negated: a connection of another database, none of this one's.
    const { menu_view_counts: _seen, pos_sales: salesAfter, ...restoredTables } = (await api.get("export", { as: caller })).body.tables;
    const { menu_view_counts: _before, pos_sales: salesBefore, ...exportedTables } = file.tables;
    expect(restoredTables).toEqual(exportedTables);
    expect(salesBefore).toHaveLength(1);
    expect(salesAfter).toEqual(salesBefore.map((sale: { connection_id: number }) => ({ ...sale, connection_id: -sale.connection_id })));

    // The people: the caller stands for the exporting owner; every other member and pending invitation is invited again.
    const teamAfter = (await api.get("team", { as: caller })).body;
    const people = (team: any) =>
      [...team.members, ...team.invitations].map((p: any) => `${p.email} ${p.role} ${JSON.stringify(p.location_ids)}`).sort();
    expect(people(teamAfter)).toEqual(people(teamBefore));
    expect(restored.body.import.invitations.map((i: { email: string }) => i.email).sort()).toEqual(
      teamBefore.members
        .map((m: { email: string }) => m.email)
        .filter((email: string) => email !== "owner@demo.test")
        .concat(teamBefore.invitations.map((i: { email: string }) => i.email))
        .sort(),
    );
    expect((await api.get("current_user", { as: caller })).body.current_user.business.name).toBe(file.business.name);

    // New records continue past the restored ids (the sequences were advanced).
    const menu = await api.post(`locations/${ids.locations![0]}/menus`, { as: caller, body: { menu: { name: "After the move" } } });
    expect(menu.status).toBe(201);
    expect(menu.body.menu.id).toBeGreaterThan(Math.max(...ids.menus!, ...ids.custom_menus!));
    // A write continues the restored history: the next version, a change after the restored ones.
    const edited = file.tables.menus[0] as { id: number; version: number; location_id: number };
    const patched = await api.patch(`menus/${edited.id}`, { as: caller, body: { menu: { name: "Moved in" } } });
    expect(patched.body.menu.version).toBe(edited.version + 1);
    const feed = (await api.get(`locations/${edited.location_id}/changes`, { as: caller })).body;
    const lastRestored = Math.max(...file.tables.menu_changes.map((change: { id: number }) => change.id));
    expect(JSON.stringify(feed)).toContain(`"version":${edited.version + 1}`);
    expect((await target!.db.select().from(menuChanges).where(eq(menuChanges.menuId, edited.id))).at(-1)!.id).toBeGreaterThan(lastRestored);
  });

  it("refuses a business that has locations (409), and nothing changes", async () => {
    const caller = { email: "owner@demo.test", token: "" };
    void caller;
    const again = await api.post("signup", {
      body: { business_name: "Second", name: "Sam Second", email: "second@new.test", password: "another long passphrase" },
    });
    const second = { email: "second@new.test", token: again.body.user.auth_token };
    // The ids of the export are taken in this database now: 409, nothing written.
    const taken = await api.post("import", { as: second, body: file });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/fresh install/);
    expect((await api.get("locations", { as: second })).body.locations).toEqual([]);
    await api.post("locations", { as: second, body: { name: "Mine", time_zone: "UTC", currency: "USD" } });
    const busy = await api.post("import", { as: second, body: file });
    expect(busy.status).toBe(409);
    expect(busy.body.detail).toMatch(/already has locations/);
  });

  it("names the path of a bad file (422) and writes nothing", async () => {
    const signup = await api.post("signup", {
      body: { business_name: "Third", name: "Tia Third", email: "third@new.test", password: "yet another passphrase" },
    });
    const third = { email: "third@new.test", token: signup.body.user.auth_token };
    const bad = structuredClone(file);
    bad.tables.containers[2].price = 7;
    delete bad.tables.menus[0].name;
    const answer = await api.post("import", { as: third, body: bad });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["tables.containers.2.price", "tables.menus.0.name"]);
    expect((await api.post("import", { as: third, body: { ...file, version: 2 } })).body.errors[0].path).toBe("version");
    const mine = await (await db()).select().from(locations).where(eq(locations.businessId, 3));
    expect(mine).toEqual([]);
  });
});
