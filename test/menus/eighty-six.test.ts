import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { items, menuChanges } from "@/lib/db/schema";
import { nextOpening } from "@/lib/hours/open-now";
import { replaceSpecialHours } from "@/lib/hours/special";
import { earliestEightySixExpiry, eightySixItem, nextEightySixExpiry } from "@/lib/menus/eighty-six";
import { previewMenu } from "@/lib/menus/preview";
import { dueEightySixes, restoreExpiredEightySixes } from "@/lib/menus/eighty-six-sweeper";

// 86 (live-menus §7): the endpoints, the expiry on every read with no job, the sweeper's feed record,
// and one version per request. Time moves by writing eighty_sixed_until into the past in the database.

let owner: Account;
let rival: Account;
let location: { id: number; time_zone: string };
let harbor: number;
let rivalItem: number;

const rw = () => ({ as: owner.rw });

async function newMenu(name = "86 test") {
  const menu = (await api.post(`locations/${location.id}/menus`, { ...rw(), body: { menu: { name } } })).body.menu;
  const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Taps" } } })).body.section;
  const add = async (itemName: string) =>
    (await api.post(`sections/${section.id}/items`, { ...rw(), body: { item: { name: itemName } } })).body.item.id as number;
  return { menuId: menu.id as number, sectionId: section.id as number, add };
}

const version = async (menuId: number) => (await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version as number;
const item = async (id: number) => (await api.get(`items/${id}`, { as: owner.ro })).body.item;
const fullItem = async (menuId: number, id: number) => {
  const tree = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu;
  return [...tree.sections, tree.on_deck_section].flatMap((section) => section.items).find((candidate) => candidate.id === id);
};
const eightySixed = async () =>
  ((await api.get(`locations/${location.id}/eighty_sixed`, { as: owner.ro })).body.items as { id: number }[]).map(({ id }) => id);
const lastChange = async (menuId: number) =>
  (await (await db()).select().from(menuChanges).where(eq(menuChanges.menuId, menuId)).orderBy(desc(menuChanges.id)).limit(1))[0]!;
/** The feed's newest cursor at the location (GET /locations/:id/changes, paged to its end). */
async function latestCursor() {
  let cursor = "";
  for (;;) {
    const page = (await api.get(`locations/${location.id}/changes?limit=500${cursor ? `&since=${cursor}` : ""}`, { as: owner.ro })).body;
    if (page.changes.length === 0) return page.next_cursor as string;
    cursor = page.next_cursor;
  }
}
/** Moves an 86's end into the past, as if its time had come (a direct write: the triggers record it too). */
const expire = async (id: number) =>
  (await db()).update(items).set({ eightySixedUntil: sql`now() - interval '1 minute'` }).where(eq(items.id, id));

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  const locations = (await api.get("locations", { as: owner.ro })).body.locations;
  location = locations[0];
  harbor = locations[1].id;
  const rivalLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
  const rivalMenu = (await api.get(`locations/${rivalLocation}/menus`, { as: rival.ro })).body.menus[0].id;
  rivalItem = (await api.get(`menus/${rivalMenu}?full=true`, { as: rival.ro })).body.menu.sections[0].items[0].id;
});

