import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useBeerCatalogue } from "@/lib/beer-platform/catalogue";
import type { CatalogueBeer } from "@/lib/menus/catalogue";
import { catalogueLabels } from "@/lib/shared/labels";
import { api, login, type Account } from "../api";
import { snapshot } from "../snapshot";

// Allergens, dietary tags and calories on items and containers, and the location's labelling rule
// (venue-operations §13, decision 084): the v1 writes and reads.

let owner: Account;
let rival: Account;
let location: number;
let section: number;
let pint: number;

const beer = (untappdId: number, style: string): CatalogueBeer => ({
  untappdId,
  name: `Beer ${untappdId}`,
  brewery: "Catalogue Brewing",
  breweryId: 77,
  breweryLocation: "Portland, OR",
  style,
  description: null,
  abv: "5.0",
  ibu: null,
  labelImage: null,
  labelImageHd: null,
  slug: `beer-${untappdId}`,
  inProduction: true,
  rating: null,
  calories: null,
});
const catalogue = [
  beer(2001, "IPA - American"),
  beer(2002, "Gluten-Free"),
  beer(2003, "Cider - Dry"),
  beer(2004, "Non-Alcoholic Beer - Pale Ale"),
];
const fixtureCatalogue = {
  async getBeer(id: number) {
    return catalogue.find((b) => b.untappdId === id) ?? null;
  },
  async searchBeers() {
    return { beers: catalogue, near: [] };
  },
};
afterEach(() => useBeerCatalogue(undefined));

const as = () => ({ as: owner.rw });
const addItem = (item: Record<string, unknown>) => api.post(`sections/${section}/items`, { ...as(), body: { item } });

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  pint = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes[0].id;
  const menu = (await api.post(`locations/${location}/menus`, { ...as(), body: { menu: { name: "Labels" } } })).body.menu;
  section = (await api.post(`menus/${menu.id}/sections`, { ...as(), body: { section: { name: "Kitchen" } } })).body.section.id;
});

