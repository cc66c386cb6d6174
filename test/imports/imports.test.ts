import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account, type Credentials } from "../api";
import { resetEnvForTests } from "@/lib/server/env";
import { startSourceServer, type SourceServer } from "./source-server";
import { withoutIds } from "./compare";

// Import from the service we replace (venue-operations §6, issue 32): this app serves the same v1 API,
// so the source is the demo owner's location, read over real HTTP, and the target a location of a new
// business in the same database. The imported menus answer what the source's do, field for field apart
// from ids; a second run writes nothing; changes at the source arrive; a failing source writes nothing.

let owner: Account;
let sourceId: number;
let target: Credentials;
let targetId: number;
let source: SourceServer;

// A custom menu's position counts among custom menus; imported, it follows the menus: the list's order
// is what both sides agree on.
async function sourceMenus() {
  const list = (await api.get(`locations/${sourceId}/menus?include_legacy=true`, { as: owner.ro })).body.menus;
  const full = [];
  for (const [index, menu] of list.entries()) {
    full.push({ ...(await api.get(`menus/${menu.id}?full=true&include_legacy=true`, { as: owner.ro })).body.menu, position: index });
  }
  return full;
}

async function targetMenus() {
  const list = (await api.get(`locations/${targetId}/menus`, { as: target })).body.menus;
  const full = [];
  for (const menu of list) full.push((await api.get(`menus/${menu.id}?full=true`, { as: target })).body.menu);
  return full;
}

type Tree = { id: number; source_id: number | null; [key: string]: unknown };

/** Pairs of (imported record, the source's record) down two trees walked side by side: menus, sections, items, containers. */
function pairs(target: Tree, source: Tree, kind: string): [string, Tree, Tree][] {
  const children = (tree: Tree) =>
    [
      ["section", tree.sections],
      ["section", tree.on_deck_section ? [tree.on_deck_section] : undefined],
      ["item", tree.items],
      ["container", tree.containers],
    ].filter(([, list]) => Array.isArray(list)) as [string, Tree[]][];
  const theirs = children(source);
  return [
    [kind, target, source],
    ...children(target).flatMap(([childKind, list], index) => list.flatMap((child, at) => pairs(child, theirs[index]![1][at]!, childKind))),
  ];
}

const body = (fields: Record<string, unknown> = {}) => ({
  base_url: source.base,
  email: owner.ro.email,
  token: owner.ro.token,
  source_location_id: sourceId,
  ...fields,
});
const run = (fields: Record<string, unknown> = {}) => api.post(`locations/${targetId}/imports`, { as: target, body: body(fields) });
const total = (counts: Record<string, Record<string, number>>, key: string) =>
  Object.values(counts).reduce((sum, tally) => sum + tally[key]!, 0);
