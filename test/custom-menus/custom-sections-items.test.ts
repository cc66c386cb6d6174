import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { expectDeprecated, fullMenu, locationIds, positionsOf, seedMenu } from "../custom-fixtures";

let owner: Account;
let downtown: number;
let harbor: number;
let menuId: number;
let types: Record<string, number>;

beforeAll(async () => {
  owner = await login("owner");
  [downtown, harbor] = (await locationIds(owner)) as [number, number];
  menuId = (await seedMenu(downtown)).id;
  const listed = (await api.get("custom_item_types", { as: owner.ro })).body.custom_item_types;
  types = Object.fromEntries(listed.map((type: { name: string; id: number }) => [type.name, type.id]));
});

type Row = { id: number; position: number };
const contiguous = (rows: Row[]) => expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));
const sectionsOf = async (menu: number) => (await api.get(`custom_menus/${menu}/custom_sections`, { as: owner.ro })).body.custom_sections;
const itemsOf = async (section: number) => (await api.get(`custom_sections/${section}/custom_items`, { as: owner.ro })).body.custom_items;
const containersOf = async (item: number) =>
  (await api.get(`custom_items/${item}/custom_containers`, { as: owner.ro })).body.custom_containers;
const winesSection = async () => (await sectionsOf(menuId)).find((section: { name: string }) => section.name === "Wines by the glass");
const newSection = async (name: string, menu = menuId) =>
  (await api.post(`custom_menus/${menu}/custom_sections`, { as: owner.rw, body: { custom_section: { name } } })).body.custom_section;
const newItem = async (section: number, name: string, type = "food") =>
  (await api.post(`custom_sections/${section}/custom_items`, { as: owner.rw, body: { custom_item: { name, type } } })).body.custom_item;

