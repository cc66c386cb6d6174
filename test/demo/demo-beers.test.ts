import { count, eq, inArray, like, or } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api, db, login, type Account } from "../api";
import { useBeerCatalogue, v4Catalogue } from "@/lib/beer-platform/catalogue";
import type { CatalogueBeer } from "@/lib/menus/catalogue";
import { locations, menus, rateLimits, v4Cache } from "@/lib/db/schema";
import { seedMenus } from "@/lib/demo/menus";
import { sandboxBeers, sandboxBreweries, sandboxUsers } from "@/sandbox/schema";

// The demo menus' beers are the sandbox catalogue's beers (issue 14: typed readers written for the
// service we replace crash on an item without untappd ids): each item carries the ids, label, rating
// and the other catalogue fields, exactly as if a manager had added it by untappd_id; only what the
// catalogue does not hold (wine, cocktails, food) stays name-only.

type Item = Record<string, unknown> & { id: number; name: string; untappd_id: number | null; tap_number: string | null };
type Tree = { id: number; sections: { id: number; name: string; items: Item[] }[]; on_deck_section: { id: number; items: Item[] } };

let owner: Account;
let rival: Account;

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
});
afterEach(() => {
  useBeerCatalogue(undefined);
  vi.unstubAllGlobals();
});

const total = async (table: PgTable) => ((await (await db()).select({ n: count() }).from(table)) as [{ n: number }])[0].n;
/** Budget counters and cached answers of the beer platform: what a catalogue call leaves behind. */
const platformTraces = async () => {
  const database = await db();
  const budgets = await database
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(or(like(rateLimits.key, "v4:%"), like(rateLimits.key, "sandbox:%")));
  return { budgets, cached: await total(v4Cache) };
};

/** Every demo location of a demo account with its published "Beer List", read as integrations read it. */
async function demoTrees(account: Account) {
  const found: { locationId: number; tree: Tree }[] = [];
  for (const location of (await api.get("locations", { as: account.ro })).body.locations as { id: number }[]) {
    const list = (await api.get(`locations/${location.id}/menus`, { as: account.ro })).body.menus as { id: number; name: string }[];
    const menu = list.find((m) => m.name === "Beer List")!;
    const response = await api.get(`menus/${menu.id}?full=true`, { as: account.ro });
    expect(response.status).toBe(200);
    found.push({ locationId: location.id, tree: response.body.menu });
  }
  return found;
}
const itemsOf = (tree: Tree) => [...tree.sections.flatMap((s) => s.items), ...tree.on_deck_section.items];

/** An item's catalogue fields next to the catalogue's own answer (decimals compared as numbers). */
function catalogueFields(item: Item) {
  const number = (value: unknown) => (value === null ? null : Number(value));
  return {
    untappdId: item.untappd_id,
    name: item.original_name,
    brewery: item.original_brewery,
    breweryId: item.untappd_brewery_id,
    breweryLocation: item.brewery_location,
    style: item.original_style,
    description: item.original_description,
    abv: number(item.original_abv),
    ibu: number(item.original_ibu),
    labelImage: item.label_image,
    labelImageHd: item.label_image_hd,
    slug: item.untappd_beer_slug,
    inProduction: item.in_production,
    rating: number(item.rating),
    calories: number(item.original_calories),
  };
}
const asCatalogue = (beer: CatalogueBeer) => ({
  ...beer,
  abv: beer.abv === null ? null : Number(beer.abv),
  ibu: beer.ibu === null ? null : Number(beer.ibu),
  rating: beer.rating === null ? null : Number(Number(beer.rating).toFixed(2)),
});

