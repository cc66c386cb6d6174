import { beforeAll, describe, expect, it } from "vitest";
import { flushMenuViews } from "@/lib/insights/menu-views";
import { and, eq } from "drizzle-orm";
import { api, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { menuViewCounts } from "@/lib/db/schema";

let owner: Account;
let downtown: number;
let harbor: number;

beforeAll(async () => {
  owner = await login("owner");
  const locations = (await api.get("locations", { as: owner.ro })).body.locations;
  [downtown, harbor] = locations.map((location: { id: number }) => location.id);
});

const as = () => ({ as: owner.rw });
const newMenu = async (name = "Cocktails", location = downtown) =>
  (await api.post(`locations/${location}/menus`, { ...as(), body: { menu: { name } } })).body.menu;
const positionsOf = async (url: string, key: string) =>
  (await api.get(url, { as: owner.ro })).body[key].map((row: { id: number; position: number }) => [row.id, row.position]);

describe("menus", () => {
  it("lists the location's seeded, published menu in the reference shape", async () => {
    const response = await api.get(`locations/${harbor}/menus`, { as: owner.ro });
    expect(response.status).toBe(200);
    expect(response.body.menus).toHaveLength(1);
    expect(response.body.menus[0]).toEqual({
      id: expect.any(Number),
      location_id: harbor,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Beer List",
      description: "What's pouring today.",
      footer: "Ask your server about tasting flights.",
      unpublished: false,
      position: 0,
      legacy_menu_id: null,
      source_id: null,
      version: 1,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });

  it("creates an unpublished menu at the end, with its on-deck section", async () => {
    const response = await api.post(`locations/${harbor}/menus`, {
      ...as(),
      body: { menu: { name: "  Wine  ", description: "By the glass" } },
    });
    expect(response.status).toBe(201);
    expect(response.body.menu).toMatchObject({ name: "Wine", description: "By the glass", footer: null, unpublished: true, position: 1 });
    const full = (await api.get(`menus/${response.body.menu.id}?full=true`, { as: owner.ro })).body.menu;
    expect(full.sections).toEqual([]);
    expect(full.on_deck_section).toMatchObject({ type: "OnDeckSection", public: false, items: [] });
  });

  it.each<[string, unknown]>([
    ["no menu and no name", { description: "x" }],
    ["a list for a body", [{ menu: { name: "x" } }]],
    ["no name", { menu: { description: "x" } }],
    ["a blank name", { menu: { name: "  " } }],
    ["a name that is not a string", { menu: { name: 7 } }],
    ["a footer too long", { menu: { name: "x", footer: "y".repeat(2001) } }],
  ])("refuses a menu with %s and changes nothing", async (_name, body) => {
    const before = await snapshot();
    const response = await api.post(`locations/${downtown}/menus`, { ...as(), body });
    expect(response.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("changes only the fields passed", async () => {
    const menu = await newMenu("Brunch");
    const response = await api.patch(`menus/${menu.id}`, { ...as(), body: { menu: { footer: "Served until 3pm" } } });
    expect(response.body.menu).toMatchObject({ name: "Brunch", footer: "Served until 3pm" });
    const renamed = await api.put(`menus/${menu.id}`, { ...as(), body: { menu: { name: "Weekend Brunch", footer: null } } });
    expect(renamed.body.menu).toMatchObject({ name: "Weekend Brunch", footer: null });
    expect((await api.patch(`menus/${menu.id}`, { ...as(), body: { menu: { name: "" } } })).status).toBe(422);
  });

  it("follows the publish state machine", async () => {
    const menu = await newMenu("Specials");
    expect(menu.unpublished).toBe(true);
    const published = await api.post(`menus/${menu.id}/publish`, as());
    expect(published.body.menu.unpublished).toBe(false);
    const again = await api.post(`menus/${menu.id}/publish`, as());
    expect(again.body.menu).toEqual(published.body.menu); // no republish: nothing changes
    expect((await api.post(`menus/${menu.id}/unpublish`, as())).body.menu.unpublished).toBe(true);
    await newMenu("Late Night");
    const all = await api.post(`locations/${downtown}/menus/publish_all`, as());
    expect(all.status).toBe(200);
    expect(all.body.menus.length).toBeGreaterThanOrEqual(3);
    expect(all.body.menus.every((m: { unpublished: boolean }) => !m.unpublished)).toBe(true);
  });

  it("unpublishes before deleting and closes the gap", async () => {
    const menus = [await newMenu("A"), await newMenu("B"), await newMenu("C")];
    await api.post(`menus/${menus[1].id}/publish`, as());
    const response = await api.delete(`menus/${menus[1].id}`, as());
    expect(response.status).toBe(200);
    expect(response.body.menu).toMatchObject({ id: menus[1].id, unpublished: true });
    expect((await api.get(`menus/${menus[1].id}`, { as: owner.ro })).status).toBe(404);
    const positions = (await positionsOf(`locations/${downtown}/menus`, "menus")).map(([, position]: number[]) => position);
    expect(positions).toEqual([...positions.keys()]);
  });
});

describe("GET /menus/:id?full=true", () => {
  it("returns the tree in position order and counts a view for source_name", async () => {
    const menu = (await api.get(`locations/${harbor}/menus`, { as: owner.ro })).body.menus[0];
    // Views are counted in the process and written within 5 s (lib/insights/menu-views.ts): flush first.
    const views = async () =>
      (
        await (
          await flushMenuViews(await db()).then(db)
        )
          .select()
          .from(menuViewCounts)
          .where(and(eq(menuViewCounts.locationId, harbor), eq(menuViewCounts.source, "TV Board")))
      ).reduce((sum, row) => sum + row.count, 0);
    const before = await views();
    const response = await api.get(`menus/${menu.id}?full=true&source_name=TV%20Board`, { as: owner.ro });
    expect(response.status).toBe(200);
    expect(await views()).toBe(before + 1);
    const tree = response.body.menu;
    expect(tree.sections.map((s: { name: string }) => s.name)).toEqual(["On Tap", "Cans & Bottles"]);
    expect(tree.sections[0].items.map((i: { position: number }) => i.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(tree.sections[0].items[0]).toMatchObject({ name: "Harbor Haze", abv: "6.8", ibu: "45.0", tap_number: "1" });
    // Prices go by volume (decision 081); each keeps its own position. Amsterdam pours litres (decision 088).
    const pint = tree.sections[0].items[0].containers.find(
      (c: { container_size: { name: string } | null }) => c.container_size?.name === "0.5 l",
    );
    expect(pint).toMatchObject({ price: "7.00", currency: "EUR", position: 0, _track_by: pint.id });
    expect(pint.container_size).toMatchObject({
      name: "0.5 l",
      ounces: "16.9070",
      unit: "l",
      volume: "0.5000",
      container_size_group_id: 1,
    });
    expect(tree.on_deck_section.items.map((i: { name: string }) => i.name)).toEqual(["Winter Warmer"]);
    // Without full, nothing is counted.
    await api.get(`menus/${menu.id}?source_name=TV%20Board`, { as: owner.ro });
    expect(await views()).toBe(before + 1);
  });

  it("runs the same number of SQL statements for a small and a large menu", async () => {
    const small = await newMenu("Small", harbor);
    const large = await newMenu("Large", harbor);
    const sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes;
    for (let s = 0; s < 4; s++) {
      const section = (await api.post(`menus/${large.id}/sections`, { ...as(), body: { section: { name: `S${s}` } } })).body.section;
      for (let i = 0; i < 5; i++) {
        const item = (await api.post(`sections/${section.id}/items`, { ...as(), body: { item: { name: `Beer ${s}.${i}` } } })).body.item;
        for (let c = 0; c < 2; c++) {
          await api.post(`items/${item.id}/containers`, { ...as(), body: { container: { container_size_id: sizes[c].id, price: 5 + c } } });
        }
      }
    }
    const count = async (id: number) => Number((await api.get(`menus/${id}?full=true`, { as: owner.ro })).headers.get("x-sql-statements"));
    // The caller and the container sizes are kept (the read model) since the reads above; each menu is read
    // for the first time since its last change: the menu with its 86 ends, sections, items, containers,
    // and the sizes the containers name; and, since roles have scopes (venue-operations §3), the menu's
    // location for the request wrapper's scope check, kept afterwards like the rest.
    const smallCount = await count(small.id);
    const largeCount = await count(large.id);
    expect(largeCount).toBe(smallCount);
    expect(largeCount).toBe(6);
    // Read again unchanged: nothing is asked of the database (the view is counted in the process).
    expect(await count(large.id)).toBe(0);
    const tree = (await api.get(`menus/${large.id}?full=true`, { as: owner.ro })).body.menu;
    expect(tree.sections).toHaveLength(4);
    expect(tree.sections.flatMap((s: { items: { containers: unknown[] }[] }) => s.items.flatMap((i) => i.containers))).toHaveLength(40);
  });

  it.each([["full=maybe"], ["source_name=%3Cb%3E"]])("refuses the query %s", async (query) => {
    const menu = (await api.get(`locations/${harbor}/menus`, { as: owner.ro })).body.menus[0];
    expect((await api.get(`menus/${menu.id}?${query}`, { as: owner.ro })).status).toBe(422);
  });
});

describe("sections", () => {
  it("appends, puts first with head=true, and keeps the on-deck section out of the list", async () => {
    const menu = await newMenu("Food");
    const add = (name: string, head = false) =>
      api.post(`menus/${menu.id}/sections${head ? "?head=true" : ""}`, { ...as(), body: { section: { name } } });
    const mains = await add("Mains");
    expect(mains.status).toBe(201);
    expect(mains.body.section).toEqual({
      id: expect.any(Number),
      menu_id: menu.id,
      position: 0,
      name: "Mains",
      description: null,
      type: "Section",
      public: true,
      source_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    await add("Desserts");
    await add("Starters", true);
    const untitled = await api.post(`menus/${menu.id}/sections`, as());
    expect(untitled.body.section).toMatchObject({ name: "", position: 3 });
    const list = (await api.get(`menus/${menu.id}/sections`, { as: owner.ro })).body.sections;
    expect(list.map((s: { name: string; position: number }) => [s.name, s.position])).toEqual([
      ["Starters", 0],
      ["Mains", 1],
      ["Desserts", 2],
      ["", 3],
    ]);
  });

  it("updates, deletes with a closed gap, and refuses to delete the on-deck section", async () => {
    const menu = await newMenu("Kids");
    const ids: number[] = [];
    for (const name of ["One", "Two", "Three"]) {
      ids.push((await api.post(`menus/${menu.id}/sections`, { ...as(), body: { section: { name } } })).body.section.id);
    }
    const updated = await api.patch(`sections/${ids[0]}`, { ...as(), body: { section: { public: false, description: "Under 12" } } });
    expect(updated.body.section).toMatchObject({ name: "One", public: false, description: "Under 12" });
    expect((await api.get(`sections/${ids[0]}`, { as: owner.ro })).body.section.public).toBe(false);
    expect((await api.delete(`sections/${ids[1]}`, as())).body.section.id).toBe(ids[1]);
    expect(await positionsOf(`menus/${menu.id}/sections`, "sections")).toEqual([
      [ids[0], 0],
      [ids[2], 1],
    ]);
    const onDeck = (await api.get(`menus/${menu.id}?full=true`, { as: owner.ro })).body.menu.on_deck_section;
    const before = await snapshot();
    const refused = await api.delete(`sections/${onDeck.id}`, as());
    expect(refused.status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });
});

describe("positions batches", () => {
  const setup = async () => {
    const menu = await newMenu("Ordering");
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await api.post(`menus/${menu.id}/sections`, { ...as(), body: { section: { name: `S${i}` } } })).body.section.id);
    return { menu, ids };
  };

  it("applies a whole ordering and answers it", async () => {
    const { menu, ids } = await setup();
    const batch = [ids[3], ids[1], ids[0], ids[2]].map((id, position) => ({ id, position }));
    const response = await api.patch(`menus/${menu.id}/sections/positions`, { ...as(), body: { sections: batch } });
    expect(response.status).toBe(200);
    expect(response.body.sections).toEqual(batch);
    expect(await positionsOf(`menus/${menu.id}/sections`, "sections")).toEqual(batch.map(({ id, position }) => [id, position]));
  });

  it.each<[string, (ids: number[]) => unknown, number]>([
    ["a missing sibling", (ids) => ids.slice(0, 3).map((id, position) => ({ id, position })), 422],
    ["a sibling twice", (ids) => [ids[0], ids[0], ids[1], ids[2], ids[3]].map((id, position) => ({ id, position })), 422],
    ["a position twice", (ids) => ids.map((id, i) => ({ id, position: i === 3 ? 2 : i })), 422],
    ["positions not starting at 0", (ids) => ids.map((id, i) => ({ id, position: i + 1 })), 422],
    ["a negative position", (ids) => ids.map((id, i) => ({ id, position: i - 1 })), 422],
    ["a fractional position", (ids) => ids.map((id, i) => ({ id, position: i + 0.5 })), 422],
    ["an id that is not a sibling", (ids) => [...ids, 999999].map((id, position) => ({ id, position })), 422],
    ["an empty batch", () => [], 422],
    ["no list", () => undefined, 422],
  ])("refuses %s and changes nothing", async (_name, build, status) => {
    const { menu, ids } = await setup();
    const before = await snapshot();
    const response = await api.patch(`menus/${menu.id}/sections/positions`, { ...as(), body: { sections: build(ids) } });
    expect(response.status).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a batch naming a section of another menu of the same business", async () => {
    const { menu, ids } = await setup();
    const other = await setup();
    const before = await snapshot();
    const batch = [...ids.slice(0, 3), other.ids[0]].map((id, position) => ({ id, position }));
    expect((await api.patch(`menus/${menu.id}/sections/positions`, { ...as(), body: { sections: batch } })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("lets racing batches end in the state of one of them, never a mix", async () => {
    const { menu, ids } = await setup();
    const orders = [
      [ids[0], ids[1], ids[2], ids[3]],
      [ids[3], ids[2], ids[1], ids[0]],
      [ids[1], ids[3], ids[0], ids[2]],
      [ids[2], ids[0], ids[3], ids[1]],
    ];
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.patch(`menus/${menu.id}/sections/positions`, {
          ...as(),
          body: { sections: orders[i % 4]!.map((id, position) => ({ id, position })) },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    const final = (await positionsOf(`menus/${menu.id}/sections`, "sections")).map(([id]: number[]) => id);
    expect(orders).toContainEqual(final);
  });

  it("reorders menus of a location and refuses another location's menu", async () => {
    const list = (await api.get(`locations/${harbor}/menus`, { as: owner.ro })).body.menus;
    const reversed = [...list].reverse().map((menu: { id: number }, position: number) => ({ id: menu.id, position }));
    const response = await api.patch(`locations/${harbor}/menus/positions`, { ...as(), body: { menus: reversed } });
    expect(response.status).toBe(200);
    expect(response.body.menus).toEqual(reversed);
    const before = await snapshot();
    const downtownMenu = (await api.get(`locations/${downtown}/menus`, { as: owner.ro })).body.menus[0];
    const mixed = [...reversed.slice(1), { id: downtownMenu.id, position: reversed.length - 1 }];
    expect((await api.patch(`locations/${harbor}/menus/positions`, { ...as(), body: { menus: mixed } })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});