describe("POST /items/:id/86", () => {
  it("86s until restored: every item read says so, the list has it, the version rises by one", async () => {
    const { menuId, add } = await newMenu();
    const id = await add("Hazy IPA");
    expect(await item(id)).toMatchObject({ eighty_sixed: false, eighty_sixed_until: null });
    const before = await version(menuId);

    const response = await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: null } } });
    expect(response.status).toBe(200);
    expect(response.body.item).toMatchObject({ id, eighty_sixed: true, eighty_sixed_until: null });
    expect(await version(menuId)).toBe(before + 1);
    expect(await item(id)).toMatchObject({ eighty_sixed: true, eighty_sixed_until: null });
    expect(await fullItem(menuId, id)).toMatchObject({ eighty_sixed: true, eighty_sixed_until: null });
    expect(await eightySixed()).toContain(id);
    expect(await lastChange(menuId)).toMatchObject({ type: "item.86d", version: before + 1, actor: { via: "token" } });
  });

  it("86s until the next opening of the location, from its hours in its zone", async () => {
    const { add } = await newMenu();
    const id = await add("Pilsner");
    const hours = (await api.get(`locations/${location.id}/hours`, { as: owner.ro })).body.hours;
    const earliest = nextOpening(hours, new Date(), location.time_zone)!.toUTC().toISO();
    const response = await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: "next_open" } } });
    const latest = nextOpening(hours, new Date(), location.time_zone)!.toUTC().toISO();
    expect(response.status).toBe(200);
    expect(response.body.item.eighty_sixed).toBe(true);
    // The server's clock read between the two: its answer is one of them (the same unless an opening passed meanwhile).
    expect([earliest, latest]).toContain(response.body.item.eighty_sixed_until);
  });

  it("computes next_open with the injected clock", async () => {
    const { add } = await newMenu();
    const id = await add("Stout");
    // Downtown (New York), demo hours: Tue 16:00–23:00. Tue 2026-06-02 20:00 EDT → Wed 16:00 EDT.
    const business = (await api.get("current_user", { as: owner.ro })).body.current_user.business_id;
    const now = new Date("2026-06-03T00:00:00Z");
    const answer = await eightySixItem(await db(), { businessId: business, id, until: "next_open", now });
    expect(answer).toMatchObject({ eighty_sixed: true, eighty_sixed_until: "2026-06-03T20:00:00.000Z" });
  });

  it("takes special hours into next_open: a holiday closed is skipped (venue-operations §11)", async () => {
    const { add } = await newMenu();
    const id = await add("Holiday Ale");
    const business = (await api.get("current_user", { as: owner.ro })).body.current_user.business_id;
    // Tue 2026-06-02 20:00 EDT; Wednesday is closed for a holiday, so the next opening is Thu 16:00 EDT.
    const now = new Date("2026-06-03T00:00:00Z");
    const venue = { id: location.id, businessId: business, timeZone: location.time_zone };
    await replaceSpecialHours(await db(), venue, [{ date: "2026-06-03", closed: true, note: "Holiday" }], now);
    const answer = await eightySixItem(await db(), { businessId: business, id, until: "next_open", now });
    expect(answer).toMatchObject({ eighty_sixed: true, eighty_sixed_until: "2026-06-04T20:00:00.000Z" });
    await replaceSpecialHours(await db(), venue, [], now);
  });

  it("86s until a given time, written back in UTC; a second 86 moves the end", async () => {
    const { menuId, add } = await newMenu();
    const id = await add("Porter");
    const first = await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: "2099-01-02T03:04:05+01:00" } } });
    expect(first.body.item).toMatchObject({ eighty_sixed: true, eighty_sixed_until: "2099-01-02T02:04:05.000Z" });
    const before = await version(menuId);
    const second = await api.post(`items/${id}/86`, { ...rw(), body: { until: null } });
    expect(second.status).toBe(200);
    expect(second.body.item).toMatchObject({ eighty_sixed: true, eighty_sixed_until: null });
    expect(await version(menuId)).toBe(before + 1);
  });

  it("takes the body unwrapped, and under eighty_sixed", async () => {
    const { add } = await newMenu();
    const a = await add("A");
    const b = await add("B");
    expect((await api.post(`items/${a}/86`, { ...rw(), body: { until: "2099-01-01T00:00:00Z" } })).body.item.eighty_sixed_until).toBe(
      "2099-01-01T00:00:00.000Z",
    );
    expect((await api.post(`items/${b}/86`, { ...rw(), body: { eighty_sixed: { until: null } } })).body.item).toMatchObject({
      eighty_sixed: true,
      eighty_sixed_until: null,
    });
  });

  it.each([
    ["a time in the past", { eighty_six: { until: "2020-01-01T00:00:00Z" } }],
    ["a time that is not ISO 8601", { eighty_six: { until: "tomorrow" } }],
    ["a date that does not exist", { eighty_six: { until: "2099-02-30T12:00:00Z" } }],
    ["a time without its offset", { eighty_six: { until: "2099-01-01T12:00:00" } }],
    ["no until at all", { eighty_six: {} }],
    ["a number", { eighty_six: { until: 1 } }],
  ])("refuses %s with 422 and changes nothing", async (_label, body) => {
    const { menuId, add } = await newMenu();
    const id = await add("Refused");
    const before = await snapshot();
    const versionBefore = await version(menuId);
    const response = await api.post(`items/${id}/86`, { ...rw(), body });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toMatch(/^eighty_six\.until/);
    expect(await snapshot()).toEqual(before);
    expect(await version(menuId)).toBe(versionBefore);
  });

  it("refuses next_open with 422 at a location without opening hours", async () => {
    const hours = (await api.get(`locations/${harbor}/hours`, { as: owner.ro })).body.hours;
    await api.patch(`locations/${harbor}/hours`, {
      ...rw(),
      body: { hours: hours.map((row: { id: number }) => ({ id: row.id, closed: true })) },
    });
    const menu = (await api.post(`locations/${harbor}/menus`, { ...rw(), body: { menu: { name: "Closed" } } })).body.menu;
    const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "S" } } })).body.section;
    const id = (await api.post(`sections/${section.id}/items`, { ...rw(), body: { item: { name: "X" } } })).body.item.id;
    const before = await snapshot();
    const response = await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: "next_open" } } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "eighty_six.until", message: expect.stringContaining("no opening hours") }]);
    expect(await snapshot()).toEqual(before);
    // "Until restored" still works there.
    expect((await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: null } } })).status).toBe(200);
  });
});