describe("the demo menus' beers", () => {
  it("were seeded without a catalogue call: the sandbox is not seeded yet and no budget or cache entry exists", async () => {
    // This runs first in the file: the database holds the demo seed and the two logins, nothing else.
    expect(await total(sandboxUsers)).toBe(0);
    expect(await total(sandboxBeers)).toBe(0);
    expect(await platformTraces()).toEqual({ budgets: [], cached: 0 });
    const trees = await demoTrees(owner);
    expect(itemsOf(trees[0]!.tree).every((item) => item.untappd_id !== null)).toBe(true);
  });

  it("are all catalogue beers with untappd ids, brewery ids, labels and ratings, on every demo location", async () => {
    const trees = [...(await demoTrees(owner)), ...(await demoTrees(rival))];
    expect(trees).toHaveLength(3);
    for (const { tree } of trees) {
      expect(tree.sections.map((s) => s.name)).toEqual(["On Tap", "Cans & Bottles"]);
      const items = itemsOf(tree);
      expect(items.map((i) => i.name)).toEqual([
        "Harbor Haze",
        "Copper Line Lager",
        "Night Shift Stout",
        "Sunday Saison",
        "West Pier Pale",
        "Gose Almighty",
        "Double Vision",
        "Porch Pils",
        "Cider House Rules",
        "Winter Warmer",
      ]);
      for (const item of items) {
        expect(item, item.name).toMatchObject({
          untappd_id: expect.any(Number),
          untappd_brewery_id: expect.any(Number),
          untappd_beer_slug: expect.stringMatching(/^[a-z0-9-]+$/),
          brewery: expect.any(String),
          brewery_location: expect.any(String),
          style: expect.any(String),
          // The app's own drawing (issue 49: the demo works offline), never another host.
          label_image: expect.stringMatching(/^\/sandbox\/labels\/beer\/\d+\.svg$/),
          label_image_hd: expect.stringMatching(/^\/sandbox\/labels\/beer\/\d+-hd\.svg$/),
          rating: expect.stringMatching(/^\d\.\d\d$/),
          custom_name: null,
          custom_brewery: null,
        });
        // Nothing overridden: the plain fields are the catalogue's.
        expect(item.name).toBe(item.original_name);
      }
      expect(new Set(items.map((i) => i.untappd_id)).size).toBe(items.length);
    }
    // The same beer is the same catalogue record at every location.
    const ids = trees.map(({ tree }) => itemsOf(tree).map((i) => [i.name, i.untappd_id, i.untappd_brewery_id]));
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
  });

  it("resolve through the catalogue seam to the same beer, brewery, label and every field the catalogue provides", async () => {
    const { locationId, tree } = (await demoTrees(owner))[0]!;
    const [location] = await (await db()).select().from(locations).where(eq(locations.id, locationId));
    for (const item of itemsOf(tree)) {
      const beer = await v4Catalogue.getBeer(item.untappd_id!, { businessId: location!.businessId });
      expect(beer, item.name).not.toBeNull();
      expect(catalogueFields(item)).toEqual(asCatalogue(beer!));
    }
    // The sandbox's own tables hold each beer under its brewery.
    const database = await db();
    const rows = await database
      .select({ id: sandboxBeers.id, name: sandboxBeers.name, breweryId: sandboxBreweries.id, brewery: sandboxBreweries.name })
      .from(sandboxBeers)
      .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
      .where(
        inArray(
          sandboxBeers.id,
          itemsOf(tree).map((i) => i.untappd_id!),
        ),
      );
    expect(rows.map((row) => [row.id, row.name, row.breweryId, row.brewery]).sort()).toEqual(
      itemsOf(tree)
        .map((i) => [i.untappd_id, i.name, i.untappd_brewery_id, i.brewery])
        .sort(),
    );
  });

  it("are what a manager gets by adding the same untappd_id, field for field", async () => {
    const { locationId, tree } = (await demoTrees(owner))[0]!;
    const menu = (await api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name: "Same beers" } } })).body.menu;
    const section = (await api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: "Taps" } } })).body.section;
    const own = ({ id, section_id, position, created_at, updated_at, containers, ...rest }: Item) => rest;
    for (const item of itemsOf(tree)) {
      const added = await api.post(`sections/${section.id}/items`, {
        as: owner.rw,
        body: { item: { untappd_id: item.untappd_id, tap_number: item.tap_number } },
      });
      expect(added.status, item.name).toBe(201);
      expect(own(added.body.item)).toEqual(own(item));
    }
  });

  it("are found by the catalogue search the add-item dialog runs, under the same id", async () => {
    const { tree } = (await demoTrees(owner))[0]!;
    for (const item of tree.sections[0]!.items.slice(0, 3)) {
      const response = await api.get(`items/search?q=${encodeURIComponent(item.name)}`, { as: owner.ro });
      expect(response.status).toBe(200);
      const hits = response.body.items.filter((hit: Item) => hit.name === item.name);
      expect(hits.map((hit: Item) => [hit.untappd_id, hit.brewery, hit.label_image])).toEqual([
        [item.untappd_id, item.brewery, item.label_image],
      ]);
    }
  });

  it("are seeded from the sandbox's seed in-process: no catalogue in use, no network, no budget, no sandbox rows", async () => {
    const database = await db();
    const [location] = await database.select().from(locations).where(eq(locations.name, "Rival Brewpub"));
    const before = (await demoTrees(rival))[0]!.tree;
    await database.delete(menus).where(eq(menus.locationId, location!.id));
    const refuse = async () => {
      throw new Error("the demo seed must not call the catalogue in use");
    };
    useBeerCatalogue({ getBeer: refuse, searchBeers: refuse });
    vi.stubGlobal("fetch", refuse);
    const traces = await platformTraces();
    const sandboxRows = [await total(sandboxBeers), await total(sandboxBreweries)];
    await seedMenus(database, location!);
    expect(await platformTraces()).toEqual(traces);
    expect([await total(sandboxBeers), await total(sandboxBreweries)]).toEqual(sandboxRows);
    const after = (await demoTrees(rival))[0]!.tree;
    const fields = (tree: Tree) => itemsOf(tree).map(({ id, section_id, created_at, updated_at, containers, ...rest }) => rest);
    expect(fields(after)).toEqual(fields(before));
  });
});

