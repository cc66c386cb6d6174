import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account, type ApiResponse } from "../api";
import { snapshot } from "../snapshot";
import { happyPriceOf } from "@/lib/schedules/bulk";

// Issue 49: happy-hour prices for a whole menu or section at once (venue-operations §7's time_prices),
// a percent or an amount off every price in it, or one price for all, through
// PUT /menus/:id/happy_hours and PUT /sections/:id/happy_hours. A refusal changes nothing.

let owner: Account;
let rival: Account;
let locationId: number;
let sizes: { id: number; name: string }[];

const rw = () => ({ as: owner.rw });
// A Friday in New York (EST): 17:00 is inside a 16:00–18:00 window, 19:00 is not.
const FRI_1700 = "2026-11-27T17:00:00-05:00";
const FRI_1900 = "2026-11-27T19:00:00-05:00";
const WINDOW = { days: ["mon", "tue", "wed", "thu", "fri"], start: "16:00", end: "18:00" };

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, String(JSON.stringify(answer.body)).slice(0, 600)).toBe(status);
  return answer.body;
}

/** A menu with two sections: Taps (two beers, two sizes each) and Bottles (one beer, one size). */
async function menu() {
  const created = (await ok(api.post(`locations/${locationId}/menus`, { ...rw(), body: { menu: { name: "Happy" } } }), 201)).menu;
  const section = async (name: string) =>
    (await ok(api.post(`menus/${created.id}/sections`, { ...rw(), body: { section: { name } } }), 201)).section;
  const taps = await section("Taps");
  const bottles = await section("Bottles");
  const item = (sectionId: number, name: string, prices: string[]) =>
    ok(
      api.post(`sections/${sectionId}/items`, {
        ...rw(),
        body: { item: { name, containers: prices.map((price, i) => ({ container_size_id: sizes[i]!.id, price })) } },
      }),
      201,
    );
  await item(taps.id, "House Lager", ["7.50", "4.00"]);
  await item(taps.id, "Porter", ["8.00", "4.50"]);
  await item(bottles.id, "Saison", ["9.99"]);
  return { menu: created, taps, bottles };
}

/** Every container's price in force at `at` and its time_prices, by item and size. */
async function pricesAt(menuId: number, at: string) {
  const tree = (await ok(api.get(`menus/${menuId}?full=true&at=${encodeURIComponent(at)}`, { as: owner.ro }))).menu;
  const out: Record<string, { price: string; time_prices: unknown }> = {};
  for (const section of tree.sections)
    for (const item of section.items)
      for (const container of item.containers)
        out[`${item.name} ${container.container_size.name}`] = { price: container.price, time_prices: container.time_prices ?? null };
  return out;
}

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations.find(
    (l: { time_zone: string }) => l.time_zone === "America/New_York",
  ).id;
  sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes;
});

describe("PUT /menus/:id/happy_hours", () => {
  it("puts the window on every price in the menu at a percent off each, rounded to the cent; null removes them", async () => {
    const { menu: m } = await menu();
    const answer = await ok(
      api.put(`menus/${m.id}/happy_hours`, { ...rw(), body: { happy_hours: { windows: [WINDOW], percent_off: 20 } } }),
    );
    expect(answer).toEqual({ happy_hours: { menu_id: m.id, section_id: null, prices_changed: 5 } });
    const during = await pricesAt(m.id, FRI_1700);
    expect(Object.fromEntries(Object.entries(during).map(([key, value]) => [key, value.price]))).toEqual({
      [`House Lager ${sizes[0]!.name}`]: "6.00",
      [`House Lager ${sizes[1]!.name}`]: "3.20",
      [`Porter ${sizes[0]!.name}`]: "6.40",
      [`Porter ${sizes[1]!.name}`]: "3.60",
      [`Saison ${sizes[0]!.name}`]: "7.99",
    });
    expect(during[`House Lager ${sizes[0]!.name}`]!.time_prices).toEqual([{ ...WINDOW, price: "6.00" }]);
    const after = await pricesAt(m.id, FRI_1900);
    expect(after[`House Lager ${sizes[0]!.name}`]!.price).toBe("7.50");

    expect(await ok(api.put(`menus/${m.id}/happy_hours`, { ...rw(), body: { happy_hours: null } }))).toEqual({
      happy_hours: { menu_id: m.id, section_id: null, prices_changed: 5 },
    });
    for (const value of Object.values(await pricesAt(m.id, FRI_1700))) expect(value.time_prices).toBeNull();
  });

  it("replaces each price's own happy hours and raises the menu's version once", async () => {
    const { menu: m } = await menu();
    const before = (await ok(api.get(`menus/${m.id}`, { as: owner.ro }))).menu.version;
    await ok(api.put(`menus/${m.id}/happy_hours`, { ...rw(), body: { happy_hours: { windows: [WINDOW], amount_off: "1" } } }));
    await ok(
      api.put(`menus/${m.id}/happy_hours`, {
        ...rw(),
        body: {
          happy_hours: {
            windows: [
              { days: ["sat"], start: "12:00", end: "14:00" },
              { days: ["sun"], start: "22:00", end: "02:00" },
            ],
            price: "3.50",
          },
        },
      }),
    );
    const prices = await pricesAt(m.id, FRI_1900);
    expect(prices[`Porter ${sizes[0]!.name}`]!.time_prices).toEqual([
      { days: ["sat"], start: "12:00", end: "14:00", price: "3.50" },
      { days: ["sun"], start: "22:00", end: "02:00", price: "3.50" },
    ]);
    expect((await ok(api.get(`menus/${m.id}`, { as: owner.ro }))).menu.version).toBe(before + 2);
  });
});

