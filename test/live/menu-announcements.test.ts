import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";

// GET /locations/:id/menu_announcements (issue 31 row 15, decision 052): an endpoint of the venue service
// we stand in for, answered from the change feed: the changes of the menus guests can see now, newest
// first, in the feed's words.

let owner: Account;
let rival: Account;
let locationId: number;
let menu: any;

const announcements = async (query = "", as = owner.ro) => api.get(`locations/${locationId}/menu_announcements${query}`, { as });

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  const menus = (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus;
  menu = (await api.get(`menus/${menus.find((m: any) => !m.unpublished).id}?full=true`, { as: owner.ro })).body.menu;
});

describe("GET /locations/:id/menu_announcements", () => {
  it("announces a change to a published menu first, in the feed's words, with the feed's id", async () => {
    const container = menu.sections[0].items[0].containers[0];
    expect((await api.patch(`containers/${container.id}`, { as: owner.rw, body: { container: { price: "11.75" } } })).status).toBe(200);
    const answer = await announcements();
    expect(answer.status).toBe(200);
    const [latest] = answer.body.menu_announcements;
    const changes = (await api.get(`locations/${locationId}/changes?limit=500`, { as: owner.ro })).body.changes;
    const change = changes.find((c: any) => c.id === latest.id);
    expect(latest).toEqual({
      id: change.id,
      location_id: locationId,
      menu_id: menu.id,
      menu_name: menu.name,
      type: "menu.updated",
      message: change.summary,
      version: (await api.get(`menus/${menu.id}`, { as: owner.ro })).body.menu.version,
      created_at: change.at,
    });
    expect(latest.message).toMatch(/→ 11\.75$/);
    const ids = answer.body.menu_announcements.map((a: any) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.length).toBeLessThanOrEqual(25);
  });

  it("leaves out menus guests cannot see: a draft until it is published, a deleted one", async () => {
    const draft = (await api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name: "Late Night" } } })).body.menu;
    await api.post(`menus/${draft.id}/sections`, { as: owner.rw, body: { section: { name: "Snacks" } } });
    const menusIn = async () => new Set((await announcements("?limit=100")).body.menu_announcements.map((a: any) => a.menu_id));
    expect((await menusIn()).has(draft.id)).toBe(false);
    await api.post(`menus/${draft.id}/publish`, { as: owner.rw });
    const [published] = (await announcements()).body.menu_announcements;
    expect(published).toMatchObject({ menu_id: draft.id, menu_name: "Late Night", type: "menu.published" });
    expect((await api.delete(`menus/${draft.id}`, { as: owner.rw })).status).toBe(200);
    expect((await menusIn()).has(draft.id)).toBe(false);
  });

  it("pages back with before = the last id of a page, each announcement once", async () => {
    const container = menu.sections[0].items[0].containers[0];
    for (const price of ["5.00", "5.50", "6.00", "6.50"]) {
      await api.patch(`containers/${container.id}`, { as: owner.rw, body: { container: { price } } });
    }
    const all = (await announcements("?limit=6")).body.menu_announcements.map((a: any) => a.id);
    expect(all).toHaveLength(6);
    const first = (await announcements("?limit=3")).body.menu_announcements.map((a: any) => a.id);
    const second = (await announcements(`?limit=3&before=${first.at(-1)}`)).body.menu_announcements.map((a: any) => a.id);
    expect([...first, ...second]).toEqual(all);
  });

  it("refuses a limit or before out of range with 422, another business's location with 404, no credentials with 401", async () => {
    for (const query of ["?limit=0", "?limit=101", "?limit=ten", "?before=0", "?before=abc"]) {
      const answer = await announcements(query);
      expect(answer.status, query).toBe(422);
      expect(answer.body.code).toBe("validation_failed");
    }
    expect((await announcements("", rival.ro)).status).toBe(404);
    expect((await api.get(`locations/${locationId}/menu_announcements`)).status).toBe(401);
  });

  it("leaves out what guests cannot see of a published menu: a hidden section's rename, its items and prices", async () => {
    const hidden = (
      await api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: "Staff picks", public: false } } })
    ).body.section;
    const item = (await api.post(`sections/${hidden.id}/items`, { as: owner.rw, body: { item: { name: "Secret Stout" } } })).body.item;
    expect(item).toBeDefined();
    const before = (await announcements()).body.menu_announcements[0].id;
    expect((await api.patch(`sections/${hidden.id}`, { as: owner.rw, body: { section: { name: "Owner's reserve" } } })).status).toBe(200);
    expect((await api.patch(`items/${item.id}`, { as: owner.rw, body: { item: { name: "Reserve Stout" } } })).status).toBe(200);
    const after = (await announcements()).body.menu_announcements;
    expect(after[0].id).toBe(before);
    expect(JSON.stringify(after)).not.toMatch(/reserve|Secret Stout|Staff picks/i);
    // Shown to guests, the section is news again.
    expect((await api.patch(`sections/${hidden.id}`, { as: owner.rw, body: { section: { public: true } } })).status).toBe(200);
    expect((await announcements()).body.menu_announcements[0].id).toBeGreaterThan(before);
  });
});
