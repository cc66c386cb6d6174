import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pruneExpired } from "@/lib/retention/prune";
import { api, db, login, type Account, type ApiResponse } from "../api";
import { snapshot } from "../snapshot";

// GET /menus/:id/versions, GET /menus/:id/versions/:version, POST …/revert (live-menus §6).

let owner: Account;
let rival: Account;
let downtown: number;
let rivalLocation: number;
let sizes: { id: number; name: string }[];

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  downtown = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  rivalLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
  sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes;
});

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

const full = async (menuId: number) => (await ok(api.get(`menus/${menuId}?full=true`, { as: owner.ro }))).menu;
const without = ({ version: _, ...rest }: { version: number }) => rest;

/** A menu with two sections, three items and prices. */
async function newMenu(name = "History") {
  const menu = (await ok(api.post(`locations/${downtown}/menus`, { as: owner.rw, body: { menu: { name } } }), 201)).menu;
  const section = async (title: string) =>
    (await ok(api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: title } } }), 201)).section;
  const taps = await section("Taps");
  const cans = await section("Cans");
  const item = async (sectionId: number, title: string, price: string) => {
    const created = (await ok(api.post(`sections/${sectionId}/items`, { as: owner.rw, body: { item: { name: title } } }), 201)).item;
    const container = (
      await ok(
        api.post(`items/${created.id}/containers`, { as: owner.rw, body: { container: { container_size_id: sizes[0]!.id, price } } }),
        201,
      )
    ).container;
    return { item: created, container };
  };
  const haze = await item(taps.id, "Harbor Haze", "7.00");
  const stout = await item(taps.id, "Night Stout", "6.50");
  const lager = await item(cans.id, "Town Lager", "4.00");
  return { menu, taps, cans, haze, stout, lager };
}

describe("GET /menus/:id/versions", () => {
  it("lists every version newest first with who, when and what, paged by before and limit", async () => {
    const { menu, haze } = await newMenu();
    await ok(api.patch(`containers/${haze.container.id}`, { as: owner.rw, body: { container: { price: "7.50" } } }));
    const current = await full(menu.id);
    const page = (await ok(api.get(`menus/${menu.id}/versions?limit=3`, { as: owner.ro }))).versions;
    expect(page.map((v: { version: number }) => v.version)).toEqual([current.version, current.version - 1, current.version - 2]);
    expect(page[0]).toMatchObject({
      actor: { via: "token", name: expect.any(String) },
      summary: "Price of Harbor Haze, Pint: 7.00 → 7.50",
    });
    expect(page[0].changes).toEqual([expect.objectContaining({ menu_id: menu.id, version: current.version, type: "menu.updated" })]);
    const next = (await ok(api.get(`menus/${menu.id}/versions?before=${page[2].version}&limit=100`, { as: owner.ro }))).versions;
    expect(next.at(-1)).toMatchObject({
      version: 1,
      summary: "Created menu “History”",
      changes: [expect.objectContaining({ type: "menu.created" })],
    });
    expect(page.length + next.length).toBe(current.version);
  });

  it("refuses a malformed page with 422 and another business's menu with 404", async () => {
    const { menu } = await newMenu();
    expect((await api.get(`menus/${menu.id}/versions?limit=0`, { as: owner.ro })).status).toBe(422);
    expect((await api.get(`menus/${menu.id}/versions?limit=101`, { as: owner.ro })).status).toBe(422);
    expect((await api.get(`menus/${menu.id}/versions?before=x`, { as: owner.ro })).status).toBe(422);
    expect((await api.get(`menus/${menu.id}/versions`, { as: rival.ro })).status).toBe(404);
  });
});

describe("GET /menus/:id/versions/:version", () => {
  it("answers exactly what full=true answered at that version, and changes nothing", async () => {
    const { menu, taps, haze, stout, lager } = await newMenu();
    const seen = new Map<number, unknown>();
    const record = async () => {
      const tree = await full(menu.id);
      seen.set(tree.version, tree);
    };
    await record();
    await ok(api.patch(`containers/${haze.container.id}`, { as: owner.rw, body: { container: { price: "7.50" } } }));
    await record();
    await ok(api.patch(`items/${lager.item.id}/move`, { as: owner.rw, body: { item: { section_id: taps.id, position: 0 } } }));
    await record();
    await ok(api.delete(`items/${stout.item.id}`, { as: owner.rw }));
    await record();
    await ok(api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { name: "Renamed", footer: "Cash only" } } }));
    await ok(api.post(`menus/${menu.id}/publish`, { as: owner.rw }));
    await ok(api.delete(`sections/${taps.id}`, { as: owner.rw }));
    await record();
    const before = await snapshot();
    for (const [version, tree] of seen) {
      expect((await ok(api.get(`menus/${menu.id}/versions/${version}`, { as: owner.ro }))).menu).toEqual(tree);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("is 404 past the current version and for another business, 422 for a malformed version", async () => {
    const { menu } = await newMenu();
    const { version } = await full(menu.id);
    expect((await api.get(`menus/${menu.id}/versions/${version + 1}`, { as: owner.ro })).status).toBe(404);
    expect((await api.get(`menus/${menu.id}/versions/1`, { as: rival.ro })).status).toBe(404);
    for (const bad of ["0", "-1", "1.5", "abc", "99999999999"]) {
      const answer = await api.get(`menus/${menu.id}/versions/${bad}`, { as: owner.ro });
      expect(answer.status, bad).toBe(422);
      expect(answer.body.error.errors[0].path).toBe("version");
    }
  });
});

