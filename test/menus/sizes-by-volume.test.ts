import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";

// Issue 49 row 8: an item's prices are in order of volume wherever guests read them (the tree the board,
// the TV and the API's full menu read, the phone menu), whatever order they were typed in.

let owner: Account;
let locationId: number;
let sizes: Map<string, number>;
const rw = () => ({ as: owner.rw });

beforeAll(async () => {
  owner = await login("owner");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  const listed = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes as { id: number; name: string }[];
  sizes = new Map(listed.map((size) => [size.name, size.id]));
});

describe("sizes by volume", () => {
  it("a Pint typed before its Half Pint and taster reads taster, half, pint everywhere", async () => {
    const menu = (await api.post(`locations/${locationId}/menus`, { ...rw(), body: { menu: { name: "By volume" } } })).body.menu;
    const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Draft" } } })).body.section;
    const item = (await api.post(`sections/${section.id}/items`, { ...rw(), body: { item: { name: "Order Ale" } } })).body.item;
    for (const [size, price] of [
      ["Pint", "7.00"],
      ["Half Pint", "4.00"],
      ["4 oz Taster", "2.50"],
    ] as const) {
      const added = await api.post(`items/${item.id}/containers`, {
        ...rw(),
        body: { container: { container_size_id: sizes.get(size), price } },
      });
      expect(added.status).toBe(201);
    }
    const order = ["4 oz Taster", "Half Pint", "Pint"];

    const tree = (await api.get(`menus/${menu.id}?full=true`, { as: owner.ro })).body.menu;
    const treeSizes = tree.sections[0].items[0].containers.map((c: { container_size: { name: string } }) => c.container_size.name);
    expect(treeSizes).toEqual(order);

    expect((await api.post(`menus/${menu.id}/publish`, rw())).status).toBe(200);
    // The board's data (the TV, the dashboard's preview) is the same tree.
    const board = (await api.get(`/preview/menus/${menu.id}/data`, { as: owner.ro })).body.menu;
    expect(board.sections[0].items[0].containers.map((c: { container_size: { name: string } }) => c.container_size.name)).toEqual(order);
    const phone = await api.get(`/m/${locationId}`);
    // This menu's part of the page (the location's other menus come before it).
    const page = new TextDecoder().decode(phone.bytes);
    const text = page.slice(page.indexOf(`id="menu-${menu.id}"`));
    const at = (name: string) => text.indexOf(`>${name} <b>`);
    expect(at("4 oz Taster")).toBeGreaterThan(0);
    expect(at("4 oz Taster")).toBeLessThan(at("Half Pint"));
    expect(at("Half Pint")).toBeLessThan(at("Pint"));
  });
});
