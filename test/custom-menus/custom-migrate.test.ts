import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { api, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { containerSizes, containers, customContainers, items, locations, menus, sections } from "@/lib/db/schema";
import { expectDeprecated, fullMenu, locationIds, seedMenu } from "../custom-fixtures";

let owner: Account;
let downtown: number;
let harbor: number;
type Tree = Awaited<ReturnType<typeof fullMenu>>;
let customTrees: Tree[];
let existingMenus: number;
let migrated: { id: number; legacy_menu_id: number; position: number; name: string }[];

const customMenusOf = async (location: number) => (await api.get(`locations/${location}/custom_menus`, { as: owner.ro })).body.custom_menus;

beforeAll(async () => {
  owner = await login("owner");
  [downtown, harbor] = (await locationIds(owner)) as [number, number];
  const seeded = await seedMenu(downtown);
  await api.post(`custom_menus/${seeded.id}/publish`, { as: owner.rw });
  await api.post(`locations/${downtown}/custom_menus`, { as: owner.rw, body: { custom_menu: { name: "Empty menu" } } });
  const odd = (
    await api.post(`locations/${downtown}/custom_menus`, {
      as: owner.rw,
      body: { custom_menu: { name: "Odds and ends", description: "misc" } },
    })
  ).body.custom_menu;
  await api.patch(`custom_menus/${odd.id}`, { as: owner.rw, body: { custom_menu: { footer: "Thanks" } } });
  const unnamed = (await api.post(`custom_menus/${odd.id}/custom_sections`, { as: owner.rw })).body.custom_section;
  await api.post(`custom_menus/${odd.id}/custom_sections`, { as: owner.rw, body: { custom_section: { name: "Empty section" } } });
  const item = (await api.post(`custom_sections/${unnamed.id}/custom_items`, { as: owner.rw, body: { custom_item: { type: "cocktail" } } }))
    .body.custom_item;
  for (const [name, price] of [
    ["GLASS OF WINE", 8],
    [null, "3.5"],
  ] as const) {
    await api.post(`custom_items/${item.id}/custom_containers`, { as: owner.rw, body: { custom_container: { name, price } } });
  }
  // Reorder so that position order differs from creation order.
  const listed = await customMenusOf(downtown);
  const reordered = [...listed].reverse().map((menu: { id: number }, position: number) => ({ id: menu.id, position }));
  await api.patch(`locations/${downtown}/custom_menus/positions`, { as: owner.rw, body: { custom_menus: reordered } });
  customTrees = [];
  for (const menu of await customMenusOf(downtown)) customTrees.push(await fullMenu(owner.ro, menu.id));
  existingMenus = (await (await db()).select().from(menus).where(eq(menus.locationId, downtown))).length;
});

describe("POST /locations/:id/custom_menus/migrate", () => {
  it("creates a menu per custom menu, in position order, after the location's menus", async () => {
    const response = await api.post(`locations/${downtown}/custom_menus/migrate`, { as: owner.rw });
    expect(response.status).toBe(200);
    expectDeprecated(response, `locations/${downtown}/menus`);
    migrated = response.body.menus;
    expect(migrated).toHaveLength(customTrees.length);
    migrated.forEach((menu, index) => {
      const source = customTrees[index];
      expect(menu).toEqual({
        id: expect.any(Number),
        location_id: downtown,
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: source.name,
        description: source.description,
        footer: source.footer,
        unpublished: source.unpublished,
        position: existingMenus + index,
        legacy_menu_id: source.id,
        source_id: null,
        version: 1,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      });
    });
    expect(migrated.find((menu) => menu.name === "Wine & Small Plates")).toMatchObject({ unpublished: false });
    expect(migrated.find((menu) => menu.name === "Empty menu")).toMatchObject({ unpublished: true });
    const positions = (await (await db()).select().from(menus).where(eq(menus.locationId, downtown)).orderBy(asc(menus.position))).map(
      (m) => m.position,
    );
    expect(positions).toEqual(positions.map((_, index) => index));
    const [location] = await (await db()).select().from(locations).where(eq(locations.id, downtown));
    expect(location!.customMenusMigratedAt).toBeInstanceOf(Date);
  });

  it("copies sections, items and containers in order, with an on-deck section first", async () => {
    const database = await db();
    const sizes = await database.select().from(containerSizes);
    const sizeId = (name: string | null) =>
      sizes.find((size) => name !== null && size.name.toLowerCase() === name.toLowerCase())?.id ?? null;
    for (const [index, menu] of migrated.entries()) {
      const source = customTrees[index];
      const copied = await database
        .select()
        .from(sections)
        .where(eq(sections.menuId, menu.id))
        .orderBy(asc(sections.type), asc(sections.position));
      const onDeck = copied.filter((section) => section.type === "OnDeckSection");
      expect(onDeck).toEqual([expect.objectContaining({ position: 0, name: "On Deck", public: false })]);
      const regular = copied.filter((section) => section.type === "Section");
      expect(regular.map((s) => [s.name, s.description, s.position, s.public])).toEqual(
        source.custom_sections.map((s: { name: string | null; description: string | null }, position: number) => [
          s.name ?? "",
          s.description,
          position,
          true,
        ]),
      );
      for (const [sectionIndex, section] of regular.entries()) {
        const sourceItems = source.custom_sections[sectionIndex].custom_items;
        const copiedItems = await database.select().from(items).where(eq(items.sectionId, section.id)).orderBy(asc(items.position));
        expect(
          copiedItems.map((item) => [item.originalName, item.originalDescription, item.originalStyle, item.untappdId, item.position]),
        ).toEqual(
          sourceItems.map((item: { name: string | null; description: string | null; type: string }, position: number) => [
            item.name ?? "",
            item.description,
            item.type.charAt(0).toUpperCase() + item.type.slice(1),
            null,
            position,
          ]),
        );
        for (const [itemIndex, item] of copiedItems.entries()) {
          const copiedContainers = await database
            .select()
            .from(containers)
            .where(eq(containers.itemId, item.id))
            .orderBy(asc(containers.position));
          expect(copiedContainers.map((c) => [c.name, c.price, c.position, c.containerSizeId])).toEqual(
            sourceItems[itemIndex].custom_containers.map((c: { name: string | null; price: string }, position: number) => [
              c.name,
              c.price,
              position,
              sizeId(c.name),
            ]),
          );
        }
      }
    }
    const wine = migrated.find((menu) => menu.name === "Wine & Small Plates")!;
    const wineContainers = await database
      .select({ name: containers.name, sizeId: containers.containerSizeId })
      .from(containers)
      .innerJoin(items, eq(items.id, containers.itemId))
      .innerJoin(sections, eq(sections.id, items.sectionId))
      .where(eq(sections.menuId, wine.id));
    expect(wineContainers.find((c) => c.name === "Glass of Wine")!.sizeId).toBe(sizeId("Glass of Wine"));
    expect(wineContainers.find((c) => c.name === "Plate")!.sizeId).toBeNull();
    const odd = migrated.find((menu) => menu.name === "Odds and ends")!;
    const oddContainers = await database
      .select({ name: containers.name, sizeId: containers.containerSizeId, price: containers.price })
      .from(containers)
      .innerJoin(items, eq(items.id, containers.itemId))
      .innerJoin(sections, eq(sections.id, items.sectionId))
      .where(eq(sections.menuId, odd.id))
      .orderBy(asc(containers.position));
    expect(oddContainers).toEqual([
      { name: "GLASS OF WINE", sizeId: sizeId("Glass of Wine"), price: "8.00" },
      { name: null, sizeId: null, price: "3.50" },
    ]);
  });

  it("migrates nothing the second time", async () => {
    const before = await snapshot();
    const response = await api.post(`locations/${downtown}/custom_menus/migrate`, { as: owner.rw });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ menus: [] });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for a location that is not the caller's", async () => {
    const rival = await login("rival");
    const before = await snapshot();
    const response = await api.post(`locations/${harbor}/custom_menus/migrate`, { as: rival.rw });
    expect(response.status).toBe(404);
    expectDeprecated(response, `locations/${harbor}/menus`);
    expect(await snapshot()).toEqual(before);
  });
});

