import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { items, locations, sections, menus, taps } from "@/lib/db/schema";
import { previewMenu } from "@/lib/menus/preview";

// Issue 49 row 4 (decision 080): one tap number. The number on the Taps page is the number the board, the
// phone, the TV and the API say for the item on that tap; items on no tap keep their own.

let owner: Account;
let locationId: number;
let businessId: number;
const rw = () => ({ as: owner.rw });

type Built = { menuId: number; sectionId: number; rusty: number; harbor: number; stout: number };

async function build(name: string): Promise<Built> {
  const menu = (await api.post(`locations/${locationId}/menus`, { ...rw(), body: { menu: { name } } })).body.menu;
  const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Draft" } } })).body.section;
  const add = async (item: string, tap_number?: string) =>
    (await api.post(`sections/${section.id}/items`, { ...rw(), body: { item: { name: item, tap_number } } })).body.item.id as number;
  return {
    menuId: menu.id,
    sectionId: section.id,
    rusty: await add("Rusty Current"),
    harbor: await add("Harbor Haze", "9"),
    stout: await add("Stout", "3"),
  };
}

/** What a guest's board says for each item: the preview data (the board's, the TV's and the phone's tree). */
async function boardNumbers(menuId: number) {
  const preview = await previewMenu(await db(), { id: menuId, viewerBusinessId: businessId });
  return Object.fromEntries(preview!.menu.sections.flatMap((section) => section.items.map((item) => [item.name, item.tap_number])));
}
const itemNumber = async (id: number) => (await api.get(`items/${id}`, { as: owner.ro })).body.item.tap_number as string | null;
const version = async (menuId: number) => (await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version as number;

beforeAll(async () => {
  owner = await login("owner");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  const [row] = await (await db()).select().from(locations).where(eq(locations.id, locationId));
  businessId = row!.businessId;
});

describe("one tap number", () => {
  it("the demo's Taps page holds the taps its boards number, each pouring the item that says its number", async () => {
    const database = await db();
    const tapped = await database
      .select({ location: taps.locationId, number: taps.number, item: items.tapNumber, menuLocation: menus.locationId })
      .from(taps)
      .innerJoin(items, eq(items.id, taps.itemId))
      .innerJoin(sections, eq(sections.id, items.sectionId))
      .innerJoin(menus, eq(menus.id, sections.menuId));
    expect(tapped.length).toBeGreaterThan(0);
    for (const row of tapped) {
      expect(row.item).toBe(String(row.number));
      expect(row.menuLocation).toBe(row.location);
    }
    // Every numbered item of the demo's menus is on the tap of its number at its location.
    const numbered = await database
      .select({ location: menus.locationId, number: items.tapNumber })
      .from(items)
      .innerJoin(sections, eq(sections.id, items.sectionId))
      .innerJoin(menus, eq(menus.id, sections.menuId));
    const onTaps = new Set(tapped.map((row) => `${row.location}:${row.number}`));
    for (const row of numbered.filter((row) => row.number !== null)) expect(onTaps.has(`${row.location}:${row.number}`)).toBe(true);
  });

  it("an item put on tap 2 says #2 on the board at once (one version); renumbering or moving the tap carries its items along", async () => {
    const { menuId, rusty, harbor, stout } = await build("Tap numbers");
    const before = await version(menuId);
    const tap = await api.post(`locations/${locationId}/taps`, { ...rw(), body: { tap: { number: 52, item_id: rusty } } });
    expect(tap.status).toBe(201);
    expect(await version(menuId)).toBe(before + 1);
    expect(await boardNumbers(menuId)).toEqual({ "Rusty Current": "52", "Harbor Haze": "9", Stout: "3" });
    expect(await itemNumber(rusty)).toBe("52");

    // The tap renumbered: its item follows.
    expect((await api.patch(`taps/${tap.body.tap.id}`, { ...rw(), body: { tap: { number: 53 } } })).status).toBe(200);
    expect(await boardNumbers(menuId)).toMatchObject({ "Rusty Current": "53" });
    // Another beer on the tap: it takes the number, the one that left says none (it pours from no line).
    expect((await api.patch(`taps/${tap.body.tap.id}`, { ...rw(), body: { tap: { item_id: harbor } } })).status).toBe(200);
    expect(await boardNumbers(menuId)).toEqual({ "Rusty Current": null, "Harbor Haze": "53", Stout: "3" });
    // A name change alone touches no item and no version.
    const named = await version(menuId);
    expect((await api.patch(`taps/${tap.body.tap.id}`, { ...rw(), body: { tap: { name: "Left bar" } } })).status).toBe(200);
    expect(await version(menuId)).toBe(named);
    // Deleted: its item keeps no number that no tap has.
    expect((await api.delete(`taps/${tap.body.tap.id}`, rw())).status).toBe(200);
    expect(await boardNumbers(menuId)).toEqual({ "Rusty Current": null, "Harbor Haze": null, Stout: "3" });
    expect(await itemNumber(stout)).toBe("3");
  });

  it("an item on a tap refuses another number (422, nothing changed); items on no tap keep their own; renumbering leaves tapped items be", async () => {
    const { menuId, sectionId, rusty, harbor, stout } = await build("Tap numbers 2");
    const tap = (await api.post(`locations/${locationId}/taps`, { ...rw(), body: { tap: { number: 54, item_id: harbor } } })).body.tap;
    const before = await snapshot();
    const refused = await api.patch(`items/${harbor}`, { ...rw(), body: { item: { tap_number: "7", custom_name: "Renamed" } } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ path: "item.tap_number", message: "is tap 54's number: change it on the Taps page" });
    expect(await snapshot()).toEqual(before);
    // Saying the tap's own number again is no change of number.
    expect((await api.patch(`items/${harbor}`, { ...rw(), body: { item: { tap_number: "54" } } })).status).toBe(200);
    expect((await api.patch(`items/${stout}`, { ...rw(), body: { item: { tap_number: "12" } } })).status).toBe(200);

    const renumbered = await api.post(`sections/${sectionId}/items/tap_numbers`, { ...rw(), body: {} });
    expect(renumbered.status).toBe(200);
    expect(await boardNumbers(menuId)).toEqual({ "Rusty Current": "1", "Harbor Haze": "54", Stout: "3" });
    expect(await itemNumber(rusty)).toBe("1");
    expect(tap.number).toBe(54);
  });

  it("a kick puts the on-deck beer under the tap's own number", async () => {
    const { menuId, rusty, stout } = await build("Tap numbers 3");
    const tap = (
      await api.post(`locations/${locationId}/taps`, { ...rw(), body: { tap: { number: 55, item_id: rusty, on_deck: [stout] } } })
    ).body.tap;
    expect((await api.post(`taps/${tap.id}/kick`, rw())).status).toBe(200);
    expect(await boardNumbers(menuId)).toMatchObject({ Stout: "55" });
    expect(businessId).toBeGreaterThan(0);
  });
});
