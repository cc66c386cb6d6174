import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/accounts";
import { issuePairingCode } from "@/lib/boards/records";
import { locations } from "@/lib/db/schema";
import { MAX_IMPACT_MENUS, MAX_UNPRICED_NAMED } from "@/lib/menus/schemas/publishing";
import { type Account, api, type Credentials, db, login } from "../api";

// GET /locations/:id/menus/publish_impact (decision 078): what publishing or unpublishing menus changes
// for guests, read by the dashboard before it asks. Each menu named, with the items guests would see with
// no price (on-deck beers and hidden sections aside) and the paired TVs set to show it; every draft of the
// location when no ids are given. Another business's (or another location's) menu is 404 like a missing
// one; staff read it, and staff may still publish a draft that was never live (the decision).

let owner: Account;
let rival: Account;
let staff: { rw: Credentials; ro: Credentials };
let downtown: number;
let harbor: number;
let sizeId: number;
const rw = () => ({ as: owner.rw });

async function created<T>(answer: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

async function menu(locationId: number, name: string) {
  return (await created(api.post(`locations/${locationId}/menus`, { ...rw(), body: { menu: { name } } }))).menu as { id: number };
}

async function section(menuId: number, name: string, fields: Record<string, unknown> = {}) {
  return (await created(api.post(`menus/${menuId}/sections`, { ...rw(), body: { section: { name, ...fields } } }))).section as {
    id: number;
  };
}

/** An item in the section, with a price unless `price` is null. */
async function item(sectionId: number, name: string, price: string | null = "6.00") {
  const { item } = (await created(api.post(`sections/${sectionId}/items`, { ...rw(), body: { item: { name } } }))) as {
    item: { id: number; name: string };
  };
  if (price !== null)
    await created(api.post(`items/${item.id}/containers`, { ...rw(), body: { container: { container_size_id: sizeId, price } } }));
  return item;
}

async function pair(name: string, menuId: number) {
  const { code } = await issuePairingCode(await db(), { secret: null });
  return (await created(api.post(`locations/${downtown}/boards`, { ...rw(), body: { code, name, menu_id: menuId } }))).board as {
    id: number;
  };
}

const impact = (locationId: number, ids?: number[], as: Credentials = owner.ro) =>
  api.get(`locations/${locationId}/menus/publish_impact${ids ? `?menu_ids=${ids.join(",")}` : ""}`, { as });

let halfBuilt: { id: number };
let cocktails: { id: number };
let strong: { id: number; name: string };
let taps: { id: number };
let seeded: { id: number; name: string };

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  const database = await db();
  const mine = await database.select().from(locations).where(eq(locations.businessId, 1));
  downtown = mine.find((location) => location.name === "Demo Taproom Downtown")!.id;
  harbor = mine.find((location) => location.name === "Demo Taproom Harbor")!.id;
  const { tokens } = await createUser(database, {
    businessId: 1,
    email: "bartender@demo.test",
    name: "Bea Bartender",
    password: "a long passphrase",
    role: "staff",
    locationIds: [downtown],
  });
  staff = { rw: { email: "bartender@demo.test", token: tokens.token }, ro: { email: "bartender@demo.test", token: tokens.readOnlyToken } };
  sizeId = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes[0].id;
  seeded = (await api.get(`locations/${downtown}/menus`, { as: owner.ro })).body.menus.find(
    (m: { unpublished: boolean }) => !m.unpublished,
  );

  // The owner's half-built menu: a strong beer with no price yet, a priced one, a hidden section's
  // unpriced item and an on-deck beer (guests see neither with a price, by design).
  halfBuilt = await menu(downtown, "Half-built");
  taps = await section(halfBuilt.id, "Taps");
  strong = await item(taps.id, "Quad 11.2%", null);
  await item(taps.id, "Pils");
  const hidden = await section(halfBuilt.id, "Staff only", { public: false });
  await item(hidden.id, "Staff shandy", null);
  const onDeck = (await api.get(`menus/${halfBuilt.id}?full=true`, { as: owner.ro })).body.menu.on_deck_section as { id: number };
  await item(onDeck.id, "Coming soon IPA", null);
  cocktails = await menu(downtown, "Cocktails");
  await item((await section(cocktails.id, "Classics")).id, "Negroni");

  await pair("Patio TV", halfBuilt.id);
  await pair("Bar TV", halfBuilt.id);
  await pair("Window TV", seeded.id);
});