describe("PUT /sections/:id/happy_hours", () => {
  it("touches that section's prices alone", async () => {
    const { menu: m, bottles } = await menu();
    expect(
      await ok(
        api.put(`sections/${bottles.id}/happy_hours`, { ...rw(), body: { happy_hours: { windows: [WINDOW], amount_off: "2.00" } } }),
      ),
    ).toEqual({
      happy_hours: { menu_id: m.id, section_id: bottles.id, prices_changed: 1 },
    });
    const during = await pricesAt(m.id, FRI_1700);
    expect(during[`Saison ${sizes[0]!.name}`]!.price).toBe("7.99");
    expect(during[`House Lager ${sizes[0]!.name}`]).toEqual({ price: "7.50", time_prices: null });
  });
});

describe("refusals change nothing", () => {
  it("names the prices a rule would leave at nothing, or not below their regular price; checks the body; 404 for another business", async () => {
    const { menu: m, taps } = await menu();
    const before = await snapshot();
    const put = (body: unknown, path = `menus/${m.id}/happy_hours`) => api.put(path, { ...rw(), body });
    const problem = async (body: unknown, path?: string) => {
      const answer = await put(body, path);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return answer.body.errors as { path: string; message: string }[];
    };
    expect(await problem({ happy_hours: { windows: [WINDOW], amount_off: "4.50" } })).toEqual([
      {
        path: "happy_hours.amount_off",
        message: `leaves nothing (or no saving) of 2 prices: House Lager ${sizes[1]!.name} (4.00), Porter ${sizes[1]!.name} (4.50)`,
      },
    ]);
    expect((await problem({ happy_hours: { windows: [WINDOW], price: "7.60" } }, `sections/${taps.id}/happy_hours`))[0]!.message).toMatch(
      /^must be below each regular price and above 0; not below 3 prices: House Lager .* \(7\.50\), House Lager .* \(4\.00\), Porter .* \(4\.50\)$/,
    );
    expect((await problem({ happy_hours: { windows: [WINDOW] } }))[0]).toEqual({
      path: "happy_hours.percent_off",
      message: "give one of percent_off, amount_off or price",
    });
    expect((await problem({ happy_hours: { windows: [WINDOW], percent_off: 10, price: "3" } }))[0]!.message).toBe(
      "give only one of percent_off, price",
    );
    expect((await problem({ happy_hours: { windows: [WINDOW], percent_off: 100 } }))[0]!.path).toBe("happy_hours.percent_off");
    expect((await problem({ happy_hours: { windows: [], percent_off: 10 } }))[0]!.path).toBe("happy_hours.windows");
    expect((await problem({ happy_hours: { windows: Array(15).fill(WINDOW), percent_off: 10 } }))[0]!.message).toBe(
      "lists at most 14 windows",
    );
    expect(
      (await problem({ happy_hours: { windows: [WINDOW, { ...WINDOW, start: "17:00", end: "19:00" }], percent_off: 10 } }))[0]!.message,
    ).toMatch(/overlaps windows\[0\]/);
    expect((await problem({ happy_hours: { windows: [{ ...WINDOW, start: "25:00" }], percent_off: 10 } }))[0]!.path).toBe(
      "happy_hours.windows.0.start",
    );
    expect((await problem({ happy_hours: "at five" }))[0]!.path).toBe("happy_hours");
    expect(await snapshot()).toEqual(before);
    const empty = (await ok(api.post(`menus/${m.id}/sections`, { ...rw(), body: { section: { name: "Empty" } } }), 201)).section;
    const emptyBefore = await snapshot();
    expect((await problem({ happy_hours: { windows: [WINDOW], percent_off: 10 } }, `sections/${empty.id}/happy_hours`))[0]!.message).toBe(
      "this section has no prices yet: add sizes and prices to its items first",
    );
    expect(await snapshot()).toEqual(emptyBefore);
    expect((await api.put(`menus/${m.id}/happy_hours`, { as: rival.rw, body: { happy_hours: null } })).status).toBe(404);
    expect((await api.put(`menus/${m.id}/happy_hours`, { as: owner.ro, body: { happy_hours: null } })).status).toBe(403);
    expect((await api.put(`sections/${taps.id}/happy_hours`, { as: rival.rw, body: { happy_hours: null } })).status).toBe(404);
    expect((await api.put(`sections/${taps.id}/happy_hours`, { as: owner.ro, body: { happy_hours: null } })).status).toBe(403);
    expect(await snapshot()).toEqual(emptyBefore);
  });
});

describe("the rule (pure)", () => {
  it("works in whole cents and refuses what is not a saving above 0", () => {
    expect(happyPriceOf("7.50", { percent_off: 20 })).toBe("6.00");
    expect(happyPriceOf("4.99", { percent_off: 15 })).toBe("4.24");
    expect(happyPriceOf("0.01", { percent_off: 10 })).toBeNull();
    expect(happyPriceOf("5.00", { amount_off: "5.00" })).toBeNull();
    expect(happyPriceOf("5.00", { amount_off: "0.50" })).toBe("4.50");
    expect(happyPriceOf("5.00", { price: "5.00" })).toBeNull();
    expect(happyPriceOf("5.00", { price: "3.00" })).toBe("3.00");
  });
});
