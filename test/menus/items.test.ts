import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { useBeerCatalogue } from "@/lib/beer-platform/catalogue";
import type { CatalogueBeer } from "@/lib/menus/catalogue";
import { resetEnvForTests } from "@/lib/server/env";
import { eq, sql } from "drizzle-orm";
import { containers, customContainers, customItems, customItemTypes, customMenus, customSections, menus } from "@/lib/db/schema";

let owner: Account;
let location: number;
let sizes: { id: number; name: string }[];

const beer = (untappdId: number, name: string): CatalogueBeer => ({
  untappdId,
  name,
  brewery: "Catalogue Brewing",
  breweryId: 77,
  breweryLocation: "Portland, OR",
  style: "IPA - American",
  description: "From the catalogue.",
  abv: "6.5",
  ibu: "60",
  labelImage: "https://labels.test/1.png",
  labelImageHd: "https://labels.test/1-hd.png",
  slug: "catalogue-brewing-ipa",
  inProduction: true,
  rating: "3.875",
  calories: 195,
});
const catalogue = [beer(1001, "Pacific IPA"), beer(1002, "Pacific Pils")];
const fixtureCatalogue = {
  async getBeer(id: number) {
    return catalogue.find((b) => b.untappdId === id) ?? null;
  },
  async searchBeers(query: string, { limit }: { limit: number }) {
    return { beers: catalogue.filter((b) => b.name.toLowerCase().includes(query.toLowerCase())).slice(0, limit), near: [] };
  },
};

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes;
});
afterEach(() => useBeerCatalogue(undefined));

const as = () => ({ as: owner.rw });
const newSection = async () => {
  const menu = (await api.post(`locations/${location}/menus`, { ...as(), body: { menu: { name: "Test" } } })).body.menu;
  return (await api.post(`menus/${menu.id}/sections`, { ...as(), body: { section: { name: "Taps" } } })).body.section;
};
const addItem = async (sectionId: number, item: Record<string, unknown>) =>
  api.post(`sections/${sectionId}/items`, { ...as(), body: { item } });