describe("allergens and dietary tags on items", () => {
  it("are written as given, each once in the list's own order, and read back everywhere an item is", async () => {
    const created = await addItem({
      name: "Pretzel",
      allergens: ["sesame", "gluten", "milk", "gluten"],
      dietary: ["vegetarian"],
      containers: [{ container_size_id: pint, price: "4.00" }],
    });
    expect(created.status).toBe(201);
    expect(created.body.item).toMatchObject({ allergens: ["gluten", "milk", "sesame"], dietary: ["vegetarian"] });
    const id = created.body.item.id;
    const patched = await api.patch(`items/${id}`, {
      ...as(),
      body: { item: { allergens: ["gluten"], dietary: ["vegan", "vegetarian"] } },
    });
    expect(patched.body.item).toMatchObject({ allergens: ["gluten"], dietary: ["vegan", "vegetarian"] });
    expect((await api.get(`items/${id}`, { as: owner.ro })).body.item).toMatchObject({ allergens: ["gluten"] });
    const full = (
      await api.get(`menus/${(await api.get(`sections/${section}`, { as: owner.ro })).body.section.menu_id}?full=true`, { as: owner.ro })
    ).body.menu;
    const item = full.sections[0].items.find((row: { id: number }) => row.id === id);
    expect(item).toMatchObject({ allergens: ["gluten"], dietary: ["vegan", "vegetarian"] });
    // Left out of a PATCH, they stay; an empty list clears them.
    expect((await api.patch(`items/${id}`, { ...as(), body: { item: { name: "Big Pretzel" } } })).body.item.allergens).toEqual(["gluten"]);
    expect((await api.patch(`items/${id}`, { ...as(), body: { item: { allergens: [] } } })).body.item.allergens).toEqual([]);
  });

  it("an item made without them has empty lists (none declared), and a container keeps its calories", async () => {
    const item = (await addItem({ name: "House Lemonade" })).body.item;
    expect(item).toMatchObject({ allergens: [], dietary: [] });
    const container = await api.post(`items/${item.id}/containers`, {
      ...as(),
      body: { container: { container_size_id: pint, price: "3.00", calories: 140 } },
    });
    expect(container.status).toBe(201);
    expect(container.body.container.calories).toBe(140);
  });

  it("refuses words outside the lists, and anything not a list, changing nothing", async () => {
    const item = (await addItem({ name: "Soup", allergens: ["celery"] })).body.item;
    const before = await snapshot();
    for (const bad of [
      { allergens: ["peanut"] },
      { allergens: "gluten" },
      { allergens: [1] },
      { dietary: ["keto"] },
      { dietary: null },
      { allergens: Array.from({ length: 15 }, () => "gluten") },
    ]) {
      const answer = await api.patch(`items/${item.id}`, { ...as(), body: { item: bad } });
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(JSON.stringify(answer.body.errors)).toContain(Object.keys(bad)[0]);
    }
    expect((await addItem({ name: "Bad", dietary: ["paleo"] })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("a catalogue beer starts with gluten unless its style says otherwise; the body's lists win", async () => {
    useBeerCatalogue(fixtureCatalogue);
    const ipa = (await addItem({ untappd_id: 2001 })).body.item;
    expect(ipa).toMatchObject({ allergens: ["gluten"], dietary: [] });
    const glutenFree = (await addItem({ untappd_id: 2002 })).body.item;
    expect(glutenFree).toMatchObject({ allergens: [], dietary: ["gluten_free"] });
    const cider = (await addItem({ untappd_id: 2003 })).body.item;
    expect(cider).toMatchObject({ allergens: [], dietary: [] });
    const na = (await addItem({ untappd_id: 2004 })).body.item;
    expect(na).toMatchObject({ allergens: ["gluten"], dietary: ["alcohol_free"] });
    const told = (await addItem({ untappd_id: 2001, allergens: ["gluten", "sulphites"], dietary: ["vegan"] })).body.item;
    expect(told).toMatchObject({ allergens: ["gluten", "sulphites"], dietary: ["vegan"] });
    // The catalogue search shows what a beer would start with.
    const search = (await api.get("items/search?q=beer", { as: owner.ro })).body.items;
    expect(search.map((row: { allergens: string[] }) => row.allergens)).toEqual([["gluten"], [], [], ["gluten"]]);
  });

  it("the style rule, written down", () => {
    expect(catalogueLabels(null)).toEqual({ allergens: ["gluten"], dietary: [] });
    expect(catalogueLabels("Stout - Oatmeal")).toEqual({ allergens: ["gluten"], dietary: [] });
    expect(catalogueLabels("Gluten-Reduced - IPA")).toEqual({ allergens: ["gluten"], dietary: [] });
    expect(catalogueLabels("Mead - Melomel")).toEqual({ allergens: [], dietary: [] });
    expect(catalogueLabels("Hard Seltzer")).toEqual({ allergens: [], dietary: [] });
    expect(catalogueLabels("Gluten Free")).toEqual({ allergens: [], dietary: ["gluten_free"] });
  });
});

describe("a location's labelling", () => {
  it("is none until set, and takes eu, uk, us or none", async () => {
    const spare = (
      await api.post("locations", { ...as(), body: { location: { name: "Labelled", time_zone: "Europe/London", currency: "GBP" } } })
    ).body.location;
    expect(spare.labelling).toBe("none");
    for (const labelling of ["uk", "eu", "us", "none"]) {
      const answer = await api.patch(`locations/${spare.id}`, { ...as(), body: { location: { labelling } } });
      expect(answer.status).toBe(200);
      expect(answer.body.location.labelling).toBe(labelling);
    }
    const made = await api.post("locations", {
      ...as(),
      body: { location: { name: "Made UK", time_zone: "Europe/London", currency: "GBP", labelling: "uk" } },
    });
    expect(made.body.location.labelling).toBe("uk");
    await api.delete(`locations/${spare.id}`, as());
    await api.delete(`locations/${made.body.location.id}`, as());
  });

  it("refuses anything else, and another business's location is 404", async () => {
    const before = await snapshot();
    for (const labelling of ["UK", "fr", 1, null]) {
      const answer = await api.patch(`locations/${location}`, { ...as(), body: { location: { labelling } } });
      expect(answer.status, String(labelling)).toBe(422);
      expect(JSON.stringify(answer.body.errors)).toContain("labelling");
    }
    expect((await api.patch(`locations/${location}`, { as: rival.rw, body: { location: { labelling: "eu" } } })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
