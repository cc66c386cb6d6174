import { beforeAll, describe, expect, it } from "vitest";
import { flushMenuViews } from "@/lib/insights/menu-views";
import { api, call, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { customContainers, customItems, customSections, menuViewCounts } from "@/lib/db/schema";
import { expectDeprecated, fullMenu, locationIds, positionsOf, seedMenu } from "../custom-fixtures";

let owner: Account;
let downtown: number;
let harbor: number;

beforeAll(async () => {
  owner = await login("owner");
  [downtown, harbor] = (await locationIds(owner)) as [number, number];
});

const list = async (location: number) => (await api.get(`locations/${location}/custom_menus`, { as: owner.ro })).body.custom_menus;
const create = (location: number, customMenu: unknown) =>
  api.post(`locations/${location}/custom_menus`, { as: owner.rw, body: { custom_menu: customMenu } });
const menuViews = async () => {
  await flushMenuViews(await db());
  return (await db()).select().from(menuViewCounts);
};

describe("GET /custom_item_types", () => {
  it("lists the item types in position order", async () => {
    const response = await api.get("custom_item_types", { as: owner.ro });
    expect(response.status).toBe(200);
    expectDeprecated(response, null);
    expect(response.body.custom_item_types.map((type: { name: string }) => type.name)).toEqual(["wine", "cocktail", "food"]);
    expect(response.body.custom_item_types[0]).toEqual({
      id: expect.any(Number),
      name: "wine",
      position: 0,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });
});

describe("POST /locations/:id/custom_menus", () => {
  it("creates an unpublished custom menu at the end of the list", async () => {
    const before = await list(harbor);
    const response = await create(harbor, {
      name: "  Brunch  ",
      description: "Weekends only",
      footer: "not on create",
      unpublished: false,
      id: 9999,
      position: 0,
    });
    expect(response.status).toBe(201);
    expectDeprecated(response, `locations/${harbor}/menus`);
    expect(response.body.custom_menu).toEqual({
      id: expect.any(Number),
      location_id: harbor,
      name: "Brunch",
      description: "Weekends only",
      footer: null,
      unpublished: true,
      position: before.length,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(response.body.custom_menu.id).not.toBe(9999);
    const second = await create(harbor, { name: "Dessert" });
    expect(second.body.custom_menu.position).toBe(before.length + 1);
    const after = await list(harbor);
    expect(after.map((menu: { name: string }) => menu.name).slice(-2)).toEqual(["Brunch", "Dessert"]);
    expect(after.map((menu: { position: number }) => menu.position)).toEqual(after.map((_: unknown, index: number) => index));
  });

  it.each<[string, unknown, string]>([
    ["no name", { description: "x" }, "custom_menu.name"],
    ["a blank name", { name: "   " }, "custom_menu.name"],
    ["a name too long", { name: "x".repeat(256) }, "custom_menu.name"],
    ["a name that is not a string", { name: 7 }, "custom_menu.name"],
    ["a description too long", { name: "x", description: "x".repeat(2001) }, "custom_menu.description"],
    ["a custom_menu that is not an object", "Brunch", "custom_menu"],
  ])("refuses %s with 422 and changes nothing", async (_name, customMenu, path) => {
    const before = await snapshot();
    const response = await create(downtown, customMenu);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expectDeprecated(response, `locations/${downtown}/menus`);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a body that is no custom menu (422), a non-JSON body (415) and broken JSON (400)", async () => {
    const before = await snapshot();
    expect((await api.post(`locations/${downtown}/custom_menus`, { as: owner.rw, body: { description: "no name" } })).status).toBe(422);
    expect((await api.post(`locations/${downtown}/custom_menus`, { as: owner.rw, body: "x" })).status).toBe(422);
    const text = await api.post(`locations/${downtown}/custom_menus`, {
      as: owner.rw,
      rawBody: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expectDeprecated(text, `locations/${downtown}/menus`);
    const broken = await api.post(`locations/${downtown}/custom_menus`, {
      as: owner.rw,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for a location that does not exist", async () => {
    const response = await create(2_000_000, { name: "x" });
    expect(response.status).toBe(404);
    expectDeprecated(response, "locations/2000000/menus");
  });
});

describe("GET /custom_menus/:id", () => {
  let menuId: number;
  beforeAll(async () => {
    menuId = (await seedMenu(downtown)).id;
  });

  it("answers the custom menu without its tree and counts no view", async () => {
    const views = await menuViews();
    const response = await api.get(`custom_menus/${menuId}`, { as: owner.ro });
    expect(response.status).toBe(200);
    expectDeprecated(response, `menus/${menuId}`);
    expect(response.body.custom_menu).toEqual({
      id: menuId,
      location_id: downtown,
      name: "Wine & Small Plates",
      description: "Everything that isn't beer.",
      footer: "Ask us about allergens.",
      unpublished: true,
      position: expect.any(Number),
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(await menuViews()).toEqual(views);
  });

  it("with full=true answers sections, items and containers in position order", async () => {
    const menu = await fullMenu(owner.ro, menuId);
    expect(menu.custom_sections.map((section: { name: string }) => section.name)).toEqual(["Wines by the glass", "Bar snacks"]);
    const [wines, snacks] = menu.custom_sections;
    expect(wines).toEqual({
      id: expect.any(Number),
      custom_menu_id: menuId,
      position: 0,
      name: "Wines by the glass",
      description: "Poured from the bottle, 175 ml.",
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      custom_items: expect.any(Array),
    });
    expect(wines.custom_items.map((item: { type: string }) => item.type)).toEqual(["wine", "wine", "cocktail"]);
    expect(snacks.custom_items.map((item: { type: string }) => item.type)).toEqual(["food", "food"]);
    expect(wines.custom_items[0]).toEqual({
      id: expect.any(Number),
      custom_section_id: wines.id,
      position: 0,
      name: "Grüner Veltliner, Weingut Berger",
      description: "Kremstal, Austria. White pepper and green apple.",
      type: "wine",
      custom_item_type_id: expect.any(Number),
      image_url_for_type: expect.stringMatching(/^\/\/.+wine/),
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      custom_containers: [
        {
          id: expect.any(Number),
          custom_item_id: wines.custom_items[0].id,
          name: "Glass of Wine",
          price: "9.00",
          position: 0,
          _track_by: wines.custom_items[0].custom_containers[0].id,
          created_at: expect.stringMatching(/Z$/),
          updated_at: expect.stringMatching(/Z$/),
        },
        expect.objectContaining({ name: "Bottle of Wine", price: "38.00", position: 1 }),
      ],
    });
    for (const section of menu.custom_sections) {
      expect(section.custom_items.map((item: { position: number }) => item.position)).toEqual(
        section.custom_items.map((_: unknown, i: number) => i),
      );
    }
  });

  it("with full=true counts a menu view under source_name, API by default", async () => {
    const count = async (source: string) =>
      (await menuViews()).filter((row) => row.locationId === downtown && row.source === source).reduce((sum, row) => sum + row.count, 0);
    const api0 = await count("API");
    const board0 = await count("TV Board");
    await fullMenu(owner.ro, menuId);
    expect((await api.get(`custom_menus/${menuId}?full=true&source_name=TV%20Board`, { as: owner.ro })).status).toBe(200);
    expect(await count("API")).toBe(api0 + 1);
    expect(await count("TV Board")).toBe(board0 + 1);
  });

  it("refuses a bad source_name or full flag with 422 and counts nothing", async () => {
    const before = await snapshot();
    for (const query of ["full=true&source_name=%3Cscript%3E", "full=yes"]) {
      const response = await api.get(`custom_menus/${menuId}?${query}`, { as: owner.ro });
      expect(response.status, query).toBe(422);
      expect(response.body.errors[0].path).toMatch(/^query\./);
      expectDeprecated(response, `menus/${menuId}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("builds the full tree with the same number of SQL statements for a small and a large menu", async () => {
    const small = (await create(downtown, { name: "Small" })).body.custom_menu.id;
    const large = (await create(downtown, { name: "Large" })).body.custom_menu.id;
    const database = await db();
    const [type] = (await api.get("custom_item_types", { as: owner.ro })).body.custom_item_types;
    for (const [menu, sectionCount, itemCount] of [
      [small, 1, 1],
      [large, 6, 15],
    ] as const) {
      const sections = await database
        .insert(customSections)
        .values(Array.from({ length: sectionCount }, (_, position) => ({ customMenuId: menu, position, name: `S${position}` })))
        .returning();
      for (const section of sections) {
        const items = await database
          .insert(customItems)
          .values(
            Array.from({ length: itemCount }, (_, position) => ({
              customSectionId: section.id,
              position,
              name: `I${position}`,
              customItemTypeId: type.id,
            })),
          )
          .returning();
        await database
          .insert(customContainers)
          .values(
            items.flatMap((item) =>
              [0, 1, 2].map((position) => ({ customItemId: item.id, position, price: "4.50", name: `C${position}` })),
            ),
          );
      }
    }
    const smallResponse = await api.get(`custom_menus/${small}?full=true`, { as: owner.ro });
    const largeResponse = await api.get(`custom_menus/${large}?full=true`, { as: owner.ro });
    expect(largeResponse.body.custom_menu.custom_sections).toHaveLength(6);
    expect(largeResponse.body.custom_menu.custom_sections[5].custom_items[14].custom_containers).toHaveLength(3);
    const statements = Number(smallResponse.headers.get("x-sql-statements"));
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(8);
    expect(Number(largeResponse.headers.get("x-sql-statements"))).toBe(statements);
  });

  it("answers 404 for a missing id and a malformed one", async () => {
    for (const id of ["2000000", "abc", "0"]) {
      const response = await api.get(`custom_menus/${id}`, { as: owner.ro });
      expect(response.status, id).toBe(404);
      expect(response.body.code).toBe("not_found");
      expectDeprecated(response, `menus/${id}`);
    }
  });
});

describe("PUT and PATCH /custom_menus/:id", () => {
  it("changes only the fields passed", async () => {
    const menu = (await create(harbor, { name: "Cocktails", description: "Shaken" })).body.custom_menu;
    const footer = await api.patch(`custom_menus/${menu.id}`, { as: owner.rw, body: { custom_menu: { footer: "Last call 1am" } } });
    expect(footer.status).toBe(200);
    expectDeprecated(footer, `menus/${menu.id}`);
    expect(footer.body.custom_menu).toMatchObject({
      name: "Cocktails",
      description: "Shaken",
      footer: "Last call 1am",
      unpublished: true,
      position: menu.position,
    });
    const put = await api.put(`custom_menus/${menu.id}`, {
      as: owner.rw,
      body: { custom_menu: { name: "Cocktail list", description: null, location_id: downtown } },
    });
    expect(put.status).toBe(200);
    expect(put.body.custom_menu).toMatchObject({ name: "Cocktail list", description: null, footer: "Last call 1am", location_id: harbor });
    expect((await api.get(`custom_menus/${menu.id}`, { as: owner.ro })).body).toEqual(put.body);
  });

  it.each<[string, unknown, string]>([
    ["a blank name", { name: "" }, "custom_menu.name"],
    ["a null name", { name: null }, "custom_menu.name"],
    ["a footer that is not a string", { footer: 3 }, "custom_menu.footer"],
    ["a footer too long", { footer: "x".repeat(2001) }, "custom_menu.footer"],
    ["a custom_menu that is not an object", [], "custom_menu"],
  ])("refuses %s with 422 and changes nothing", async (_name, customMenu, path) => {
    const [menu] = await list(harbor);
    const before = await snapshot();
    const response = await api.patch(`custom_menus/${menu.id}`, { as: owner.rw, body: { custom_menu: customMenu } });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await snapshot()).toEqual(before);
  });
});

describe("publishing", () => {
  it("follows the state machine: unpublished → published, publish again unchanged, unpublish, publish_all", async () => {
    const location = harbor;
    const menu = (await create(location, { name: "Happy hour" })).body.custom_menu;
    expect(menu.unpublished).toBe(true);

    const published = await api.post(`custom_menus/${menu.id}/publish`, { as: owner.rw });
    expect(published.status).toBe(200);
    expectDeprecated(published, `menus/${menu.id}/publish`);
    expect(published.body.custom_menu).toMatchObject({ id: menu.id, unpublished: false });

    const again = await api.post(`custom_menus/${menu.id}/publish`, { as: owner.rw });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(published.body);

    const unpublished = await api.post(`custom_menus/${menu.id}/unpublish`, { as: owner.rw });
    expect(unpublished.status).toBe(200);
    expectDeprecated(unpublished, `menus/${menu.id}/unpublish`);
    expect(unpublished.body.custom_menu.unpublished).toBe(true);
    expect((await api.post(`custom_menus/${menu.id}/unpublish`, { as: owner.rw })).body).toEqual(unpublished.body);

    const other = (await create(location, { name: "Late night" })).body.custom_menu;
    const all = await api.post(`locations/${location}/custom_menus/publish_all`, { as: owner.rw });
    expect(all.status).toBe(200);
    expectDeprecated(all, `locations/${location}/menus/publish_all`);
    expect(all.body.custom_menus).toEqual(await list(location));
    expect(all.body.custom_menus.every((m: { unpublished: boolean }) => !m.unpublished)).toBe(true);
    expect(all.body.custom_menus.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([menu.id, other.id]));
    expect(all.body.custom_menus.map((m: { position: number }) => m.position)).toEqual(
      all.body.custom_menus.map((_: unknown, i: number) => i),
    );
  });

  it("publish_all on a location without unpublished menus changes nothing", async () => {
    const before = await snapshot();
    const response = await api.post(`locations/${harbor}/custom_menus/publish_all`, { as: owner.rw });
    expect(response.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for a missing custom menu", async () => {
    expect((await api.post("custom_menus/2000000/publish", { as: owner.rw })).status).toBe(404);
    expect((await api.post("custom_menus/2000000/unpublish", { as: owner.rw })).status).toBe(404);
    expect((await api.post("locations/2000000/custom_menus/publish_all", { as: owner.rw })).status).toBe(404);
  });
});

describe("DELETE /custom_menus/:id", () => {
  it("unpublishes a published menu first, deletes it with its tree and closes the gap", async () => {
    const location = downtown;
    const menus = await list(location);
    const victim = menus[0];
    await api.post(`custom_menus/${victim.id}/publish`, { as: owner.rw });
    const response = await api.delete(`custom_menus/${victim.id}`, { as: owner.rw });
    expect(response.status).toBe(200);
    expectDeprecated(response, `menus/${victim.id}`);
    expect(response.body.custom_menu).toMatchObject({ id: victim.id, name: victim.name, unpublished: true, position: 0 });
    expect((await api.get(`custom_menus/${victim.id}`, { as: owner.ro })).status).toBe(404);
    const after = await list(location);
    expect(after.map((m: { id: number }) => m.id)).toEqual(menus.slice(1).map((m: { id: number }) => m.id));
    expect(after.map((m: { position: number }) => m.position)).toEqual(after.map((_: unknown, i: number) => i));
    const database = await db();
    const orphans = (await database.select().from(customSections)).filter((section) => section.customMenuId === victim.id);
    expect(orphans).toEqual([]);
    expect((await api.delete(`custom_menus/${victim.id}`, { as: owner.rw })).status).toBe(404);
  });
});

describe("DELETE /locations/:id/custom_menus", () => {
  it("deletes several custom menus and renumbers the rest 0..n-1", async () => {
    const ids: number[] = [];
    for (const name of ["A", "B", "C", "D"]) ids.push((await create(harbor, { name })).body.custom_menu.id);
    await api.post(`custom_menus/${ids[1]}/publish`, { as: owner.rw });
    const before = await list(harbor);
    const response = await api.delete(`locations/${harbor}/custom_menus`, { as: owner.rw, body: { ids: [ids[1], ids[2], ids[1]] } });
    expect(response.status).toBe(200);
    expectDeprecated(response, `locations/${harbor}/menus`);
    expect(response.body).toEqual({ success: true });
    const after = await list(harbor);
    expect(after.map((m: { id: number }) => m.id)).toEqual(
      before.map((m: { id: number }) => m.id).filter((id: number) => id !== ids[1] && id !== ids[2]),
    );
    expect(after.map((m: { position: number }) => m.position)).toEqual(after.map((_: unknown, i: number) => i));
  });

  it("refuses the whole batch with 404 when one id is missing or another location's, and deletes nothing", async () => {
    const [mine] = await list(harbor);
    const other = (await create(downtown, { name: "Downtown only" })).body.custom_menu.id;
    const before = await snapshot();
    for (const ids of [
      [mine.id, 2_000_000],
      [mine.id, other],
    ]) {
      const response = await api.delete(`locations/${harbor}/custom_menus`, { as: owner.rw, body: { ids } });
      expect(response.status, JSON.stringify(ids)).toBe(404);
      expectDeprecated(response, `locations/${harbor}/menus`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    ["no ids", {}, "ids"],
    ["an empty list", { ids: [] }, "ids"],
    ["ids that are not a list", { ids: 5 }, "ids"],
    ["an id that is not a positive integer", { ids: [-1] }, "ids.0"],
  ])("refuses %s with 422 and changes nothing", async (_name, body, path) => {
    const before = await snapshot();
    const response = await api.delete(`locations/${harbor}/custom_menus`, { as: owner.rw, body });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await snapshot()).toEqual(before);
  });
});

describe("PATCH /locations/:id/custom_menus/positions", () => {
  it("applies a whole ordering and answers it", async () => {
    const before = await list(harbor);
    const reversed = [...before].reverse().map((menu: { id: number }, position: number) => ({ id: menu.id, position }));
    const response = await api.patch(`locations/${harbor}/custom_menus/positions`, { as: owner.rw, body: { custom_menus: reversed } });
    expect(response.status).toBe(200);
    expectDeprecated(response, `locations/${harbor}/menus/positions`);
    expect(response.body).toEqual({ custom_menus: reversed });
    expect(positionsOf(await list(harbor))).toEqual(reversed);
  });

  const batches: [string, (menus: { id: number }[]) => unknown, number][] = [
    ["a sibling left out", (menus) => menus.slice(1).map((m, position) => ({ id: m.id, position })), 422],
    ["a position twice", (menus) => menus.map((m) => ({ id: m.id, position: 0 })), 422],
    ["positions not starting at 0", (menus) => menus.map((m, i) => ({ id: m.id, position: i + 1 })), 422],
    ["an id twice", (menus) => [...menus.map((m, i) => ({ id: m.id, position: i })), { id: menus[0]!.id, position: menus.length }], 422],
    ["a negative position", (menus) => menus.map((m, i) => ({ id: m.id, position: i - 1 })), 422],
    ["a position that is not a number", (menus) => menus.map((m) => ({ id: m.id, position: "first" })), 422],
    ["no list", () => undefined, 422],
    [
      "an id that does not exist",
      (menus) => [...menus.map((m, i) => ({ id: m.id, position: i })), { id: 2_000_000, position: menus.length }],
      422,
    ],
  ];
  it.each(batches)("refuses %s and changes nothing", async (_name, batch, status) => {
    const menus = await list(harbor);
    const before = await snapshot();
    const response = await api.patch(`locations/${harbor}/custom_menus/positions`, { as: owner.rw, body: { custom_menus: batch(menus) } });
    expect(response.status).toBe(status);
    expectDeprecated(response, `locations/${harbor}/menus/positions`);
    expect(await snapshot()).toEqual(before);
  });

  it("ends two racing batches in the order of one of them, never a mix", async () => {
    const menus = await list(harbor);
    const forward = menus.map((menu: { id: number }, position: number) => ({ id: menu.id, position }));
    const backward = [...menus].reverse().map((menu: { id: number }, position: number) => ({ id: menu.id, position }));
    const send = (batch: unknown) =>
      api.patch(`locations/${harbor}/custom_menus/positions`, { as: owner.rw, body: { custom_menus: batch } });
    const answers = await Promise.all([send(forward), send(backward), send(forward), send(backward)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const final = positionsOf(await list(harbor));
    expect([forward, backward]).toContainEqual(final);
  });

  it("answers 422 for a batch naming another location's custom menu of the same business", async () => {
    const menus = await list(harbor);
    const [foreign] = await list(downtown);
    const before = await snapshot();
    const batch = [...menus.map((m: { id: number }, i: number) => ({ id: m.id, position: i })), { id: foreign.id, position: menus.length }];
    const response = await api.patch(`locations/${harbor}/custom_menus/positions`, { as: owner.rw, body: { custom_menus: batch } });
    expect(response.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe("every answer of the family is marked deprecated", () => {
  it("on 401, 403 and 405 too", async () => {
    const [menu] = await list(harbor);
    const anonymous = await api.get(`custom_menus/${menu.id}`);
    expect(anonymous.status).toBe(401);
    expectDeprecated(anonymous, `menus/${menu.id}`);
    const readOnly = await api.delete(`custom_menus/${menu.id}`, { as: owner.ro });
    expect(readOnly.status).toBe(403);
    expectDeprecated(readOnly, `menus/${menu.id}`);
    const notOffered = await api.post(`custom_menus/${menu.id}`, { as: owner.rw, body: {} });
    expect(notOffered.status).toBe(405);
    expect(notOffered.headers.get("allow")).toBe("GET, HEAD, PUT, PATCH, DELETE, OPTIONS");
    expectDeprecated(notOffered, `menus/${menu.id}`);
    const getNotOffered = await api.get(`locations/${harbor}/custom_menus/positions`, { as: owner.ro });
    expect(getNotOffered.status).toBe(405);
    expectDeprecated(getNotOffered, `locations/${harbor}/menus/positions`);
    const options = await call("OPTIONS", `locations/${harbor}/custom_menus/positions`);
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("PATCH, OPTIONS");
    expectDeprecated(options, `locations/${harbor}/menus/positions`);
  });
});

describe("the read-only token", () => {
  it("may read but not write, and nothing changes", async () => {
    const [menu] = await list(harbor);
    expect((await api.get(`custom_menus/${menu.id}?full=true`, { as: owner.ro })).status).toBe(200);
    const before = await snapshot();
    const writes: [string, string, unknown?][] = [
      ["post", `locations/${harbor}/custom_menus`, { custom_menu: { name: "x" } }],
      ["patch", `custom_menus/${menu.id}`, { custom_menu: { name: "x" } }],
      ["post", `custom_menus/${menu.id}/publish`],
      ["post", `locations/${harbor}/custom_menus/publish_all`],
      ["delete", `locations/${harbor}/custom_menus`, { ids: [menu.id] }],
      ["patch", `locations/${harbor}/custom_menus/positions`, { custom_menus: [] }],
      ["post", `locations/${harbor}/custom_menus/migrate`],
    ];
    for (const [method, url, body] of writes) {
      const response = await api[method as "post"](url, { as: owner.ro, body });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.code).toBe("read_only_token");
    }
    expect(await snapshot()).toEqual(before);
  });
});