describe("after migration", () => {
  it("refuses every write on the location's custom menus with 409 and changes nothing", async () => {
    const tree = customTrees.find((t) => t.name === "Wine & Small Plates");
    const [wines, snacks] = tree.custom_sections;
    const item = wines.custom_items[0];
    const container = item.custom_containers[0];
    const harborMenu = await seedMenu(harbor);
    const harborSection = (await fullMenu(owner.ro, harborMenu.id)).custom_sections[0];
    const ids = customTrees.map((t) => t.id);
    const writes: [string, string, unknown?][] = [
      ["post", `locations/${downtown}/custom_menus`, { custom_menu: { name: "Too late" } }],
      ["delete", `locations/${downtown}/custom_menus`, { ids: [tree.id] }],
      ["patch", `locations/${downtown}/custom_menus/positions`, { custom_menus: ids.map((id, position) => ({ id, position })) }],
      ["post", `locations/${downtown}/custom_menus/publish_all`],
      ["put", `custom_menus/${tree.id}`, { custom_menu: { name: "Too late" } }],
      ["patch", `custom_menus/${tree.id}`, { custom_menu: { footer: "Too late" } }],
      ["delete", `custom_menus/${tree.id}`],
      ["post", `custom_menus/${tree.id}/publish`],
      ["post", `custom_menus/${tree.id}/unpublish`],
      ["post", `custom_menus/${tree.id}/custom_sections`, { custom_section: { name: "Too late" } }],
      [
        "patch",
        `custom_menus/${tree.id}/custom_sections/positions`,
        {
          custom_sections: [
            { id: snacks.id, position: 0 },
            { id: wines.id, position: 1 },
          ],
        },
      ],
      ["put", `custom_sections/${wines.id}`, { custom_section: { name: "Too late" } }],
      ["patch", `custom_sections/${wines.id}`, { custom_section: { name: "Too late" } }],
      ["delete", `custom_sections/${wines.id}`],
      ["post", `custom_sections/${wines.id}/custom_items`, { custom_item: { name: "Too late", type: "wine" } }],
      [
        "patch",
        `custom_sections/${wines.id}/custom_items/positions`,
        { custom_items: [...wines.custom_items].reverse().map((i: { id: number }, position: number) => ({ id: i.id, position })) },
      ],
      ["put", `custom_items/${item.id}`, { custom_item: { name: "Too late" } }],
      ["patch", `custom_items/${item.id}`, { custom_item: { type: "food" } }],
      ["delete", `custom_items/${item.id}`],
      ["patch", `custom_items/${item.id}/move`, { custom_item: { custom_section_id: snacks.id } }],
      ["patch", `custom_items/${item.id}/move`, { custom_item: { custom_section_id: wines.id } }],
      ["patch", `custom_items/${item.id}/move`, { custom_item: { custom_section_id: harborSection.id } }],
      ["patch", `custom_items/${harborSection.custom_items[0].id}/move`, { custom_item: { custom_section_id: wines.id } }],
      ["post", `custom_items/${item.id}/custom_containers`, { custom_container: { price: 1 } }],
      ["put", `custom_containers/${container.id}`, { custom_container: { price: 1 } }],
      ["patch", `custom_containers/${container.id}`, { custom_container: { position: 1 } }],
      ["delete", `custom_containers/${container.id}`],
    ];
    const before = await snapshot();
    for (const [method, url, body] of writes) {
      const response = await api[method as "post"](url, { as: owner.rw, body });
      expect(response.status, `${method} ${url}`).toBe(409);
      expect(response.body.code).toBe("custom_menus_migrated");
      expect(response.headers.get("deprecation")).toBe("@1675209600");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("still answers every read", async () => {
    const tree = customTrees.find((t) => t.name === "Wine & Small Plates");
    const section = tree.custom_sections[0];
    const item = section.custom_items[0];
    expect((await customMenusOf(downtown)).map((m: { id: number }) => m.id)).toEqual(customTrees.map((t) => t.id));
    for (const source of customTrees) expect(await fullMenu(owner.ro, source.id)).toEqual(source);
    const reads = [
      `custom_menus/${tree.id}`,
      `custom_menus/${tree.id}/custom_sections`,
      `custom_sections/${section.id}`,
      `custom_sections/${section.id}/custom_items`,
      `custom_items/${item.id}`,
      `custom_items/${item.id}/custom_containers?build=true`,
      `custom_containers/${item.custom_containers[0].id}`,
      "custom_item_types",
    ];
    for (const url of reads) expect((await api.get(url, { as: owner.rw })).status, url).toBe(200);
  });

  it("leaves the business's other locations writable", async () => {
    const response = await api.post(`locations/${harbor}/custom_menus`, { as: owner.rw, body: { custom_menu: { name: "Still fine" } } });
    expect(response.status).toBe(201);
  });
});

describe("a migration racing with writes", () => {
  it("copies every write that committed before it and refuses every write after it", async () => {
    const [menu] = await customMenusOf(harbor);
    const section = (await fullMenu(owner.ro, menu.id)).custom_sections[0];
    const item = section.custom_items[0];
    // Writes start every 2 ms and the migration in the middle, so some land before it and some after.
    const later = <T>(ms: number, run: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));
    const writes = Array.from({ length: 12 }, (_, index) =>
      later(index * 2, () =>
        api.post(`custom_items/${item.id}/custom_containers`, {
          as: owner.rw,
          body: { custom_container: { name: `Race ${index}`, price: index } },
        }),
      ),
    );
    const migration = later(10, () => api.post(`locations/${harbor}/custom_menus/migrate`, { as: owner.rw }));
    const answers = await Promise.all([...writes, migration]);
    const migrationAnswer = answers.pop()!;
    expect(migrationAnswer.status).toBe(200);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);

    const database = await db();
    const saved = await database
      .select()
      .from(customContainers)
      .where(eq(customContainers.customItemId, item.id))
      .orderBy(asc(customContainers.position));
    expect(saved.filter((c) => c.name?.startsWith("Race")).length).toBe(answers.filter((answer) => answer.status === 201).length);
    const copiedMenu = migrationAnswer.body.menus.find((m: { legacy_menu_id: number }) => m.legacy_menu_id === menu.id);
    const [copiedSection] = await database
      .select()
      .from(sections)
      .where(and(eq(sections.menuId, copiedMenu.id), eq(sections.type, "Section"), eq(sections.position, section.position)));
    const [copiedItem] = await database
      .select()
      .from(items)
      .where(and(eq(items.sectionId, copiedSection!.id), eq(items.position, item.position)));
    const copied = await database.select().from(containers).where(eq(containers.itemId, copiedItem!.id)).orderBy(asc(containers.position));
    expect(copied.map((c) => [c.name, c.price])).toEqual(saved.map((c) => [c.name, c.price]));
  });
});
