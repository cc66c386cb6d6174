import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api, db, login, type Account } from "../api";
import { fullMenu } from "@/lib/menus/full-menu";
import { previewMenu } from "@/lib/menus/preview";
import { resetEnvForTests } from "@/lib/server/env";

// venue-operations §7 through the v1 API: schedules on menus and sections, happy-hour prices on
// containers, stored and validated; full=true answers what is in force now or at `?at=`, with
// `include_unavailable` for editors; the tag changes at a boundary and only there.

let owner: Account;
let location: { id: number; time_zone: string };
let pint: number;

const rw = () => ({ as: owner.rw });
// A Friday in New York (EST, UTC-5): 15:59, 16:00, 17:30 and 18:00 on the venue's clock.
const FRI_1559 = "2026-11-27T15:59:00-05:00";
const FRI_1600 = "2026-11-27T16:00:00-05:00";
const FRI_1730 = "2026-11-27T17:30:00-05:00";
const FRI_1800 = "2026-11-27T18:00:00-05:00";
const HAPPY_HOUR = { days: ["mon", "tue", "wed", "thu", "fri"], start: "16:00", end: "18:00", price: "5.00" };

async function menuWithHappyHour() {
  const menu = (await api.post(`locations/${location.id}/menus`, { ...rw(), body: { menu: { name: "Schedules" } } })).body.menu;
  const taps = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Taps" } } })).body.section;
  const brunch = (
    await api.post(`menus/${menu.id}/sections`, {
      ...rw(),
      body: { section: { name: "Brunch", schedule: { windows: [{ days: ["sat", "sun"], start: "10:00", end: "14:00" }] } } },
    })
  ).body.section;
  const item = (await api.post(`sections/${taps.id}/items`, { ...rw(), body: { item: { name: "House Lager" } } })).body.item;
  const created = await api.post(`items/${item.id}/containers`, {
    ...rw(),
    body: { container: { container_size_id: pint, price: "7.50", time_prices: [HAPPY_HOUR] } },
  });
  expect(created.status).toBe(201);
  return { menu, taps, brunch, item, container: created.body.container };
}

const full = (menuId: number, at: string, extra = "") =>
  api.get(`menus/${menuId}?full=true&at=${encodeURIComponent(at)}${extra}`, { as: owner.ro });

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0];
  expect(location.time_zone).toBe("America/New_York");
  const sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes as { id: number; name: string }[];
  pint = sizes.find((size) => size.name === "Pint")?.id ?? sizes[0]!.id;
});