describe("the demo's wine, cocktails and food", () => {
  it("stay name-only: no catalogue fields in the custom shape, null ones in the consolidated and migrated shapes", async () => {
    const [locationId] = (await api.get("locations", { as: rival.ro })).body.locations.map((l: { id: number }) => l.id);
    const custom = (await api.get(`locations/${locationId}/custom_menus`, { as: rival.ro })).body.custom_menus[0];
    const full = (await api.get(`custom_menus/${custom.id}?full=true`, { as: rival.ro })).body.custom_menu;
    const customItems = full.custom_sections.flatMap((s: { custom_items: Record<string, unknown>[] }) => s.custom_items);
    expect(customItems.map((i: { type: string }) => i.type)).toEqual(["wine", "wine", "cocktail", "food", "food"]);
    for (const item of customItems) expect(Object.keys(item).filter((key) => /untappd|brewery|label|rating/.test(key))).toEqual([]);

    const nameOnly = {
      untappd_id: null,
      untappd_brewery_id: null,
      untappd_beer_slug: null,
      brewery: null,
      brewery_location: null,
      label_image: null,
      label_image_hd: null,
      rating: null,
    };
    const legacy = (await api.get(`menus/${custom.id}?full=true&include_legacy=true`, { as: rival.ro })).body.menu;
    const legacyItems = legacy.sections.flatMap((s: { items: Item[] }) => s.items);
    expect(legacyItems).toHaveLength(5);
    for (const item of legacyItems) expect(item).toMatchObject({ ...nameOnly, legacy: true });

    const migrated = await api.post(`locations/${locationId}/custom_menus/migrate`, { as: rival.rw });
    expect(migrated.status).toBe(200);
    const menu = migrated.body.menus.find((m: { legacy_menu_id: number }) => m.legacy_menu_id === custom.id);
    const tree = (await api.get(`menus/${menu.id}?full=true`, { as: rival.ro })).body.menu;
    const items = tree.sections.flatMap((s: { items: Item[] }) => s.items);
    expect(items.map((i: Item) => i.name)).toEqual(customItems.map((i: { name: string }) => i.name));
    for (const item of items) expect(item).toMatchObject(nameOnly);
  });
});