describe("DELETE /items/:id/86", () => {
  it("restores: the version rises by one; restoring an item that is not 86'd changes nothing", async () => {
    const { menuId, add } = await newMenu();
    const id = await add("Lager");
    await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: null } } });
    const before = await version(menuId);
    const response = await api.delete(`items/${id}/86`, rw());
    expect(response.status).toBe(200);
    expect(response.body.item).toMatchObject({ id, eighty_sixed: false, eighty_sixed_until: null });
    expect(await version(menuId)).toBe(before + 1);
    expect(await lastChange(menuId)).toMatchObject({ type: "item.restored", actor: { via: "token" } });
    expect(await eightySixed()).not.toContain(id);

    const again = await api.delete(`items/${id}/86`, rw());
    expect(again.status).toBe(200);
    expect(again.body.item.eighty_sixed).toBe(false);
    expect(await version(menuId)).toBe(before + 1);
  });
});

describe("callers", () => {
  it("another business's item or location is 404, like a missing one, and nothing changes", async () => {
    const before = await snapshot();
    for (const [method, path] of [
      ["post", `items/${rivalItem}/86`],
      ["delete", `items/${rivalItem}/86`],
      ["get", `locations/${location.id}/eighty_sixed`],
    ] as const) {
      const as = method === "get" ? rival.ro : owner.rw;
      const foreign = method === "get" ? await api.get(path, { as }) : await api[method](path, { as, body: { until: null } });
      const missing =
        method === "get"
          ? await api.get(path.replace(/\/\d+/, "/1999999"), { as })
          : await api[method](path.replace(/\/\d+/, "/1999999"), { as, body: { until: null } });
      expect(foreign.status, `${method} ${path}`).toBe(404);
      expect(foreign.body, `${method} ${path}`).toEqual(missing.body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the read-only token may read the list but not 86 or restore (403)", async () => {
    const { add } = await newMenu();
    const id = await add("Read only");
    await api.post(`items/${id}/86`, { ...rw(), body: { until: null } });
    const before = await snapshot();
    const post = await api.post(`items/${id}/86`, { as: owner.ro, body: { until: "next_open" } });
    const del = await api.delete(`items/${id}/86`, { as: owner.ro });
    expect([post.status, post.body.code]).toEqual([403, "read_only_token"]);
    expect([del.status, del.body.code]).toEqual([403, "read_only_token"]);
    expect(await snapshot()).toEqual(before);
    expect((await api.get(`locations/${location.id}/eighty_sixed`, { as: owner.ro })).status).toBe(200);
  });
});

describe("expiry", () => {
  it("an 86 whose time has passed reads as restored, and the sweeper records item.restored by the system once", async () => {
    const { menuId, add } = await newMenu();
    const id = await add("Seasonal");
    await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: "2099-06-01T12:00:00Z" } } });
    expect(await item(id)).toMatchObject({ eighty_sixed: true, eighty_sixed_until: "2099-06-01T12:00:00.000Z" });
    expect(await eightySixed()).toContain(id);

    await expire(id);
    // No job has run: every read already shows it back.
    expect(await item(id)).toMatchObject({ eighty_sixed: false, eighty_sixed_until: null });
    expect(await fullItem(menuId, id)).toMatchObject({ eighty_sixed: false, eighty_sixed_until: null });
    expect(await eightySixed()).not.toContain(id);
    expect(await nextEightySixExpiry(await db(), menuId)).toBeNull();

    const before = await version(menuId);
    const since = await latestCursor();
    expect(await restoreExpiredEightySixes(await db())).toBeGreaterThanOrEqual(1);
    expect(await version(menuId)).toBe(before + 1);
    // The feed has the restore, by the system, as one change of its own.
    const feed = (await api.get(`locations/${location.id}/changes?since=${since}`, { as: owner.ro })).body.changes;
    expect(feed.filter((change: { menu_id: number }) => change.menu_id === menuId)).toEqual([
      expect.objectContaining({
        type: "item.restored",
        version: before + 1,
        actor: { user_id: null, name: null, via: "system" },
        summary: "Seasonal is back on",
      }),
    ]);
    const [row] = await (await db()).select().from(items).where(eq(items.id, id));
    expect(row).toMatchObject({ eightySixedAt: null, eightySixedUntil: null });

    // A second sweep (or a second instance's) finds nothing and records nothing.
    await restoreExpiredEightySixes(await db());
    expect(await version(menuId)).toBe(before + 1);
    // Restoring by hand now changes nothing either.
    await api.delete(`items/${id}/86`, rw());
    expect(await version(menuId)).toBe(before + 1);
  });

  it("records each item's restore as its own change, even in one menu", async () => {
    const { menuId, add } = await newMenu();
    const a = await add("One");
    const b = await add("Two");
    for (const id of [a, b]) await api.post(`items/${id}/86`, { ...rw(), body: { until: "2099-06-01T12:00:00Z" } });
    await (await db()).update(items).set({ eightySixedUntil: sql`now() - interval '1 minute'` }).where(sql`${items.id} in (${a}, ${b})`);
    const before = await version(menuId);
    await restoreExpiredEightySixes(await db());
    expect(await version(menuId)).toBe(before + 2);
    const changes = await (await db())
      .select()
      .from(menuChanges)
      .where(and(eq(menuChanges.menuId, menuId), eq(menuChanges.type, "item.restored")));
    expect(changes.map((change) => change.version)).toEqual([before + 1, before + 2]);
  });

  it("the sweep finds the due items through the partial index of 86'd items, not by reading the table", async () => {
    const database = await db();
    const { sql: text, params } = dueEightySixes(database, new Date()).toSQL();
    // With sequential scans priced out, the planner takes the index whenever the query's predicate
    // implies the index's (eighty_sixed_at is not null); without such an index it must still scan.
    const plan = await database.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => `'${(params[Number(n) - 1] as string | Date).toString()}'::timestamptz`);
      const { rows } = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: Record<string, string>[] };
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("items_eighty_sixed_idx");
    expect(plan).not.toMatch(/Seq Scan on items/);
  });

  it("a restore by hand before the end leaves nothing for the sweeper", async () => {
    const { menuId, add } = await newMenu();
    const id = await add("Cider");
    await api.post(`items/${id}/86`, { ...rw(), body: { until: "2099-06-01T12:00:00Z" } });
    await api.delete(`items/${id}/86`, rw());
    const before = await version(menuId);
    await restoreExpiredEightySixes(await db(), new Date("2100-01-01T00:00:00Z"));
    expect(await version(menuId)).toBe(before);
  });

  it("names the earliest end in force in a menu, for the full menu's ETag", async () => {
    const { menuId, add } = await newMenu();
    const [a, b, c] = [await add("A"), await add("B"), await add("C")];
    expect(await nextEightySixExpiry(await db(), menuId)).toBeNull();
    await api.post(`items/${a}/86`, { ...rw(), body: { until: "2099-03-01T00:00:00Z" } });
    await api.post(`items/${b}/86`, { ...rw(), body: { until: "2099-02-01T00:00:00Z" } });
    await api.post(`items/${c}/86`, { ...rw(), body: { until: null } });
    expect((await nextEightySixExpiry(await db(), menuId))?.toISOString()).toBe("2099-02-01T00:00:00.000Z");
    const tree = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu;
    expect(earliestEightySixExpiry(tree)).toBe("2099-02-01T00:00:00.000Z");
    // Past the first end, the next one.
    expect((await nextEightySixExpiry(await db(), menuId, new Date("2099-02-15T00:00:00Z")))?.toISOString()).toBe(
      "2099-03-01T00:00:00.000Z",
    );
    await expire(b);
    expect((await nextEightySixExpiry(await db(), menuId))?.toISOString()).toBe("2099-03-01T00:00:00.000Z");
  });
});