describe("custom sections", () => {
  it("lists a custom menu's sections in position order", async () => {
    const response = await api.get(`custom_menus/${menuId}/custom_sections`, { as: owner.ro });
    expect(response.status).toBe(200);
    expectDeprecated(response, `menus/${menuId}/sections`);
    expect(response.body.custom_sections.map((section: { name: string }) => section.name)).toEqual(["Wines by the glass", "Bar snacks"]);
    expect(response.body.custom_sections[0]).toEqual({
      id: expect.any(Number),
      custom_menu_id: menuId,
      position: 0,
      name: "Wines by the glass",
      description: "Poured from the bottle, 175 ml.",
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });

  it("appends a new section, or puts it first with head=true", async () => {
    const appended = await api.post(`custom_menus/${menuId}/custom_sections`, {
      as: owner.rw,
      body: { custom_section: { name: "Desserts", description: "Sweet", custom_menu_id: 1, position: 0 } },
    });
    expect(appended.status).toBe(201);
    expectDeprecated(appended, `menus/${menuId}/sections`);
    expect(appended.body.custom_section).toMatchObject({ custom_menu_id: menuId, position: 2, name: "Desserts", description: "Sweet" });

    const head = await api.post(`custom_menus/${menuId}/custom_sections?head=true`, {
      as: owner.rw,
      body: { custom_section: { name: "Specials" } },
    });
    expect(head.status).toBe(201);
    expect(head.body.custom_section).toMatchObject({ position: 0, name: "Specials", description: null });
    const sections = await sectionsOf(menuId);
    expect(sections.map((section: { name: string }) => section.name)).toEqual(["Specials", "Wines by the glass", "Bar snacks", "Desserts"]);
    contiguous(sections);

    const notHead = await api.post(`custom_menus/${menuId}/custom_sections?head=false`, { as: owner.rw });
    expect(notHead.status).toBe(201);
    expect(notHead.body.custom_section).toMatchObject({ position: 4, name: null, description: null });
    const empty = await api.post(`custom_menus/${menuId}/custom_sections`, { as: owner.rw, body: {} });
    expect(empty.body.custom_section.position).toBe(5);
  });

  it.each<[string, string, unknown, string]>([
    ["a name that is not a string", "", { custom_section: { name: 5 } }, "custom_section.name"],
    ["a name too long", "", { custom_section: { name: "x".repeat(256) } }, "custom_section.name"],
    ["a custom_section that is not an object", "", { custom_section: "Desserts" }, "custom_section"],
    ["a head flag that is not a boolean", "?head=yes", { custom_section: { name: "x" } }, "query.head"],
  ])("refuses %s with 422 and changes nothing", async (_name, query, body, path) => {
    const before = await snapshot();
    const response = await api.post(`custom_menus/${menuId}/custom_sections${query}`, { as: owner.rw, body });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await snapshot()).toEqual(before);
  });

  it("reads, updates only the fields passed, and deletes closing the gap", async () => {
    const section = await newSection("Cheese");
    const read = await api.get(`custom_sections/${section.id}`, { as: owner.ro });
    expect(read.status).toBe(200);
    expectDeprecated(read, `sections/${section.id}`);
    expect(read.body).toEqual({ custom_section: section });

    const patched = await api.patch(`custom_sections/${section.id}`, {
      as: owner.rw,
      body: { custom_section: { description: "Three cheeses" } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.custom_section).toMatchObject({ name: "Cheese", description: "Three cheeses", position: section.position });
    const put = await api.put(`custom_sections/${section.id}`, {
      as: owner.rw,
      body: { custom_section: { name: "Cheeses", custom_menu_id: 99 } },
    });
    expect(put.body.custom_section).toMatchObject({ name: "Cheeses", description: "Three cheeses", custom_menu_id: menuId });

    const item = await newItem(section.id, "Comté");
    const before = await sectionsOf(menuId);
    const middle = before.findIndex((s: { name: string }) => s.name === "Desserts");
    expect(middle).toBeGreaterThan(0);
    expect(middle).toBeLessThan(before.length - 1);
    const deleted = await api.delete(`custom_sections/${before[middle].id}`, { as: owner.rw });
    expect(deleted.status).toBe(200);
    expectDeprecated(deleted, `sections/${before[middle].id}`);
    expect(deleted.body.custom_section).toEqual(before[middle]);
    const after = await sectionsOf(menuId);
    expect(after.map((s: Row) => s.id)).toEqual(before.filter((_: Row, i: number) => i !== middle).map((s: Row) => s.id));
    contiguous(after);

    expect((await api.delete(`custom_sections/${section.id}`, { as: owner.rw })).status).toBe(200);
    expect((await api.get(`custom_items/${item.id}`, { as: owner.ro })).status).toBe(404);
    expect((await api.get(`custom_sections/${section.id}`, { as: owner.ro })).status).toBe(404);
  });

  it("refuses a bad update with 422 and changes nothing", async () => {
    const [section] = await sectionsOf(menuId);
    const before = await snapshot();
    for (const body of [{ custom_section: { name: 1 } }, { custom_section: "x" }, { name: 1 }, ["x"]]) {
      const response = await api.patch(`custom_sections/${section.id}`, { as: owner.rw, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("reorders every section in one batch; bad batches change nothing", async () => {
    const sections = await sectionsOf(menuId);
    const reversed = [...sections].reverse().map((section: Row, position: number) => ({ id: section.id, position }));
    const response = await api.patch(`custom_menus/${menuId}/custom_sections/positions`, {
      as: owner.rw,
      body: { custom_sections: reversed },
    });
    expect(response.status).toBe(200);
    expectDeprecated(response, `menus/${menuId}/sections/positions`);
    expect(response.body).toEqual({ custom_sections: reversed });
    expect(positionsOf(await sectionsOf(menuId))).toEqual(reversed);

    const other = (await seedMenu(harbor)).id;
    const [foreign] = await sectionsOf(other);
    const before = await snapshot();
    const bad: [unknown, number][] = [
      [reversed.slice(1), 422],
      [reversed.map((entry) => ({ ...entry, position: entry.position + 1 })), 422],
      [reversed.map((entry) => ({ ...entry, position: 0 })), 422],
      [[...reversed, { id: foreign.id, position: reversed.length }], 422],
    ];
    for (const [batch, status] of bad) {
      const refused = await api.patch(`custom_menus/${menuId}/custom_sections/positions`, {
        as: owner.rw,
        body: { custom_sections: batch },
      });
      expect(refused.status, JSON.stringify(batch)).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("custom items", () => {
  let sectionId: number;
  beforeAll(async () => {
    sectionId = (await newSection("Items under test")).id;
  });

  it("creates an item by type name, by type id, or by both when they agree", async () => {
    const byName = await api.post(`custom_sections/${sectionId}/custom_items`, {
      as: owner.rw,
      body: {
        custom_item: { name: "Negroni", description: "Gin, Campari, vermouth", type: "Cocktail", position: 7, custom_section_id: 1 },
      },
    });
    expect(byName.status).toBe(201);
    expectDeprecated(byName, `sections/${sectionId}/items`);
    expect(byName.body.custom_item).toEqual({
      id: expect.any(Number),
      custom_section_id: sectionId,
      position: 0,
      name: "Negroni",
      description: "Gin, Campari, vermouth",
      type: "cocktail",
      custom_item_type_id: types.cocktail,
      image_url_for_type: expect.stringMatching(/^\/\/.*cocktail/),
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const byId = await api.post(`custom_sections/${sectionId}/custom_items`, {
      as: owner.rw,
      body: { custom_item: { name: "Rioja", custom_item_type_id: types.wine } },
    });
    expect(byId.status).toBe(201);
    expect(byId.body.custom_item).toMatchObject({ position: 1, type: "wine", description: null });
    const both = await api.post(`custom_sections/${sectionId}/custom_items`, {
      as: owner.rw,
      body: { custom_item: { custom_item_type_id: String(types.food), type: "food" } },
    });
    expect(both.status).toBe(201);
    expect(both.body.custom_item).toMatchObject({ position: 2, type: "food", name: null });
    const listed = await api.get(`custom_sections/${sectionId}/custom_items`, { as: owner.ro });
    expectDeprecated(listed, `sections/${sectionId}/items`);
    expect(listed.body.custom_items).toEqual([byName.body.custom_item, byId.body.custom_item, both.body.custom_item]);
  });

  it.each<[string, unknown, string]>([
    ["neither a type nor a type id", { name: "Mystery" }, "custom_item.type"],
    ["an unknown type", { name: "Mead", type: "mead" }, "custom_item.type"],
    ["an unknown type id", { name: "Mead", custom_item_type_id: 999 }, "custom_item.custom_item_type_id"],
    ["a negative type id", { name: "Rosé", type: "food", custom_item_type_id: -1 }, "custom_item.custom_item_type_id"],
    ["a type id that is not a number", { name: "Rosé", custom_item_type_id: "wine" }, "custom_item.custom_item_type_id"],
    ["a name that is not a string", { name: ["x"], type: "food" }, "custom_item.name"],
    ["a description too long", { type: "food", description: "x".repeat(5001) }, "custom_item.description"],
    ["a custom_item that is not an object", "Negroni", "custom_item"],
  ])("refuses %s with 422 and changes nothing", async (_name, customItem, path) => {
    const before = await snapshot();
    const response = await api.post(`custom_sections/${sectionId}/custom_items`, { as: owner.rw, body: { custom_item: customItem } });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a type and a type id that name different types with 422", async () => {
    const before = await snapshot();
    const response = await api.post(`custom_sections/${sectionId}/custom_items`, {
      as: owner.rw,
      body: { custom_item: { name: "Rosé", type: "food", custom_item_type_id: types.wine } },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "custom_item.type", message: expect.stringContaining("wine") }]);
    expect(await snapshot()).toEqual(before);
  });

  it("reads and updates only the fields passed; the type changes by name or id", async () => {
    const [item] = await itemsOf(sectionId);
    const read = await api.get(`custom_items/${item.id}`, { as: owner.ro });
    expect(read.status).toBe(200);
    expectDeprecated(read, `items/${item.id}`);
    expect(read.body).toEqual({ custom_item: item });

    const described = await api.patch(`custom_items/${item.id}`, { as: owner.rw, body: { custom_item: { description: "Stirred" } } });
    expect(described.status).toBe(200);
    expect(described.body.custom_item).toMatchObject({
      name: "Negroni",
      description: "Stirred",
      type: "cocktail",
      position: item.position,
    });
    const retyped = await api.put(`custom_items/${item.id}`, { as: owner.rw, body: { custom_item: { type: "wine" } } });
    expect(retyped.body.custom_item).toMatchObject({ name: "Negroni", type: "wine", custom_item_type_id: types.wine });
    const byId = await api.patch(`custom_items/${item.id}`, {
      as: owner.rw,
      body: { custom_item: { custom_item_type_id: types.cocktail, name: null } },
    });
    expect(byId.body.custom_item).toMatchObject({ name: null, type: "cocktail", image_url_for_type: expect.stringContaining("cocktail") });

    const before = await snapshot();
    for (const customItem of [
      { type: "beer" },
      { custom_item_type_id: 999 },
      { type: "wine", custom_item_type_id: types.food },
      { name: 4 },
    ]) {
      const response = await api.patch(`custom_items/${item.id}`, { as: owner.rw, body: { custom_item: customItem } });
      expect(response.status, JSON.stringify(customItem)).toBe(422);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("deletes an item with its containers and closes the gap", async () => {
    const extra = await newItem(sectionId, "To delete");
    await api.post(`custom_items/${extra.id}/custom_containers`, { as: owner.rw, body: { custom_container: { price: 1 } } });
    const middle = await newItem(sectionId, "Middle");
    await newItem(sectionId, "Last");
    const before = await itemsOf(sectionId);
    const response = await api.delete(`custom_items/${middle.id}`, { as: owner.rw });
    expect(response.status).toBe(200);
    expectDeprecated(response, `items/${middle.id}`);
    expect(response.body.custom_item).toMatchObject({ id: middle.id, name: "Middle", type: "food" });
    const after = await itemsOf(sectionId);
    expect(after.map((item: Row) => item.id)).toEqual(before.map((item: Row) => item.id).filter((id: number) => id !== middle.id));
    contiguous(after);
    await api.delete(`custom_items/${extra.id}`, { as: owner.rw });
    expect((await api.get(`custom_items/${extra.id}/custom_containers`, { as: owner.ro })).status).toBe(404);
    contiguous(await itemsOf(sectionId));
  });

  it("reorders every item in one batch; bad batches change nothing", async () => {
    const items = await itemsOf(sectionId);
    const rotated = items.map((item: Row, index: number) => ({ id: item.id, position: (index + 1) % items.length }));
    const response = await api.patch(`custom_sections/${sectionId}/custom_items/positions`, {
      as: owner.rw,
      body: { custom_items: rotated },
    });
    expect(response.status).toBe(200);
    expectDeprecated(response, `sections/${sectionId}/items/positions`);
    const sorted = [...rotated].sort((a, b) => a.position - b.position);
    expect(response.body).toEqual({ custom_items: sorted });
    expect(positionsOf(await itemsOf(sectionId))).toEqual(sorted);

    const [foreign] = await itemsOf((await winesSection()).id);
    const before = await snapshot();
    const bad: [unknown, number][] = [
      [sorted.slice(0, -1), 422],
      [sorted.map((entry) => ({ ...entry, position: entry.position * 2 })), 422],
      [[...sorted, { id: foreign.id, position: sorted.length }], 422],
      [[...sorted, { id: 2_000_000, position: sorted.length }], 422],
      ["all", 422],
    ];
    for (const [batch, status] of bad) {
      const refused = await api.patch(`custom_sections/${sectionId}/custom_items/positions`, {
        as: owner.rw,
        body: { custom_items: batch },
      });
      expect(refused.status, JSON.stringify(batch)).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("moves an item to the top of another section; both lists stay contiguous", async () => {
    const target = await newSection("Move target");
    await newItem(target.id, "Already here");
    const source = await itemsOf(sectionId);
    const moving = source[1];
    const response = await api.patch(`custom_items/${moving.id}/move`, {
      as: owner.rw,
      body: { custom_item: { custom_section_id: target.id } },
    });
    expect(response.status).toBe(200);
    expectDeprecated(response, `items/${moving.id}/move`);
    expect(response.body.custom_item).toMatchObject({
      id: moving.id,
      custom_section_id: target.id,
      position: 0,
      name: moving.name,
      type: moving.type,
    });
    const targetItems = await itemsOf(target.id);
    expect(targetItems.map((item: { name: string }) => item.name)).toEqual([moving.name, "Already here"]);
    contiguous(targetItems);
    const sourceItems = await itemsOf(sectionId);
    expect(sourceItems.map((item: Row) => item.id)).toEqual(
      source.filter((item: Row) => item.id !== moving.id).map((item: Row) => item.id),
    );
    contiguous(sourceItems);

    const stay = await api.patch(`custom_items/${moving.id}/move`, {
      as: owner.rw,
      body: { custom_item: { custom_section_id: target.id } },
    });
    expect(stay.status).toBe(200);
    expect(stay.body).toEqual(response.body);
  });

  it("moves an item to a section in another location of the same business", async () => {
    const [harborMenu] = (await api.get(`locations/${harbor}/custom_menus`, { as: owner.ro })).body.custom_menus;
    const [harborSection] = await sectionsOf(harborMenu.id);
    const [item] = await itemsOf(sectionId);
    const response = await api.patch(`custom_items/${item.id}/move`, {
      as: owner.rw,
      body: { custom_item: { custom_section_id: harborSection.id } },
    });
    expect(response.status).toBe(200);
    expect(response.body.custom_item).toMatchObject({ custom_section_id: harborSection.id, position: 0 });
    contiguous(await itemsOf(harborSection.id));
    contiguous(await itemsOf(sectionId));
  });

  it("runs moves in opposite directions at once without deadlock, keeping both lists contiguous", async () => {
    const left = await newSection("Left");
    const right = await newSection("Right");
    const lefts = [await newItem(left.id, "L1"), await newItem(left.id, "L2"), await newItem(left.id, "L3")];
    const rights = [await newItem(right.id, "R1"), await newItem(right.id, "R2"), await newItem(right.id, "R3")];
    const move = (item: { id: number }, to: number) =>
      api.patch(`custom_items/${item.id}/move`, { as: owner.rw, body: { custom_item: { custom_section_id: to } } });
    const answers = await Promise.all([...lefts.map((item) => move(item, right.id)), ...rights.map((item) => move(item, left.id))]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const leftItems = await itemsOf(left.id);
    const rightItems = await itemsOf(right.id);
    expect(leftItems.map((item: { name: string }) => item.name).sort()).toEqual(["R1", "R2", "R3"]);
    expect(rightItems.map((item: { name: string }) => item.name).sort()).toEqual(["L1", "L2", "L3"]);
    contiguous(leftItems);
    contiguous(rightItems);
  });

  it("refuses a move to a missing section (404) or without a section id (422), and changes nothing", async () => {
    const [item] = await itemsOf(sectionId);
    const before = await snapshot();
    const missing = await api.patch(`custom_items/${item.id}/move`, {
      as: owner.rw,
      body: { custom_item: { custom_section_id: 2_000_000 } },
    });
    expect(missing.status).toBe(404);
    for (const body of [{ custom_item: {} }, { custom_item: { custom_section_id: "x" } }, { custom_section_id: "x" }, {}]) {
      const response = await api.patch(`custom_items/${item.id}/move`, { as: owner.rw, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect(
      (await api.patch(`custom_items/2000000/move`, { as: owner.rw, body: { custom_item: { custom_section_id: sectionId } } })).status,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe("custom containers", () => {
  let itemId: number;
  beforeAll(async () => {
    const section = await newSection("Containers under test");
    itemId = (await newItem(section.id, "Fries")).id;
  });

  it("creates containers at the end, with prices as two-decimal strings", async () => {
    const first = await api.post(`custom_items/${itemId}/custom_containers`, {
      as: owner.rw,
      body: { custom_container: { name: "Small", price: 5, position: 3, custom_item_id: 1 } },
    });
    expect(first.status).toBe(201);
    expectDeprecated(first, `items/${itemId}/containers`);
    expect(first.body.custom_container).toEqual({
      id: expect.any(Number),
      custom_item_id: itemId,
      name: "Small",
      price: "5.00",
      position: 0,
      _track_by: first.body.custom_container.id,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const second = await api.post(`custom_items/${itemId}/custom_containers`, {
      as: owner.rw,
      body: { custom_container: { price: "6.5" } },
    });
    expect(second.status).toBe(201);
    expect(second.body.custom_container).toMatchObject({ name: null, price: "6.50", position: 1 });
    const third = await api.post(`custom_items/${itemId}/custom_containers`, {
      as: owner.rw,
      body: { custom_container: { name: "Large", price: 0 } },
    });
    expect(third.body.custom_container).toMatchObject({ price: "0.00", position: 2 });
  });

  it("lists the containers; build=true appends a blank unsaved one", async () => {
    const listed = await api.get(`custom_items/${itemId}/custom_containers`, { as: owner.ro });
    expect(listed.status).toBe(200);
    expectDeprecated(listed, `items/${itemId}/containers`);
    expect(listed.body.custom_containers.map((c: { name: string | null }) => c.name)).toEqual(["Small", null, "Large"]);
    const built = await api.get(`custom_items/${itemId}/custom_containers?build=true`, { as: owner.ro });
    expect(built.body.custom_containers.slice(0, 3)).toEqual(listed.body.custom_containers);
    expect(built.body.custom_containers[3]).toEqual({
      id: null,
      custom_item_id: itemId,
      name: null,
      price: null,
      position: 3,
      _track_by: null,
      created_at: null,
      updated_at: null,
    });
    const before = await snapshot();
    expect((await api.get(`custom_items/${itemId}/custom_containers?build=maybe`, { as: owner.ro })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    ["no price", { name: "Pint" }, "custom_container.price"],
    ["a negative price", { price: -1 }, "custom_container.price"],
    ["a price that is not a number", { price: "cheap" }, "custom_container.price"],
    ["a price with three decimals", { price: "1.005" }, "custom_container.price"],
    ["a price too large", { price: 1e9 }, "custom_container.price"],
    ["a name that is not a string", { price: 1, name: 3 }, "custom_container.name"],
    ["a custom_container that is not an object", 5, "custom_container"],
  ])("refuses %s with 422 and changes nothing", async (_name, customContainer, path) => {
    const before = await snapshot();
    const response = await api.post(`custom_items/${itemId}/custom_containers`, {
      as: owner.rw,
      body: { custom_container: customContainer },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await snapshot()).toEqual(before);
  });

  it("reads, updates name and price, and moves a container within its item by position", async () => {
    const [small, unnamed, large] = await containersOf(itemId);
    const read = await api.get(`custom_containers/${small.id}`, { as: owner.ro });
    expect(read.status).toBe(200);
    expectDeprecated(read, `containers/${small.id}`);
    expect(read.body).toEqual({ custom_container: small });

    const priced = await api.patch(`custom_containers/${unnamed.id}`, { as: owner.rw, body: { custom_container: { price: "7.25" } } });
    expect(priced.status).toBe(200);
    expect(priced.body.custom_container).toMatchObject({ name: null, price: "7.25", position: 1 });
    const named = await api.put(`custom_containers/${unnamed.id}`, { as: owner.rw, body: { custom_container: { name: "Medium" } } });
    expect(named.body.custom_container).toMatchObject({ name: "Medium", price: "7.25", position: 1 });

    const moved = await api.patch(`custom_containers/${large.id}`, { as: owner.rw, body: { custom_container: { position: 0, price: 9 } } });
    expect(moved.status).toBe(200);
    expect(moved.body.custom_container).toMatchObject({ id: large.id, position: 0, price: "9.00", name: "Large" });
    expect((await containersOf(itemId)).map((c: { id: number }) => c.id)).toEqual([large.id, small.id, unnamed.id]);
    const clamped = await api.patch(`custom_containers/${large.id}`, { as: owner.rw, body: { custom_container: { position: 99 } } });
    expect(clamped.body.custom_container.position).toBe(2);
    const order = await containersOf(itemId);
    expect(order.map((c: { id: number }) => c.id)).toEqual([small.id, unnamed.id, large.id]);
    contiguous(order);

    const before = await snapshot();
    for (const customContainer of [{ price: -2 }, { position: -1 }, { position: 1.5 }, { price: null }]) {
      const response = await api.patch(`custom_containers/${small.id}`, { as: owner.rw, body: { custom_container: customContainer } });
      expect(response.status, JSON.stringify(customContainer)).toBe(422);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("deletes a container and closes the gap", async () => {
    const before = await containersOf(itemId);
    const response = await api.delete(`custom_containers/${before[0].id}`, { as: owner.rw });
    expect(response.status).toBe(200);
    expectDeprecated(response, `containers/${before[0].id}`);
    expect(response.body.custom_container).toEqual(before[0]);
    const after = await containersOf(itemId);
    expect(after.map((c: Row) => c.id)).toEqual(before.slice(1).map((c: Row) => c.id));
    contiguous(after);
    expect((await api.get(`custom_containers/${before[0].id}`, { as: owner.ro })).status).toBe(404);
    expect((await api.delete(`custom_containers/${before[0].id}`, { as: owner.rw })).status).toBe(404);
  });

  it("show up in the full tree in position order", async () => {
    const menu = await fullMenu(owner.ro, menuId);
    const item = menu.custom_sections
      .flatMap((s: { custom_items: { id: number }[] }) => s.custom_items)
      .find((i: { id: number }) => i.id === itemId);
    expect(item.custom_containers).toEqual(await containersOf(itemId));
  });
});

describe("read-only token", () => {
  it("is refused every write on sections, items and containers with 403, and nothing changes", async () => {
    const section = await winesSection();
    const [item] = await itemsOf(section.id);
    const [container] = await containersOf(item.id);
    const before = await snapshot();
    const writes: [string, string, unknown?][] = [
      ["post", `custom_menus/${menuId}/custom_sections`, { custom_section: { name: "x" } }],
      ["delete", `custom_sections/${section.id}`],
      ["post", `custom_sections/${section.id}/custom_items`, { custom_item: { type: "food" } }],
      ["patch", `custom_items/${item.id}/move`, { custom_item: { custom_section_id: section.id } }],
      ["put", `custom_containers/${container.id}`, { custom_container: { price: 1 } }],
    ];
    for (const [method, url, body] of writes) {
      const response = await api[method as "post"](url, { as: owner.ro, body });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
