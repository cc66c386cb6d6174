import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { menuViewCounts } from "@/lib/db/schema";
import { flushMenuViews } from "@/lib/insights/menu-views";

// Issue 49 row 9: the venue's own guest surfaces count menu views, each under its own source: the phone
// menu, the TV boards and the embed (by source on Insights); the embed's own refreshes after a change,
// a TV's reads after a change and staff looking at a board do not.

let owner: Account;
let locationId: number;
let menuId: number;

async function views() {
  const database = await db();
  await flushMenuViews(database);
  const rows = await database
    .select({ source: menuViewCounts.source, views: sql<number>`sum(${menuViewCounts.count})::int` })
    .from(menuViewCounts)
    .where(and(eq(menuViewCounts.locationId, locationId)))
    .groupBy(menuViewCounts.source);
  return Object.fromEntries(rows.map((row) => [row.source, row.views]));
}

/** What each source gained while `act` ran. */
async function gained(act: () => Promise<unknown>) {
  const before = await views();
  await act();
  const after = await views();
  return Object.fromEntries(
    Object.entries(after)
      .map(([source, count]) => [source, count - (before[source] ?? 0)])
      .filter(([, count]) => count !== 0),
  );
}

beforeAll(async () => {
  owner = await login("owner");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  const menu = (await api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name: "Counted" } } })).body.menu;
  expect((await api.post(`menus/${menu.id}/publish`, { as: owner.rw })).status).toBe(200);
  menuId = menu.id;
});

describe("menu views of the guest surfaces", () => {
  it("a phone menu opened counts under Phone menu, a 304 too", async () => {
    expect(
      await gained(async () => {
        const first = await api.get(`/m/${locationId}`);
        expect(first.status).toBe(200);
        const again = await api.get(`/m/${locationId}`, { headers: { "if-none-match": first.headers.get("etag")! } });
        expect(again.status).toBe(304);
      }),
    ).toEqual({ "Phone menu": 2 });
  });

  it("the embed opened counts under Website embed; its refresh after a change does not", async () => {
    expect(
      await gained(async () => {
        expect((await api.get(`/embed/menus/${menuId}`)).status).toBe(200);
        expect((await api.get(`/embed/menus/${menuId}`, { headers: { "x-taproom-follow": "1" } })).status).toBe(200);
      }),
    ).toEqual({ "Website embed": 1 });
  });

  it("a TV's first read of its menu counts under TV Board; its reads after a change do not; nor does a missing menu", async () => {
    expect(
      await gained(async () => {
        expect((await api.get(`/preview/menus/${menuId}/data?opened=1`)).status).toBe(200);
        expect((await api.get(`/preview/menus/${menuId}/data`)).status).toBe(200);
        expect((await api.get("/preview/menus/999999/data?opened=1")).status).toBe(404);
        expect((await api.get(`/m/999999`)).status).toBe(404);
      }),
    ).toEqual({ "TV Board": 1 });
  });

  it("Insights shows each source apart", async () => {
    const answer = await api.get(`locations/${locationId}/insights/menu_views_over_time?num_days=1`, { as: owner.ro });
    expect(answer.status).toBe(200);
    const sources = answer.body.menu_views[0].value.map((entry: { source: string }) => entry.source);
    expect(sources).toEqual(expect.arrayContaining(["Phone menu", "TV Board", "Website embed"]));
  });
});