describe("items", () => {
  it("adds a custom item whose values are its originals", async () => {
    const section = await newSection();
    const response = await addItem(section.id, { name: "House Lemonade", description: "Fresh", abv: 0, calories: 120, tap_number: "9" });
    expect(response.status).toBe(201);
    expect(response.body.item).toMatchObject({
      section_id: section.id,
      position: 0,
      untappd_id: null,
      name: "House Lemonade",
      original_name: "House Lemonade",
      custom_name: null,
      abv: "0.0",
      calories: "120",
      original_calories: "120",
      tap_number: "9",
      cask: false,
      nitro: false,
    });
  });

  it("fills a catalogue beer from the catalogue and keeps body fields as overrides", async () => {
    useBeerCatalogue(fixtureCatalogue);
    const section = await newSection();
    const response = await addItem(section.id, { untappd_id: 1001, name: "House IPA", nitro: true });
    expect(response.status).toBe(201);
    expect(response.body.item).toMatchObject({
      untappd_id: 1001,
      name: "House IPA",
      custom_name: "House IPA",
      original_name: "Pacific IPA",
      brewery: "Catalogue Brewing",
      style: "IPA - American",
      abv: "6.5",
      ibu: "60.0",
      label_image: "https://labels.test/1.png",
      brewery_location: "Portland, OR",
      untappd_beer_slug: "catalogue-brewing-ipa",
      untappd_brewery_id: 77,
      rating: "3.88",
      calories: "195",
      original_calories: "195",
      custom_calories: null,
      nitro: true,
    });
  });

  it("shows the override when set and the original again when it is cleared", async () => {
    useBeerCatalogue(fixtureCatalogue);
    const section = await newSection();
    const item = (await addItem(section.id, { untappd_id: 1002 })).body.item;
    const overridden = await api.patch(`items/${item.id}`, { ...as(), body: { item: { abv: "5.2", description: "Our pils" } } });
    expect(overridden.body.item).toMatchObject({ abv: "5.2", custom_abv: "5.2", original_abv: "6.5", description: "Our pils" });
    const cleared = await api.put(`items/${item.id}`, { ...as(), body: { item: { abv: null, name: null } } });
    expect(cleared.body.item).toMatchObject({ abv: "6.5", custom_abv: null, name: "Pacific Pils", description: "Our pils" });
  });

  it.each<[string, Record<string, unknown>, number]>([
    ["neither untappd_id nor name", { description: "x" }, 422],
    ["a blank name", { name: " " }, 422],
    ["an abv over 100", { name: "x", abv: 101 }, 422],
    ["calories that are not whole", { name: "x", calories: 1.5 }, 422],
    ["a flag that is not a boolean", { name: "x", cask: "yes" }, 422],
    ["an untappd_id the catalogue does not know", { untappd_id: 4242 }, 422],
  ])("refuses an item with %s and changes nothing", async (_name, item, status) => {
    useBeerCatalogue(fixtureCatalogue);
    const section = await newSection();
    const before = await snapshot();
    expect((await addItem(section.id, item)).status).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it("says so when the beer platform cannot be reached", async () => {
    process.env.V4_API_URL = "http://127.0.0.1:1";
    process.env.V4_CLIENT_ID = "test-client";
    process.env.V4_CLIENT_SECRET = "test-secret";
    resetEnvForTests();
    try {
      const section = await newSection();
      const before = await snapshot();
      const response = await addItem(section.id, { untappd_id: 1001 });
      expect(response.status).toBe(503);
      expect(response.body.code).toBe("catalogue_unavailable");
      expect(await snapshot()).toEqual(before);
    } finally {
      delete process.env.V4_API_URL;
      delete process.env.V4_CLIENT_ID;
      delete process.env.V4_CLIENT_SECRET;
      resetEnvForTests();
    }
  });

  it("deletes with a closed gap and reorders in one batch", async () => {
    const section = await newSection();
    const ids: number[] = [];
    for (const name of ["A", "B", "C", "D"]) ids.push((await addItem(section.id, { name })).body.item.id);
    expect((await api.delete(`items/${ids[1]}`, as())).body.item.id).toBe(ids[1]);
    const order = async () =>
      (await api.get(`sections/${section.id}/items`, { as: owner.ro })).body.items.map((i: { id: number; position: number }) => [
        i.id,
        i.position,
      ]);
    expect(await order()).toEqual([
      [ids[0], 0],
      [ids[2], 1],
      [ids[3], 2],
    ]);
    const batch = [ids[3], ids[0], ids[2]].map((id, position) => ({ id, position }));
    const response = await api.patch(`sections/${section.id}/items/positions`, { ...as(), body: { items: batch } });
    expect(response.body.items).toEqual(batch);
    expect(await order()).toEqual(batch.map(({ id, position }) => [id, position]));
  });

  it("moves an item to the top of another section, both lists staying contiguous", async () => {
    const from = await newSection();
    const to = await newSection();
    const a = (await addItem(from.id, { name: "A" })).body.item;
    const b = (await addItem(from.id, { name: "B" })).body.item;
    const c = (await addItem(from.id, { name: "C" })).body.item;
    const x = (await addItem(to.id, { name: "X" })).body.item;
    const response = await api.patch(`items/${b.id}/move`, { ...as(), body: { item: { section_id: to.id } } });
    expect(response.status).toBe(200);
    expect(response.body.item).toMatchObject({ id: b.id, section_id: to.id, position: 0 });
    const list = async (id: number) =>
      (await api.get(`sections/${id}/items`, { as: owner.ro })).body.items.map((i: { id: number; position: number }) => [i.id, i.position]);
    expect(await list(from.id)).toEqual([
      [a.id, 0],
      [c.id, 1],
    ]);
    expect(await list(to.id)).toEqual([
      [b.id, 0],
      [x.id, 1],
    ]);
    const same = await api.patch(`items/${a.id}/move`, { ...as(), body: { item: { section_id: from.id } } });
    expect(same.body.item).toMatchObject({ id: a.id, position: 0 });
    const before = await snapshot();
    expect((await api.patch(`items/${a.id}/move`, { ...as(), body: { item: { section_id: 999999 } } })).status).toBe(404);
    expect((await api.patch(`items/${a.id}/move`, { ...as(), body: { item: {} } })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("searches the catalogue and answers items that are on no menu", async () => {
    useBeerCatalogue(fixtureCatalogue);
    const response = await api.get("items/search?q=pacific&limit=1", { as: owner.ro });
    expect(response.status).toBe(200);
    expect(response.body.items).toHaveLength(1);
    expect(response.body.items[0]).toMatchObject({
      id: null,
      section_id: null,
      untappd_id: 1001,
      name: "Pacific IPA",
      abv: "6.5",
      calories: "195",
    });
    expect((await api.get("items/search?q=zzz", { as: owner.ro })).body).toEqual({ items: [], did_you_mean: [] });
    for (const query of ["", "?q=", "?q=x&limit=0", "?q=x&limit=51"]) {
      expect((await api.get(`items/search${query}`, { as: owner.ro })).status, query).toBe(422);
    }
  });
});

describe("POST /sections/:id/items with its first prices", () => {
  it("creates a catalogue beer and its prices in one version, so it is never on the menu without one", async () => {
    useBeerCatalogue(fixtureCatalogue);
    const section = await newSection();
    const before = (await api.get(`menus/${section.menu_id}`, { as: owner.ro })).body.menu.version;
    const created = await addItem(section.id, {
      untappd_id: 1001,
      containers: [
        { container_size_id: sizes[0]!.id, price: "7.5" },
        { container_size_id: sizes[1]!.id, price: 5, name: "Taster" },
      ],
    });
    expect(created.status).toBe(201);
    expect((await api.get(`menus/${section.menu_id}`, { as: owner.ro })).body.menu.version).toBe(before + 1);
    const prices = (await api.get(`items/${created.body.item.id}/containers`, { as: owner.ro })).body.containers;
    expect(
      prices.map((c: { container_size_id: number; price: string; name: string; position: number }) => [
        c.container_size_id,
        c.price,
        c.name,
        c.position,
      ]),
    ).toEqual([
      [sizes[0]!.id, "7.50", sizes[0]!.name, 0],
      [sizes[1]!.id, "5.00", "Taster", 1],
    ]);
  });

  it("refuses a size listed twice, an unknown size or a bad price with 422 naming the entry, and adds nothing", async () => {
    useBeerCatalogue(fixtureCatalogue);
    const section = await newSection();
    const before = await snapshot();
    const refused = async (containers: unknown) => {
      const response = await addItem(section.id, { untappd_id: 1001, containers });
      expect(response.status).toBe(422);
      return response.body.errors;
    };
    expect(
      await refused([
        { container_size_id: sizes[0]!.id, price: 7 },
        { container_size_id: sizes[0]!.id, price: 9 },
      ]),
    ).toEqual([{ path: "item.containers.1.container_size_id", message: `lists ${sizes[0]!.name} twice: one price per size` }]);
    expect(await refused([{ container_size_id: 999999, price: 7 }])).toEqual([
      { path: "item.containers.0.container_size_id", message: "no container size 999999" },
    ]);
    expect((await refused([{ container_size_id: sizes[0]!.id, price: "six" }]))[0].path).toBe("item.containers.0.price");
    expect((await refused("7.50"))[0].path).toBe("item.containers");
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /sections/:id/items/tap_numbers", () => {
  it("keeps tap numbers with their items when reordered, then numbers them in their order in one version", async () => {
    const section = await newSection();
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push((await addItem(section.id, { name: `Tap ${n}`, tap_number: String(n) })).body.item.id);
    // Tap 1 dragged below tap 3: the numbers go with the beers (the lines did not change).
    const order = [ids[1]!, ids[2]!, ids[0]!];
    expect(
      (
        await api.patch(`sections/${section.id}/items/positions`, {
          ...as(),
          body: { items: order.map((id, position) => ({ id, position })) },
        })
      ).status,
    ).toBe(200);
    const taps = async () =>
      (await api.get(`sections/${section.id}/items`, { as: owner.ro })).body.items.map((item: { tap_number: string }) => item.tap_number);
    expect(await taps()).toEqual(["2", "3", "1"]);
    const menuId = section.menu_id as number;
    const before = (await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version;

    const renumbered = await api.post(`sections/${section.id}/items/tap_numbers`, { ...as(), body: {} });
    expect(renumbered.status).toBe(200);
    expect(renumbered.body).toEqual({ items: order.map((id, index) => ({ id, tap_number: String(index + 1) })) });
    expect(await taps()).toEqual(["1", "2", "3"]);
    expect((await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version).toBe(before + 1);

    // From another first number; a bad one is 422 and changes nothing; read-only is 403.
    expect((await api.post(`sections/${section.id}/items/tap_numbers`, { ...as(), body: { from: 11 } })).body.items[0].tap_number).toBe(
      "11",
    );
    const snap = await snapshot();
    for (const from of [0, 1.5, "3", 10_000]) {
      expect((await api.post(`sections/${section.id}/items/tap_numbers`, { ...as(), body: { from } })).status).toBe(422);
    }
    expect((await api.post(`sections/${section.id}/items/tap_numbers`, { as: owner.ro, body: {} })).status).toBe(403);
    expect(await snapshot()).toEqual(snap);
    expect(await taps()).toEqual(["11", "12", "13"]);
  });
});

describe("containers", () => {
  const newItem = async () => (await addItem((await newSection()).id, { name: "Pale" })).body.item;

  it("creates with a size and a two-decimal price, embeds the size, and tracks by id", async () => {
    const item = await newItem();
    const response = await api.post(`items/${item.id}/containers`, {
      ...as(),
      body: { container: { container_size_id: sizes[0]!.id, price: "6.5", calories: 180 } },
    });
    expect(response.status).toBe(201);
    const container = response.body.container;
    expect(container).toEqual({
      id: expect.any(Number),
      item_id: item.id,
      container_size_id: sizes[0]!.id,
      container_size: expect.objectContaining({ id: sizes[0]!.id, name: "Pint", ounces: "16.0000", container_size_group_id: 1 }),
      name: "Pint", // not set: the size's name (contract §4)
      price: "6.50",
      currency: "USD",
      calories: 180,
      position: 0,
      _track_by: container.id,
      source_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await api.get(`containers/${container.id}`, { as: owner.ro })).body.container).toEqual(container);
  });

  it("answers its own name when one is set, the size's name otherwise, in every answer", async () => {
    const item = await newItem();
    const unnamed = (
      await api.post(`items/${item.id}/containers`, { ...as(), body: { container: { container_size_id: sizes[1]!.id, price: 5 } } })
    ).body.container;
    const named = (
      await api.post(`items/${item.id}/containers`, {
        ...as(),
        body: { container: { container_size_id: sizes[2]!.id, price: 6, name: "Half litre" } },
      })
    ).body.container;
    expect([unnamed.name, named.name]).toEqual([sizes[1]!.name, "Half litre"]);
    const listed = (await api.get(`items/${item.id}/containers`, { as: owner.ro })).body.containers;
    expect(listed.map((c: { name: string }) => c.name)).toEqual([sizes[1]!.name, "Half litre"]);
    expect((await api.get(`containers/${unnamed.id}`, { as: owner.ro })).body.container.name).toBe(sizes[1]!.name);
    const menuId = (await api.get(`sections/${item.section_id}`, { as: owner.ro })).body.section.menu_id;
    const tree = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu;
    expect(tree.sections[0].items[0].containers.map((c: { name: string }) => c.name)).toEqual([sizes[1]!.name, "Half litre"]);
    // Cleared again, it is the size's name once more; nothing stored was changed by answering it.
    const cleared = await api.patch(`containers/${named.id}`, { ...as(), body: { container: { name: null } } });
    expect(cleared.body.container.name).toBe(sizes[2]!.name);
  });

  it("lists in order and appends a blank unsaved container with build=true", async () => {
    const item = await newItem();
    for (const [index, price] of [5, 7].entries())
      await api.post(`items/${item.id}/containers`, { ...as(), body: { container: { container_size_id: sizes[index]!.id, price } } });
    const built = (await api.get(`items/${item.id}/containers?build=true`, { as: owner.ro })).body.containers;
    expect(built.map((c: { price: string | null }) => c.price)).toEqual(["5.00", "7.00", null]);
    expect(built[2]).toMatchObject({ id: null, _track_by: null, position: 2, item_id: item.id, container_size: null });
    expect((await api.get(`items/${item.id}/containers`, { as: owner.ro })).body.containers).toHaveLength(2);
  });

  it.each<[string, Record<string, unknown>]>([
    ["no size", { price: 5 }],
    ["no price", { container_size_id: 1 }],
    ["an unknown size", { container_size_id: 999999, price: 5 }],
    ["a negative price", { container_size_id: 1, price: -1 }],
    ["three decimals", { container_size_id: 1, price: "6.555" }],
    ["a price that is not a number", { container_size_id: 1, price: "six" }],
  ])("refuses a container with %s and changes nothing", async (_name, container) => {
    const item = await newItem();
    const before = await snapshot();
    expect((await api.post(`items/${item.id}/containers`, { ...as(), body: { container } })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps one price per size per item: a second Pint is 422 naming the first, and changes nothing", async () => {
    const item = await newItem();
    const pint = (
      await api.post(`items/${item.id}/containers`, { ...as(), body: { container: { container_size_id: sizes[0]!.id, price: "7.75" } } })
    ).body.container;
    const other = (
      await api.post(`items/${item.id}/containers`, { ...as(), body: { container: { container_size_id: sizes[1]!.id, price: "5.00" } } })
    ).body.container;
    const before = await snapshot();
    const second = await api.post(`items/${item.id}/containers`, {
      ...as(),
      body: { container: { container_size_id: sizes[0]!.id, price: "9.00", name: "Big pint" } },
    });
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual([
      {
        path: "container.container_size_id",
        message: `this item already has a ${sizes[0]!.name} price (7.75); change that price instead`,
      },
    ]);
    // Moving another price onto the taken size is refused the same way.
    expect((await api.patch(`containers/${other.id}`, { ...as(), body: { container: { container_size_id: sizes[0]!.id } } })).status).toBe(
      422,
    );
    expect(await snapshot()).toEqual(before);
    // Its own size again, another free size, and another item's Pint are fine.
    expect(
      (await api.patch(`containers/${pint.id}`, { ...as(), body: { container: { container_size_id: sizes[0]!.id, price: 8 } } })).status,
    ).toBe(200);
    expect((await api.patch(`containers/${other.id}`, { ...as(), body: { container: { container_size_id: sizes[2]!.id } } })).status).toBe(
      200,
    );
    const elsewhere = await newItem();
    expect(
      (await api.post(`items/${elsewhere.id}/containers`, { ...as(), body: { container: { container_size_id: sizes[0]!.id, price: 7 } } }))
        .status,
    ).toBe(201);
  });

  it("leaves prices saved before the rule that share a size as they are: they can still be moved and repriced", async () => {
    const item = await newItem();
    const ids: number[] = [];
    for (const [position, price] of ["7.75", "9.00"].entries()) {
      const [row] = await (await db())
        .insert(containers)
        .values({ itemId: item.id, containerSizeId: sizes[0]!.id, price, position })
        .returning();
      ids.push(row!.id);
    }
    expect((await api.patch(`containers/${ids[1]}`, { ...as(), body: { container: { price: "8.50", position: 0 } } })).status).toBe(200);
    const listed = (await api.get(`items/${item.id}/containers`, { as: owner.ro })).body.containers;
    expect(listed.map((c: { id: number; price: string }) => [c.id, c.price])).toEqual([
      [ids[1], "8.50"],
      [ids[0], "7.75"],
    ]);
  });

  it("names a missing price as missing and a bad one as not a number", async () => {
    const item = await newItem();
    const errors = async (container: object) =>
      (await api.post(`items/${item.id}/containers`, { ...as(), body: { container } })).body.errors;
    expect(await errors({ container_size_id: sizes[0]!.id })).toEqual([{ path: "container.price", message: "is required" }]);
    expect(await errors({ container_size_id: sizes[0]!.id, price: "six" })).toEqual([
      { path: "container.price", message: "must be a number, such as 6.50 or 6,50" },
    ]);
  });

  it("updates price and moves by position, deletes with a closed gap, reorders in a batch", async () => {
    const item = await newItem();
    const ids: number[] = [];
    for (const [index, price] of [4, 5, 6].entries()) {
      ids.push(
        (await api.post(`items/${item.id}/containers`, { ...as(), body: { container: { container_size_id: sizes[index]!.id, price } } }))
          .body.container.id,
      );
    }
    const moved = await api.patch(`containers/${ids[2]}`, { ...as(), body: { container: { price: 6.25, position: 0 } } });
    expect(moved.body.container).toMatchObject({ price: "6.25", position: 0 });
    const order = async () =>
      (await api.get(`items/${item.id}/containers`, { as: owner.ro })).body.containers.map((c: { id: number; position: number }) => [
        c.id,
        c.position,
      ]);
    expect(await order()).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    expect((await api.delete(`containers/${ids[0]}`, as())).body.container.id).toBe(ids[0]);
    expect(await order()).toEqual([
      [ids[2], 0],
      [ids[1], 1],
    ]);
    const batch = [
      { id: ids[1], position: 0 },
      { id: ids[2], position: 1 },
    ];
    expect((await api.patch(`items/${item.id}/containers/positions`, { ...as(), body: { containers: batch } })).body.containers).toEqual(
      batch,
    );
    const before = await snapshot();
    expect((await api.patch(`containers/${ids[1]}`, { ...as(), body: { container: { price: "free" } } })).status).toBe(422);
    expect((await api.patch(`items/${item.id}/containers/positions`, { ...as(), body: { containers: [batch[0]] } })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe("include_legacy", () => {
  it("falls back to custom records with the same id, in the consolidated shape", async () => {
    const database = await db();
    // Custom ids far above any consolidated id, so what answers is the fallback (custom menus share the
    // menus' sequence and never have a menu's id; the other custom records still count on their own).
    for (const table of ["custom_sections", "custom_items", "custom_containers"]) {
      await database.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), 500000)`));
    }
    const [wine] = await database.select().from(customItemTypes);
    const [customMenu] = await database
      .insert(customMenus)
      .values({ locationId: location, name: "Old Wine List", position: 1 })
      .returning();
    const [section] = await database.insert(customSections).values({ customMenuId: customMenu!.id, position: 0, name: "Reds" }).returning();
    const [item] = await database
      .insert(customItems)
      .values({ customSectionId: section!.id, position: 0, name: "Rioja", customItemTypeId: wine!.id })
      .returning();
    const [container] = await database
      .insert(customContainers)
      .values({ customItemId: item!.id, position: 0, name: "Glass", price: "9.00" })
      .returning();
    const ids = { menu: customMenu!.id, section: section!.id, item: item!.id, container: container!.id };

    const get = (url: string) => api.get(url, { as: owner.ro });
    expect((await get(`menus/${ids.menu}`)).status).toBe(404);
    expect((await get(`menus/${ids.menu}?include_legacy=true`)).body.menu).toMatchObject({
      id: ids.menu,
      name: "Old Wine List",
      legacy: true,
      uuid: null,
    });
    const full = (await get(`menus/${ids.menu}?include_legacy=true&full=true`)).body.menu;
    expect(full.sections[0]).toMatchObject({ id: ids.section, name: "Reds", legacy: true });
    expect(full.sections[0].items[0]).toMatchObject({ id: ids.item, name: "Rioja", style: "Wine", legacy: true });
    expect(full.sections[0].items[0].containers[0]).toMatchObject({ id: ids.container, price: "9.00", currency: "USD", legacy: true });
    expect((await get(`menus/${ids.menu}/sections?include_legacy=true`)).body.sections).toHaveLength(1);
    expect((await get(`sections/${ids.section}?include_legacy=true`)).body.section.legacy).toBe(true);
    expect((await get(`sections/${ids.section}/items?include_legacy=true`)).body.items[0].name).toBe("Rioja");
    expect((await get(`items/${ids.item}?include_legacy=true`)).body.item.legacy).toBe(true);
    expect((await get(`items/${ids.item}/containers?include_legacy=true`)).body.containers[0].name).toBe("Glass");
    expect((await get(`containers/${ids.container}?include_legacy=true`)).body.container.legacy).toBe(true);
    for (const url of [`sections/${ids.section}`, `items/${ids.item}`, `containers/${ids.container}`])
      expect((await get(url)).status).toBe(404);

    // Beside the consolidated key, the custom key in the custom family's own shape, as its own routes answer it.
    const own = (url: string) => get(url).then((r) => r.body);
    expect((await get(`menus/${ids.menu}?include_legacy=true`)).body.custom_menu).toEqual(
      (await own(`custom_menus/${ids.menu}`)).custom_menu,
    );
    const fullBoth = (await get(`menus/${ids.menu}?include_legacy=true&full=true`)).body;
    expect(fullBoth.custom_menu).toEqual((await own(`custom_menus/${ids.menu}?full=true`)).custom_menu);
    expect(fullBoth.custom_menu.custom_sections[0].custom_items[0].custom_containers[0]).toMatchObject({
      id: ids.container,
      name: "Glass",
    });
    for (const [path, key] of [
      [`sections/${ids.section}`, "section"],
      [`items/${ids.item}`, "item"],
      [`containers/${ids.container}`, "container"],
    ] as const) {
      const both = (await get(`${path}?include_legacy=true`)).body;
      expect(Object.keys(both), path).toEqual([key, `custom_${key}`]);
      expect(both[`custom_${key}`]).toEqual((await own(`custom_${path}`))[`custom_${key}`]);
    }
    // A consolidated record found by include_legacy answers its own key only.
    const consolidated = (await get(`locations/${location}/menus`)).body.menus[0];
    expect(Object.keys((await get(`menus/${consolidated.id}?include_legacy=true`)).body)).toEqual(["menu"]);

    const listed = (await get(`locations/${location}/menus?include_legacy=true`)).body.menus;
    expect(listed.filter((m: { legacy?: boolean }) => m.legacy).map((m: { id: number }) => m.id)).toContain(ids.menu);
    expect((await get(`locations/${location}/menus`)).body.menus.some((m: { legacy?: boolean }) => m.legacy)).toBe(false);
  });

  it("prefers a menu that replaced the custom menu, and 404s when nothing matches", async () => {
    const database = await db();
    const [customMenu] = await database.insert(customMenus).values({ locationId: location, name: "Replaced", position: 2 }).returning();
    const menu = (await api.post(`locations/${location}/menus`, { ...as(), body: { menu: { name: "Successor" } } })).body.menu;
    await database.update(menus).set({ legacyMenuId: customMenu!.id }).where(eq(menus.id, menu.id));
    const found = await api.get(`menus/${customMenu!.id}?include_legacy=true`, { as: owner.ro });
    expect(found.body.menu).toMatchObject({ id: menu.id, name: "Successor" });
    expect(found.body.menu.legacy).toBeUndefined();
    expect((await api.get("menus/999999?include_legacy=true", { as: owner.ro })).status).toBe(404);
  });
});