const menusVersion = async () => (await api.get(`locations/${targetId}`, { as: target })).body.location;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  // Generous: a busy machine is not a slow source. The hanging source below gets a short one.
  process.env.IMPORT_TIMEOUT_MS = "120000";
  resetEnvForTests();
  owner = await login("owner");
  const sourceLocation = (await api.get("locations", { as: owner.ro })).body.locations[0];
  sourceId = sourceLocation.id;
  source = await startSourceServer();
  const signup = await api.post("signup", {
    body: { business_name: "New Tap", name: "Nora New", email: "nora@newtap.test", password: "copper kettle 42" },
    headers: { "x-forwarded-for": "198.51.100.77" },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  target = { email: signup.body.user.email, token: signup.body.user.auth_token };
  const created = await api.post("locations", {
    as: target,
    body: { location: { name: "New Tap", time_zone: sourceLocation.time_zone, currency: sourceLocation.currency } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  targetId = created.body.location.id;
});

afterAll(async () => {
  await source.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  delete process.env.IMPORT_TIMEOUT_MS;
  resetEnvForTests();
});

describe("importing a location from the service we replace", () => {
  it("lists the source's locations for the credentials", async () => {
    const answer = await api.post(`locations/${targetId}/imports/source_locations`, {
      as: target,
      body: { base_url: source.base, email: owner.ro.email, token: owner.ro.token },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.locations.map((location: { id: number }) => location.id)).toContain(sourceId);
  });

  it("plans with a dry run, writing nothing", async () => {
    const before = await menusVersion();
    const answer = await run({ dry_run: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { counts, removals } = answer.body.plan;
    expect(counts.menus.create).toBe((await sourceMenus()).length);
    expect(counts.items.create).toBeGreaterThan(10);
    expect(counts.events.create).toBe((await api.get(`locations/${sourceId}/events`, { as: owner.ro })).body.events.length);
    expect(total(counts, "remove")).toBe(0);
    expect(removals).toEqual([]);
    expect(await targetMenus()).toEqual([]);
    expect(await menusVersion()).toEqual(before);
    const [record] = (await api.get(`locations/${targetId}/imports`, { as: target })).body.imports;
    expect(record).toMatchObject({ dry_run: true, status: "done", source_location_id: sourceId });
    expect(record.progress.done).toBe(record.progress.total);
  });

  it("imports menus (custom ones as menus), events and hours that answer what the source's do", async () => {
    const answer = await run();
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.import.status).toBe("done");
    const expected = await sourceMenus();
    expect(expected.some((menu: { legacy?: boolean }) => menu.legacy)).toBe(true);
    const imported = await targetMenus();
    expect(withoutIds(imported)).toEqual(withoutIds(expected));
    // Every imported record answers the source's own id (venue-operations §6), in the full tree and in its
    // own read; the source's records, made there, answer null.
    const walked = imported.flatMap((menu, index) => pairs(menu, expected[index], "menu"));
    expect(new Set(walked.map(([kind]) => kind))).toEqual(new Set(["menu", "section", "item", "container"]));
    for (const [kind, mine, theirs] of walked) {
      expect(mine.source_id, `${kind} ${mine.id}`).toBe(theirs.id);
      expect(theirs.source_id, `${kind} ${theirs.id}`).toBeNull();
    }
    for (const [kind, mine, theirs] of walked.filter(([kind]) => kind !== "container").slice(0, 12)) {
      expect((await api.get(`${kind}s/${mine.id}`, { as: target })).body[kind].source_id, kind).toBe(theirs.id);
    }
    const [firstItem] = walked.filter(([kind]) => kind === "item");
    const [, container, sourceContainer] = walked.find(([kind]) => kind === "container")!;
    expect((await api.get(`containers/${container.id}`, { as: target })).body.container.source_id).toBe(sourceContainer.id);
    const listed = (await api.get(`items/${firstItem![1].id}/containers`, { as: target })).body.containers;
    // The list is in the editor's order (positions); the tree reads them by volume (decision 081).
    const byPosition = [...(firstItem![2].containers as Tree[])].sort((a, b) => (a.position as number) - (b.position as number));
    expect(listed.map((row: Tree) => row.source_id)).toEqual(byPosition.map((row) => row.id));
    const listedMenus = (await api.get(`locations/${targetId}/menus`, { as: target })).body.menus as Tree[];
    expect(listedMenus.map((menu) => menu.source_id)).toEqual(expected.map((menu: Tree) => menu.id));

    const events = async (id: number, as: Credentials) => withoutIds((await api.get(`locations/${id}/events`, { as })).body.events);
    expect(await events(targetId, target)).toEqual(await events(sourceId, owner.ro));
    const theirEvents = (await api.get(`locations/${sourceId}/events`, { as: owner.ro })).body.events as Tree[];
    const ourEvents = (await api.get(`locations/${targetId}/events`, { as: target })).body.events as Tree[];
    expect(ourEvents.length).toBeGreaterThan(0);
    expect(ourEvents.map((event) => event.source_id)).toEqual(theirEvents.map((event) => event.id));
    expect(theirEvents.every((event) => event.source_id === null)).toBe(true);
    expect((await api.get(`events/${ourEvents[0]!.id}`, { as: target })).body.event.source_id).toBe(theirEvents[0]!.id);
    const week = async (id: number, as: Credentials) =>
      (await api.get(`locations/${id}/hours`, { as })).body.hours.map(
        ({ day, always_open, closed, open_at, close_at }: Record<string, unknown>) => ({
          day,
          always_open,
          closed,
          open_at,
          close_at,
        }),
      );
    expect(await week(targetId, target)).toEqual(await week(sourceId, owner.ro));
  });

  it("changes nothing when run again against an unchanged source", async () => {
    const before = await menusVersion();
    const answer = await run();
    expect(answer.status).toBe(201);
    expect(
      total(answer.body.import.counts, "create") + total(answer.body.import.counts, "update") + total(answer.body.import.counts, "remove"),
    ).toBe(0);
    expect(await menusVersion()).toEqual(before);
  });

  it("brings a changed price and a deleted section across, and keeps the venue's own menu", async () => {
    const own = (await api.post(`locations/${targetId}/menus`, { as: target, body: { menu: { name: "House specials" } } })).body.menu;
    const [first] = (await api.get(`locations/${sourceId}/menus`, { as: owner.ro })).body.menus;
    const tree = (await api.get(`menus/${first.id}?full=true`, { as: owner.ro })).body.menu;
    const container = tree.sections[0].items[0].containers[0];
    const changed = await api.patch(`containers/${container.id}`, { as: owner.rw, body: { container: { price: "9.75" } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const doomed = tree.sections.at(-1);
    expect((await api.delete(`sections/${doomed.id}`, { as: owner.rw })).status).toBe(200);

    const plan = (await run({ dry_run: true })).body.plan;
    expect(plan.counts.containers.update).toBe(1);
    expect(plan.counts.sections.remove).toBe(1);
    expect(plan.removals).toContainEqual({ type: "section", name: doomed.name });

    const versions = async () => (await targetMenus()).map((menu) => menu.version);
    const before = await versions();
    const answer = await run();
    expect(answer.status).toBe(201);
    // One change: the menu that held both is one version further, the others as they were.
    const after = await versions();
    expect(after.map((version, index) => version - before[index]!)).toEqual(before.map((_, index) => (index === 0 ? 1 : 0)));
    expect(answer.body.import.counts.containers.update).toBe(1);
    expect(answer.body.import.counts.sections.remove).toBe(1);
    const menus = await targetMenus();
    expect(menus.at(-1).name).toBe(own.name);
    expect(menus.at(-1).source_id).toBeNull();
    expect(withoutIds(menus.slice(0, -1))).toEqual(withoutIds(await sourceMenus()));
  });

  it("keeps what the venue added to a record the source removes, as the venue's own", async () => {
    const [first] = (await api.get(`locations/${sourceId}/menus`, { as: owner.ro })).body.menus;
    const made = await api.post(`menus/${first.id}/sections`, { as: owner.rw, body: { section: { name: "Cellar" } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const doomed = made.body.section;
    expect((await api.post(`sections/${doomed.id}/items`, { as: owner.rw, body: { item: { name: "Cellar Stout" } } })).status).toBe(201);
    expect((await run()).status).toBe(201);
    const menus = await targetMenus();
    const imported = menus.find((menu) => menu.name === first.name);
    const here = imported.sections.find((section: { name: string }) => section.name === doomed.name);
    const added = await api.post(`sections/${here.id}/items`, { as: target, body: { item: { name: "House Cider" } } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await api.delete(`sections/${doomed.id}`, { as: owner.rw })).status).toBe(200);
    const sourceTree = (await api.get(`menus/${first.id}?full=true`, { as: owner.ro })).body.menu;

    const answer = await run();
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.import.conflicts).toContainEqual({
      kind: "section",
      message: `The source no longer has the section “${doomed.name}”, but you added to it here: it is kept as your own.`,
    });
    const after = (await api.get(`menus/${imported.id}?full=true`, { as: target })).body.menu;
    const kept = after.sections.at(-1);
    expect(kept.name).toBe(doomed.name);
    // The source's items went with its section; the venue's stayed.
    expect(kept.items.map((item: { name: string }) => item.name)).toEqual(["House Cider"]);
    expect(withoutIds(after.sections.slice(0, -1))).toEqual(withoutIds(sourceTree.sections));
    // Kept as the venue's own: the next run leaves it alone.
    const again = await run();
    expect(again.body.import.conflicts).toEqual([]);
    expect((await api.get(`menus/${imported.id}?full=true`, { as: target })).body.menu.sections.at(-1).items).toHaveLength(1);
  });

  it("writes nothing when the source fails or is too slow, and says what it answered", async () => {
    const before = await menusVersion();
    const [first] = (await api.get(`locations/${sourceId}/menus`, { as: owner.ro })).body.menus;
    await api.patch(`menus/${first.id}`, { as: owner.rw, body: { menu: { name: "Renamed at the source" } } });
    source.faults.set(`/locations/${sourceId}/hours`, 500);
    const failed = await run();
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: "source_failed", source_status: 500 });
    source.faults.clear();
    source.faults.set(`/locations/${sourceId}/events`, "hang");
    process.env.IMPORT_TIMEOUT_MS = "1000";
    resetEnvForTests();
    const slow = await run();
    process.env.IMPORT_TIMEOUT_MS = "120000";
    resetEnvForTests();
    expect(slow.status).toBe(502);
    expect(slow.body.source_status).toBeNull();
    expect(slow.body.detail).toMatch(/could not reach the source/);
    source.faults.clear();
    const wrong = await run({ token: "not-the-token" });
    expect(wrong.status).toBe(502);
    expect(wrong.body.source_status).toBe(401);
    expect(await menusVersion()).toEqual(before);
    const [latest] = (await api.get(`locations/${targetId}/imports`, { as: target })).body.imports;
    expect(latest.status).toBe("failed");
    expect(latest.error).toMatch(/401/);
  });

  it("refuses private addresses unless the setting allows them, and bad bodies, before calling anyone", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "false";
    resetEnvForTests();
    try {
      const calls = source.requests.length;
      const refused = await run();
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].path).toBe("base_url");
      expect((await run({ source_location_id: "x" })).status).toBe(422);
      expect(source.requests.length).toBe(calls);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "true";
      resetEnvForTests();
    }
  });

  it("is for owners and managers: the read-only token cannot import", async () => {
    const readOnly = await api.post(`locations/${targetId}/imports`, { as: owner.ro, body: body() });
    expect([403, 404]).toContain(readOnly.status);
  });
});