describe("stored and validated", () => {
  it("keeps a section's schedule and a container's happy hour as sent, in week order; clears them with null", async () => {
    const { brunch, container, taps } = await menuWithHappyHour();
    expect(taps).not.toHaveProperty("schedule"); // none: on always, answered as before
    expect(brunch.schedule).toEqual({ windows: [{ days: ["sat", "sun"], start: "10:00", end: "14:00" }] });
    expect(container.time_prices).toEqual([HAPPY_HOUR]);
    const read = (await api.get(`containers/${container.id}`, { as: owner.ro })).body.container;
    expect(read.time_prices).toEqual([HAPPY_HOUR]);
    expect(read.price).toBe("7.50");
    const cleared = await api.put(`containers/${container.id}`, { ...rw(), body: { container: { time_prices: null } } });
    expect(cleared.body.container).not.toHaveProperty("time_prices");
    const open = await api.put(`sections/${brunch.id}`, { ...rw(), body: { section: { schedule: null } } });
    expect(open.body.section).not.toHaveProperty("schedule");
  });

  it("refuses overlapping happy hours, naming both, and changes nothing", async () => {
    const { container } = await menuWithHappyHour();
    const refused = await api.put(`containers/${container.id}`, {
      ...rw(),
      body: { container: { time_prices: [HAPPY_HOUR, { days: ["fri"], start: "17:00", end: "19:00", price: "6.00" }] } },
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain("Fri 17:00–19:00 overlaps time_prices[0] (Mon–Fri 16:00–18:00)");
    expect((await api.get(`containers/${container.id}`, { as: owner.ro })).body.container.time_prices).toEqual([HAPPY_HOUR]);
  });

  it("refuses a bad schedule with a clear error", async () => {
    const { menu } = await menuWithHappyHour();
    for (const schedule of [
      { windows: [] },
      { windows: [{ days: ["someday"], start: "10:00", end: "11:00" }] },
      { windows: [{ days: ["mon"], start: "25:00", end: "11:00" }] },
      { windows: [{ days: ["mon"], start: "10:00", end: "11:00" }], from: "2026-12-02", until: "2026-12-01" },
    ]) {
      const refused = await api.put(`menus/${menu.id}`, { ...rw(), body: { menu: { schedule } } });
      expect(refused.status, JSON.stringify(schedule)).toBe(422);
    }
    expect((await api.get(`menus/${menu.id}`, { as: owner.ro })).body.menu).not.toHaveProperty("schedule");
  });
});

describe("full=true answers what is in force", () => {
  it("the happy-hour price from 16:00 to 18:00, with the regular price and its end", async () => {
    const { menu } = await menuWithHappyHour();
    const priceAt = async (at: string) => (await full(menu.id, at)).body.menu.sections[0].items[0].containers[0];
    expect(await priceAt(FRI_1559)).toMatchObject({ price: "7.50", regular_price: "7.50", price_until: null });
    expect(await priceAt(FRI_1600)).toMatchObject({ price: "5.00", regular_price: "7.50", price_until: "2026-11-27T23:00:00.000Z" });
    expect(await priceAt(FRI_1800)).toMatchObject({ price: "7.50", price_until: null });
  });

  it("leaves a section out of its window, and keeps it marked for editors", async () => {
    const { menu } = await menuWithHappyHour();
    const friday = (await full(menu.id, FRI_1600)).body.menu;
    expect(friday.sections.map((section: { name: string }) => section.name)).toEqual(["Taps"]);
    const editors = (await full(menu.id, FRI_1600, "&include_unavailable=true")).body.menu;
    // Only what has a schedule says whether it is on: a section without one is on always.
    expect(editors.sections.map((section: { name: string; available_now?: boolean }) => [section.name, section.available_now])).toEqual([
      ["Taps", undefined],
      ["Brunch", false],
    ]);
    expect(editors.sections[1].next_change_at).toBe("2026-11-28T15:00:00.000Z"); // Saturday 10:00 EST
    const saturday = (await full(menu.id, "2026-11-28T11:00:00-05:00")).body.menu;
    expect(saturday.sections.map((section: { name: string }) => section.name)).toEqual(["Taps", "Brunch"]);
  });

  it("a menu out of its window answers with no sections and says when it comes on", async () => {
    const { menu } = await menuWithHappyHour();
    await api.put(`menus/${menu.id}`, {
      ...rw(),
      body: { menu: { schedule: { windows: [{ days: ["fri", "sat"], start: "22:00", end: "02:00" }] } } },
    });
    const before = (await full(menu.id, FRI_1600)).body.menu;
    expect(before).toMatchObject({ available_now: false, next_change_at: "2026-11-28T03:00:00.000Z", sections: [], on_deck_section: null });
    const late = (await full(menu.id, "2026-11-28T01:30:00-05:00")).body.menu; // Friday's window, past midnight
    expect(late).toMatchObject({ available_now: true, next_change_at: "2026-11-28T07:00:00.000Z" });
    expect(late.sections.length).toBeGreaterThan(0);
  });

  it("the tag differs across a boundary and stays equal inside a window", async () => {
    const { menu } = await menuWithHappyHour();
    const tag = async (at: string) => (await full(menu.id, at)).headers.get("etag");
    const [before, start, inside, end] = [await tag(FRI_1559), await tag(FRI_1600), await tag(FRI_1730), await tag(FRI_1800)];
    expect(start).toBe(inside);
    expect(before).not.toBe(start);
    expect(end).not.toBe(inside);
  });

  it("keeps the schedules' state worked out at the clock's instants, never at an `at` asked for", async () => {
    const { menu } = await menuWithHappyHour();
    const scope = { businessId: (await api.get("current_user", { as: owner.ro })).body.current_user.business_id, id: menu.id };
    const clock = () => Date.parse(FRI_1559);
    const first = await fullMenu(await db(), scope, {}, clock);
    const kept = first.head.timedState;
    expect(kept).toMatchObject({ from: Date.parse(FRI_1559), until: Date.parse(FRI_1600) });
    const later = await fullMenu(await db(), scope, { at: Date.parse(FRI_1730) }, clock);
    expect(later.tag).not.toBe(first.tag);
    expect(later.head.timedState).toBe(kept);
    expect((await fullMenu(await db(), scope, {}, clock)).tag).toBe(first.tag);
  });

  it("the board leaves out what is off and says when the next window turns, a hidden section's too", async () => {
    const { menu } = await menuWithHappyHour();
    const businessId = (await api.get("current_user", { as: owner.ro })).body.current_user.business_id;
    const friday = await previewMenu(await db(), { id: menu.id, viewerBusinessId: businessId, at: new Date(FRI_1800) });
    expect(friday!.menu.sections.map((section) => section.name)).toEqual(["Taps"]);
    expect(friday!.changes_at).toBe("2026-11-28T15:00:00.000Z"); // Saturday 10:00 EST: Brunch comes on
    const happy = await previewMenu(await db(), { id: menu.id, viewerBusinessId: businessId, at: new Date(FRI_1730) });
    expect(happy!.changes_at).toBe("2026-11-27T23:00:00.000Z"); // 18:00: the happy hour ends
    expect(happy!.menu.sections[0]!.items[0]!.containers[0]!.price).toBe("5.00");
  });

  it("refuses an `at` that is not an instant", async () => {
    const { menu } = await menuWithHappyHour();
    const refused = await api.get(`menus/${menu.id}?full=true&at=friday`, { as: owner.ro });
    expect(refused.status).toBe(422);
  });
});

describe("the board's data at 15:59:58 and at 16:00", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  const price = (body: { menu: { sections: { items: { containers: { price: string }[] }[] }[] } }) =>
    body.menu.sections[0]!.items[0]!.containers[0]!.price;

  it("answers the regular price naming 16:00 as its next change, then the happy-hour price; `at` that is no instant is 422", async () => {
    const { menu } = await menuWithHappyHour();
    expect((await api.post(`menus/${menu.id}/publish`, rw())).status).toBe(200);
    const data = (at: string) => api.get(`/preview/menus/${menu.id}/data?at=${encodeURIComponent(at)}`);
    const before = await data("2026-11-27T15:59:58-05:00");
    expect(before.status).toBe(200);
    expect(price(before.body)).toBe("7.50");
    expect(before.body.changes_at).toBe("2026-11-27T21:00:00.000Z");
    const after = await data(FRI_1600);
    expect(price(after.body)).toBe("5.00");
    expect(after.body.changes_at).toBe("2026-11-27T23:00:00.000Z");
    expect((await api.get(`/preview/menus/${menu.id}/data?at=16:00`)).status).toBe(422);
  });

  it("reads X-Test-Now as its clock only under TEST_CLOCK_HEADER (the e2e suite's injected clock)", async () => {
    const { menu } = await menuWithHappyHour();
    expect((await api.post(`menus/${menu.id}/publish`, rw())).status).toBe(200);
    const at = (now: string) => api.get(`/preview/menus/${menu.id}/data`, { headers: { "x-test-now": now } });
    // Off (every real server): the header is nothing, the answer is for now.
    const real = await at(FRI_1600);
    expect(real.body.changes_at).not.toBe("2026-11-27T23:00:00.000Z");
    vi.stubEnv("TEST_CLOCK_HEADER", "1");
    resetEnvForTests();
    expect(price((await at("2026-11-27T15:59:58-05:00")).body)).toBe("7.50");
    expect(price((await at(FRI_1600)).body)).toBe("5.00");
    // Not a date: now, as without the header.
    expect((await at("teatime")).status).toBe(200);
  });
});