describe("POST /menus/:id/versions/:version/revert", () => {
  it("restores fields, publish state, positions, overrides, containers and ids as a new version, and can be reverted", async () => {
    const { menu, taps, cans, haze, stout, lager } = await newMenu();
    const then = await full(menu.id);
    await ok(api.patch(`containers/${haze.container.id}`, { as: owner.rw, body: { container: { price: "9.00" } } }));
    await ok(api.patch(`items/${stout.item.id}`, { as: owner.rw, body: { item: { name: "Override", abv: "8.1" } } }));
    await ok(api.patch(`items/${lager.item.id}/move`, { as: owner.rw, body: { item: { section_id: taps.id, position: 1 } } }));
    await ok(api.delete(`sections/${cans.id}`, { as: owner.rw }));
    await ok(api.delete(`items/${haze.item.id}`, { as: owner.rw }));
    const extra = (await ok(api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: "New" } } }), 201)).section;
    await ok(api.post(`sections/${extra.id}/items`, { as: owner.rw, body: { item: { name: "Fresh" } } }), 201);
    await ok(api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { description: "Later" } } }));
    await ok(api.post(`menus/${menu.id}/publish`, { as: owner.rw }));
    const changed = await full(menu.id);

    const reverted = (await ok(api.post(`menus/${menu.id}/versions/${then.version}/revert`, { as: owner.rw }))).menu;
    expect(reverted.version).toBe(changed.version + 1);
    expect(without(reverted)).toEqual(without(then));
    expect(without(await full(menu.id))).toEqual(without(then));
    const [latest] = (await ok(api.get(`menus/${menu.id}/versions?limit=1`, { as: owner.ro }))).versions;
    expect(latest).toMatchObject({
      version: reverted.version,
      actor: { via: "token" },
      changes: [expect.objectContaining({ type: "menu.reverted" })],
    });

    // The revert reverted: back to what it replaced.
    const undone = (await ok(api.post(`menus/${menu.id}/versions/${changed.version}/revert`, { as: owner.rw }))).menu;
    expect(undone.version).toBe(reverted.version + 1);
    expect(without(undone)).toEqual(without(changed));
  });

  it("never changes whether an item is 86'd: 86'd now stays 86'd, restored since stays available, back with its old id comes back not 86'd", async () => {
    const { menu, haze, stout, lager } = await newMenu();
    await ok(api.post(`items/${stout.item.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } }));
    const then = await full(menu.id);
    // Since then: a price (the difference the manager restores), Harbor Haze 86'd, Night Stout
    // restored, and Town Lager 86'd and then deleted.
    await ok(api.patch(`containers/${haze.container.id}`, { as: owner.rw, body: { container: { price: "9.00" } } }));
    await ok(api.post(`items/${haze.item.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } }));
    await ok(api.delete(`items/${stout.item.id}/86`, { as: owner.rw }));
    await ok(api.post(`items/${lager.item.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } }));
    await ok(api.delete(`items/${lager.item.id}`, { as: owner.rw }));

    const reverted = (await ok(api.post(`menus/${menu.id}/versions/${then.version}/revert`, { as: owner.rw }))).menu;
    const stock = (tree: typeof reverted) =>
      Object.fromEntries(
        tree.sections.flatMap((section: { items: { name: string; eighty_sixed: boolean; eighty_sixed_until: string | null }[] }) =>
          section.items.map((item) => [item.name, [item.eighty_sixed, item.eighty_sixed_until]]),
        ),
      );
    const expected = { "Harbor Haze": [true, null], "Night Stout": [false, null], "Town Lager": [false, null] };
    expect(stock(reverted)).toEqual(expected);
    expect(stock(await full(menu.id))).toEqual(expected);
    expect(reverted.sections[0].items[0].containers[0].price).toBe(then.sections[0].items[0].containers[0].price);
    const eightySixed = (await ok(api.get(`locations/${downtown}/eighty_sixed`, { as: owner.ro }))).items;
    expect(eightySixed.map((item: { id: number }) => item.id)).toContain(haze.item.id);
    expect(eightySixed.map((item: { id: number }) => item.id)).not.toContain(stout.item.id);
    expect(eightySixed.map((item: { id: number }) => item.id)).not.toContain(lager.item.id);
  });

  it("to the current version changes nothing and raises nothing", async () => {
    const { menu } = await newMenu();
    const now = await full(menu.id);
    expect((await ok(api.post(`menus/${menu.id}/versions/${now.version}/revert`, { as: owner.rw }))).menu).toEqual(now);
    expect((await full(menu.id)).version).toBe(now.version);
  });

  it("is 404 for a version that never existed or another business's menu, 422 for a malformed one, 403 read-only; nothing changes", async () => {
    const { menu } = await newMenu();
    const { version } = await full(menu.id);
    const before = await snapshot();
    expect((await api.post(`menus/${menu.id}/versions/${version + 1}/revert`, { as: owner.rw })).status).toBe(404);
    expect((await api.post(`menus/${menu.id}/versions/1/revert`, { as: rival.rw })).status).toBe(404);
    expect((await api.post(`menus/999999/versions/1/revert`, { as: owner.rw })).status).toBe(404);
    expect((await api.post(`menus/${menu.id}/versions/first/revert`, { as: owner.rw })).status).toBe(422);
    expect((await api.post(`menus/${menu.id}/versions/1/revert`, { as: owner.ro })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    void rivalLocation;
  });

  it("is 409 for a version older than the retention, which the prune then deletes", async () => {
    const { menu, haze } = await newMenu();
    await ok(api.patch(`containers/${haze.container.id}`, { as: owner.rw, body: { container: { price: "8.00" } } }));
    const database = await db();
    // Time travel, database side: the menu's first versions are 91 days old.
    await database.execute(sql`update menu_changes set at = at - interval '91 days' where menu_id = ${menu.id} and version <= 3`);
    const before = await snapshot();
    const answer = await api.post(`menus/${menu.id}/versions/2/revert`, { as: owner.rw });
    expect(answer.status).toBe(409);
    expect(answer.body.error.detail).toMatch(/no longer kept/);
    expect((await api.get(`menus/${menu.id}/versions/3`, { as: owner.ro })).status).toBe(409);
    expect(await snapshot()).toEqual(before);
    const listed = (await ok(api.get(`menus/${menu.id}/versions?limit=100`, { as: owner.ro }))).versions;
    expect(Math.min(...listed.map((v: { version: number }) => v.version))).toBe(4);
    const pruned = await pruneExpired(database);
    expect(pruned.menuChanges).toBeGreaterThanOrEqual(3);
    expect((await api.get(`menus/${menu.id}/versions/4`, { as: owner.ro })).status).toBe(200);
  });

  it("is 409 when an item moved to another menu since, or came from one, and nothing changes", async () => {
    const first = await newMenu("First");
    const second = await newMenu("Second");
    const start = await full(first.menu.id);
    await ok(api.patch(`items/${first.haze.item.id}/move`, { as: owner.rw, body: { item: { section_id: second.taps.id } } }));
    let before = await snapshot();
    let answer = await api.post(`menus/${first.menu.id}/versions/${start.version}/revert`, { as: owner.rw });
    expect(answer.status).toBe(409);
    expect(answer.body.error.detail).toMatch(/moved to another menu/);
    expect(await snapshot()).toEqual(before);
    // The other way: the second menu got it after its version.
    const secondThen = (await full(second.menu.id)).version - 1;
    before = await snapshot();
    answer = await api.post(`menus/${second.menu.id}/versions/${secondThen}/revert`, { as: owner.rw });
    expect(answer.status).toBe(409);
    expect(answer.body.error.detail).toMatch(/came from another menu/);
    expect(await snapshot()).toEqual(before);
    // Moved out and back again: the revert is possible.
    await ok(api.patch(`items/${first.haze.item.id}/move`, { as: owner.rw, body: { item: { section_id: first.taps.id, position: 0 } } }));
    await ok(api.patch(`containers/${first.haze.container.id}`, { as: owner.rw, body: { container: { price: "1.00" } } }));
    expect(without((await ok(api.post(`menus/${first.menu.id}/versions/${start.version}/revert`, { as: owner.rw }))).menu)).toEqual(
      without(start),
    );
  });

  it("is 409 when a container size used then was deleted since", async () => {
    const { menu, lager } = await newMenu();
    const database = await db();
    const [size] = (
      (await database.execute(
        sql`insert into container_sizes (name, ounces, volume, position, container_size_group_id) values ('Stein', 33.8, 33.8, 900, 1) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const container = (
      await ok(
        api.post(`items/${lager.item.id}/containers`, { as: owner.rw, body: { container: { container_size_id: size!.id, price: "12" } } }),
        201,
      )
    ).container;
    const then = await full(menu.id);
    await ok(api.delete(`containers/${container.id}`, { as: owner.rw }));
    await database.execute(sql`delete from container_sizes where id = ${size!.id}`);
    const before = await snapshot();
    const answer = await api.post(`menus/${menu.id}/versions/${then.version}/revert`, { as: owner.rw });
    expect(answer.status).toBe(409);
    expect(answer.body.error.detail).toMatch(/Container size/);
    expect(await snapshot()).toEqual(before);
  });
});
