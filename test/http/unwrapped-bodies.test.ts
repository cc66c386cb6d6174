import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { resourceKeyOf } from "@/lib/http/body";
import { useBeerCatalogue } from "@/lib/beer-platform/catalogue";
import * as customMenuSchemas from "@/lib/custom-menus/schemas/custom-menus";
import * as eventSchemas from "@/lib/events/schemas";
import * as hourSchemas from "@/lib/hours/schemas";
import * as menuSchemas from "@/lib/menus/schemas/menus";
import * as sessionSchemas from "@/lib/auth/schemas/sessions";

// contract §3 (amended): a write body without its resource key is that resource's fields; when both
// forms are present the wrapped one wins. Done once, in the wrapper, from the body schema's shape.

let owner: Account;
let location: number;
beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
});
afterEach(() => useBeerCatalogue(undefined));

const rw = () => ({ as: owner.rw });

describe("the resource key of a body schema", () => {
  it("is found for every {resource: {…}} body and for no other", () => {
    const keys = Object.fromEntries(
      Object.entries({ ...menuSchemas, ...customMenuSchemas, ...eventSchemas, ...hourSchemas, ...sessionSchemas })
        .filter(([name]) => name.endsWith("Body"))
        .map(([name, schema]) => [name, resourceKeyOf(schema as never)]),
    );
    expect(keys).toMatchObject({
      createMenuBody: "menu",
      updateMenuBody: "menu",
      createSectionBody: "section",
      updateSectionBody: "section",
      createItemBody: "item",
      updateItemBody: "item",
      moveItemBody: "item",
      createContainerBody: "container",
      updateContainerBody: "container",
      createCustomMenuBody: "custom_menu",
      createCustomItemBody: "custom_item",
      moveCustomItemBody: "custom_item",
      createEventBody: "event",
      updateEventBody: "event",
      updateHoursBody: undefined,
      createSessionBody: undefined,
    });
  });
});

describe("writes without the resource key", () => {
  it("create and change menus, sections, items, containers and events as the wrapped form does", async () => {
    const menu = await api.post(`locations/${location}/menus`, { ...rw(), body: { name: "Unwrapped", description: "no key" } });
    expect(menu.status).toBe(201);
    expect(menu.body.menu).toMatchObject({ name: "Unwrapped", description: "no key" });
    const renamed = await api.patch(`menus/${menu.body.menu.id}`, { ...rw(), body: { name: "Renamed" } });
    expect(renamed.body.menu.name).toBe("Renamed");

    const section = (await api.post(`menus/${menu.body.menu.id}/sections`, { ...rw(), body: { name: "Taps" } })).body.section;
    expect(section.name).toBe("Taps");
    const item = await api.post(`sections/${section.id}/items`, { ...rw(), body: { name: "House Lemonade", tap_number: "4" } });
    expect(item.status).toBe(201);
    expect(item.body.item).toMatchObject({ name: "House Lemonade", tap_number: "4", section_id: section.id });
    const sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes;
    const container = await api.post(`items/${item.body.item.id}/containers`, {
      ...rw(),
      body: { container_size_id: sizes[0].id, price: "5.5" },
    });
    expect(container.status).toBe(201);
    expect(container.body.container.price).toBe("5.50");

    const event = await api.post(`locations/${location}/events`, {
      ...rw(),
      body: { name: "Cask Night", description: "", start_time_date: "2027-07-04", start_time_time: "20:00" },
    });
    expect(event.status).toBe(201);
    expect(event.body.event.name).toBe("Cask Night");
  });

  it("add a catalogue beer from {untappd_id} alone", async () => {
    useBeerCatalogue({
      async getBeer(id) {
        return id === 4242
          ? {
              untappdId: 4242,
              name: "Unwrapped IPA",
              brewery: "Key Brewing",
              breweryId: 9,
              breweryLocation: null,
              style: "IPA",
              description: "",
              abv: "6.0",
              ibu: null,
              labelImage: null,
              labelImageHd: null,
              slug: "key-ipa",
              inProduction: true,
              rating: null,
              calories: null,
            }
          : null;
      },
      async searchBeers() {
        return { beers: [], near: [] };
      },
    });
    const menu = (await api.post(`locations/${location}/menus`, { ...rw(), body: { menu: { name: "Beers" } } })).body.menu;
    const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: {} })).body.section;
    const added = await api.post(`sections/${section.id}/items`, { ...rw(), body: { untappd_id: 4242 } });
    expect(added.status).toBe(201);
    expect(added.body.item).toMatchObject({ untappd_id: 4242, name: "Unwrapped IPA", brewery: "Key Brewing" });
  });

  it("take the wrapped form when both are present, and refuse a bad unwrapped body with the resource's paths", async () => {
    const menu = (await api.post(`locations/${location}/menus`, { ...rw(), body: { menu: { name: "Both" } } })).body.menu;
    const both = await api.patch(`menus/${menu.id}`, { ...rw(), body: { menu: { name: "Wrapped wins" }, name: "Unwrapped loses" } });
    expect(both.body.menu.name).toBe("Wrapped wins");

    const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: {} })).body.section;
    const before = await snapshot();
    const bad = await api.post(`sections/${section.id}/items`, { ...rw(), body: { tap_number: "4" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(["item.name"]);
    expect(await snapshot()).toEqual(before);
    for (const body of [[{ name: "x" }], "name", 7]) {
      expect((await api.post(`sections/${section.id}/items`, { ...rw(), body })).status).toBe(422);
    }
    expect(await snapshot()).toEqual(before);
  });
});
