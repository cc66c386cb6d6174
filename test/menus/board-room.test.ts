import { beforeAll, describe, expect, it } from "vitest";
import { LABELLING } from "@/lib/shared/labels";
import { api, login, type Account } from "../api";

// What the board needs to shorten a brewery's place (decision 054): the venue's country by name, on
// the page's data and on GET /preview/menus/:id/data, which the answer's schema holds it to.

let owner: Account;

beforeAll(async () => {
  owner = await login("owner");
});

describe("GET /preview/menus/:id/data: the venue's country", () => {
  it("answers the location's country name beside its city and currency", async () => {
    const { locations } = (await api.get("locations", { as: owner.ro })).body as {
      locations: { id: number; country_name: string | null }[];
    };
    for (const location of locations.slice(0, 2)) {
      const menu = (await api.post(`locations/${location.id}/menus`, { as: owner.rw, body: { menu: { name: "Room board" } } })).body.menu;
      expect((await api.post(`menus/${menu.id}/publish`, { as: owner.rw })).status).toBe(200);
      const board = await api.get(`/preview/menus/${menu.id}/data`);
      expect(board.status).toBe(200);
      expect(board.body.location).toEqual({
        name: expect.any(String),
        city: expect.any(String),
        country_name: location.country_name,
        currency: expect.any(String),
        // How allergens are shown on the board (decision 084).
        labelling: expect.toBeOneOf([...LABELLING]),
        // The language the board's own words follow: the location's default here (decision 100).
        language: "en",
      });
    }
    expect(locations.slice(0, 2).map((location) => location.country_name)).toEqual(["United States", "Netherlands"]);
  });
});