describe("the publish impact of a location's menus", () => {
  it("without ids: every draft, in menu order, naming the unpriced items and the TVs set to show each", async () => {
    const answer = await impact(downtown);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const drafts = (await api.get(`locations/${downtown}/menus`, { as: owner.ro })).body.menus.filter(
      (m: { unpublished: boolean }) => m.unpublished,
    );
    expect(answer.body.menus.map((m: { id: number }) => m.id)).toEqual(drafts.map((m: { id: number }) => m.id));
    const byId = new Map(answer.body.menus.map((m: { id: number }) => [m.id, m]));
    expect(byId.get(halfBuilt.id)).toEqual({
      id: halfBuilt.id,
      name: "Half-built",
      unpublished: true,
      unpriced_items: [{ id: strong.id, name: "Quad 11.2%", section_name: "Taps" }],
      unpriced_item_count: 1,
      boards: [
        { id: expect.any(Number), name: "Bar TV" },
        { id: expect.any(Number), name: "Patio TV" },
      ],
    });
    expect(byId.get(cocktails.id)).toEqual({
      id: cocktails.id,
      name: "Cocktails",
      unpublished: true,
      unpriced_items: [],
      unpriced_item_count: 0,
      boards: [],
    });
    expect(byId.has(seeded.id)).toBe(false);
  });

  it("with ids: those menus, published or not; a price added takes an item off the list", async () => {
    const answer = await impact(downtown, [seeded.id, halfBuilt.id]);
    expect(answer.status).toBe(200);
    const [first, second] = answer.body.menus;
    expect(first).toMatchObject({ id: seeded.id, unpublished: false, boards: [{ name: "Window TV" }] });
    expect(second).toMatchObject({ id: halfBuilt.id, unpriced_item_count: 1 });

    const { container } = await created(
      api.post(`items/${strong.id}/containers`, { ...rw(), body: { container: { container_size_id: sizeId, price: "9.50" } } }),
    );
    expect((await impact(downtown, [halfBuilt.id])).body.menus[0]).toMatchObject({ unpriced_items: [], unpriced_item_count: 0 });
    await created(api.delete(`containers/${container.id}`, rw()));
    expect((await impact(downtown, [halfBuilt.id])).body.menus[0].unpriced_items).toEqual([
      { id: strong.id, name: "Quad 11.2%", section_name: "Taps" },
    ]);
  });

  it(`names at most ${MAX_UNPRICED_NAMED} unpriced items of a menu and counts them all`, async () => {
    const long = await menu(downtown, "Long list");
    const list = await section(long.id, "Cans");
    const names: string[] = [];
    for (let n = 1; n <= MAX_UNPRICED_NAMED + 2; n++) names.push((await item(list.id, `Can ${n}`, null)).name);
    const [answer] = (await impact(downtown, [long.id])).body.menus;
    expect(answer.unpriced_item_count).toBe(MAX_UNPRICED_NAMED + 2);
    expect(answer.unpriced_items.map((i: { name: string }) => i.name)).toEqual(names.slice(0, MAX_UNPRICED_NAMED));
    await created(api.delete(`menus/${long.id}`, rw()));
  });

  it("answers another business's menu, another location's menu or a missing one 404, even beside the caller's own", async () => {
    const theirLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
    const theirMenu = (await api.get(`locations/${theirLocation}/menus`, { as: rival.ro })).body.menus[0].id;
    const harborMenu = await menu(harbor, "Harbor drafts");
    for (const ids of [[theirMenu], [halfBuilt.id, theirMenu], [harborMenu.id], [2_000_000_000]]) {
      const answer = await impact(downtown, ids);
      expect(answer.status, JSON.stringify(ids)).toBe(404);
      expect(answer.body.code).toBe("not_found");
    }
    // The rival cannot read this location at all, nor the owner theirs.
    expect((await impact(downtown, undefined, rival.ro)).status).toBe(404);
    expect((await impact(theirLocation, [theirMenu])).status).toBe(404);
  });

  it("refuses a malformed or too long id list with a 422 on menu_ids", async () => {
    const tooMany = Array.from({ length: MAX_IMPACT_MENUS + 1 }, (_, n) => n + 1).join(",");
    for (const query of ["abc", "1,,2", "0", "-3", "1.5", "", tooMany]) {
      const answer = await api.get(`locations/${downtown}/menus/publish_impact?menu_ids=${query}`, { as: owner.ro });
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors[0].path, query).toContain("menu_ids");
    }
    // The same id twice is one menu.
    const twice = await impact(downtown, [halfBuilt.id, halfBuilt.id]);
    expect(twice.status).toBe(200);
    expect(twice.body.menus).toHaveLength(1);
  });
});

describe("staff (decision 078)", () => {
  it("read the impact with either token, and may publish a draft that was never live", async () => {
    for (const token of [staff.rw, staff.ro]) {
      const answer = await impact(downtown, [cocktails.id], token);
      expect(answer.status).toBe(200);
      expect(answer.body.menus[0]).toMatchObject({ id: cocktails.id, unpublished: true });
    }
    const published = await api.post(`menus/${cocktails.id}/publish`, { as: staff.rw });
    expect(published.status).toBe(200);
    expect(published.body.menu.unpublished).toBe(false);
    expect((await impact(downtown, [cocktails.id], staff.ro)).body.menus[0].unpublished).toBe(false);
    // Published menus are no longer drafts: the list without ids leaves it out.
    expect((await impact(downtown)).body.menus.map((m: { id: number }) => m.id)).not.toContain(cocktails.id);
  });
});
