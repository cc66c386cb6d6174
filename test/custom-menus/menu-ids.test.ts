import { beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { customMenus, menus } from "@/lib/db/schema";
import { locationIds } from "../custom-fixtures";

// Menus and custom menus share one id sequence (migration 0017, decision 052): `GET /menus/:id?include_legacy=true`
// answers the menu with the id first, so a custom menu is reachable that way only if no menu has its id
// (issue 31 row 12: the demo's custom menus had ids 1–3, the same as its menus).

let owner: Account;

beforeAll(async () => {
  owner = await login("owner");
});

const idsOf = async () => {
  const database = await db();
  const menuIds = (await database.select({ id: menus.id }).from(menus)).map((row) => row.id);
  const customIds = (await database.select({ id: customMenus.id }).from(customMenus)).map((row) => row.id);
  return { menuIds, customIds };
};

describe("menu and custom menu ids", () => {
  it("a fresh demo database has no custom menu with a menu's id", async () => {
    const { menuIds, customIds } = await idsOf();
    expect(customIds.length).toBeGreaterThanOrEqual(3);
    expect(customIds.filter((id) => menuIds.includes(id))).toEqual([]);
  });

  it("answers each demo custom menu at GET /menus/:id?full=true&include_legacy=true", async () => {
    for (const location of await locationIds(owner)) {
      const listed = (await api.get(`locations/${location}/custom_menus`, { as: owner.ro })).body.custom_menus;
      expect(listed.length).toBeGreaterThan(0);
      for (const custom of listed) {
        const own = (await api.get(`custom_menus/${custom.id}?full=true`, { as: owner.ro })).body.custom_menu;
        const answer = await api.get(`menus/${custom.id}?full=true&include_legacy=true`, { as: owner.ro });
        expect(answer.status).toBe(200);
        expect(answer.body.menu).toMatchObject({ id: custom.id, location_id: location, name: custom.name, legacy: true });
        expect(answer.body.custom_menu).toEqual(own);
        expect(answer.body.menu.sections.map((s: { name: string }) => s.name)).toEqual(
          own.custom_sections.map((s: { name: string }) => s.name),
        );
      }
    }
  });

  it("gives menus and custom menus created afterwards ids neither has", async () => {
    const [location] = await locationIds(owner);
    const made: { kind: string; id: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const menu = await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: `Menu ${round}` } } });
      const custom = await api.post(`locations/${location}/custom_menus`, {
        as: owner.rw,
        body: { custom_menu: { name: `Custom ${round}` } },
      });
      expect([menu.status, custom.status]).toEqual([201, 201]);
      made.push({ kind: "menu", id: menu.body.menu.id }, { kind: "custom", id: custom.body.custom_menu.id });
    }
    const { menuIds, customIds } = await idsOf();
    expect(customIds.filter((id) => menuIds.includes(id))).toEqual([]);
    expect(new Set(made.map((record) => record.id)).size).toBe(made.length);
    // The newest custom menu is the one the consolidated path answers.
    const last = made.at(-1)!;
    expect((await api.get(`menus/${last.id}?include_legacy=true`, { as: owner.ro })).body.custom_menu).toMatchObject({
      id: last.id,
      name: "Custom 2",
    });
  });
});