describe("GET /locations/:id/eighty_sixed", () => {
  it("lists what is 86'd now at the location, in menu, section and item order", async () => {
    const { add } = await newMenu("Listed");
    const [a, b, c] = [await add("First"), await add("Second"), await add("Third")];
    await api.post(`items/${c}/86`, { ...rw(), body: { until: null } });
    await api.post(`items/${a}/86`, { ...rw(), body: { until: "2099-01-01T00:00:00Z" } });
    const listed = await eightySixed();
    expect(listed.indexOf(a)).toBeLessThan(listed.indexOf(c));
    expect(listed).not.toContain(b);
    const response = await api.get(`locations/${location.id}/eighty_sixed`, { as: owner.ro });
    expect(response.body.items.every((entry: { eighty_sixed: boolean }) => entry.eighty_sixed)).toBe(true);
  });
});

describe("the menu display", () => {
  it("hides 86'd items, and a section only 86'd items filled", async () => {
    const { menuId, sectionId, add } = await newMenu("Board");
    const [a, b] = [await add("Shown"), await add("Gone")];
    const other = (await api.post(`menus/${menuId}/sections`, { ...rw(), body: { section: { name: "Bottles" } } })).body.section;
    const only = (await api.post(`sections/${other.id}/items`, { ...rw(), body: { item: { name: "Last bottle" } } })).body.item.id;
    await api.post(`menus/${menuId}/publish`, rw());
    await api.post(`items/${b}/86`, { ...rw(), body: { until: null } });
    await api.post(`items/${only}/86`, { ...rw(), body: { until: null } });
    const board = await previewMenu(await db(), { id: menuId, viewerBusinessId: null });
    const sections = board!.menu.sections;
    expect(sections.map((section) => section.id)).toEqual([sectionId]);
    expect(sections[0]!.items.map((entry) => entry.id)).toEqual([a]);
    await api.delete(`items/${b}/86`, rw());
    const back = await previewMenu(await db(), { id: menuId, viewerBusinessId: null });
    expect(back!.menu.sections[0]!.items.map((entry) => entry.id)).toEqual([a, b]);
  });
});

describe("eighty_sixed_reason (venue-operations §8)", () => {
  const stored = async (id: number) =>
    (await (await db()).select({ reason: items.eightySixedReason }).from(items).where(eq(items.id, id)))[0]!.reason;

  it("an 86 through the API is `manual` in the item, the full menu and the 86'd list; a restore clears it", async () => {
    const { menuId, add } = await newMenu("Reasons");
    const id = await add("Hand Pulled");
    expect((await item(id)).eighty_sixed_reason).toBeNull();
    const answer = await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: null } } });
    expect(answer.body.item).toMatchObject({ eighty_sixed: true, eighty_sixed_reason: "manual" });
    expect(await item(id)).toMatchObject({ eighty_sixed_reason: "manual" });
    expect(await fullItem(menuId, id)).toMatchObject({ eighty_sixed_reason: "manual" });
    const listed = (await api.get(`locations/${location.id}/eighty_sixed`, { as: owner.ro })).body.items;
    expect(listed.find((row: { id: number }) => row.id === id)).toMatchObject({ eighty_sixed_reason: "manual" });

    const restored = await api.delete(`items/${id}/86`, rw());
    expect(restored.body.item).toMatchObject({ eighty_sixed: false, eighty_sixed_reason: null });
    expect(await stored(id)).toBeNull();
  });

  it("an 86 whose time has passed reads without a reason, and the sweeper clears it", async () => {
    const { add } = await newMenu("Reasons expire");
    const id = await add("Timed Out");
    await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: new Date(Date.now() + 3_600_000).toISOString() } } });
    await expire(id);
    expect(await item(id)).toMatchObject({ eighty_sixed: false, eighty_sixed_reason: null });
    await restoreExpiredEightySixes(await db());
    expect(await stored(id)).toBeNull();
  });

  it("a revert leaves the reason as it is now, with the 86 it belongs to", async () => {
    const { menuId, add } = await newMenu("Reasons revert");
    const id = await add("Kept Stock");
    const then = await version(menuId);
    await api.patch(`items/${id}`, { ...rw(), body: { item: { name: "Renamed" } } });
    await api.post(`items/${id}/86`, { ...rw(), body: { eighty_six: { until: null } } });
    const reverted = await api.post(`menus/${menuId}/versions/${then}/revert`, { as: owner.rw });
    expect(reverted.status).toBe(200);
    expect(await item(id)).toMatchObject({ name: "Kept Stock", eighty_sixed: true, eighty_sixed_reason: "manual" });
  });
});
