import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { api, call, db, login, type Account } from "../api";
import { useTransport } from "@/lib/beer-platform/transport";
import { platformBeerSearches, platformBeers, rateLimits, v4Cache } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/server/env";
import { handleSandbox } from "@/sandbox/server";

// The add-item dialog's catalogue search (issue 38, rows 3 and 4) with the built-in sandbox as the
// platform, as the product runs offline. Every call that reaches the sandbox is counted here.

type Item = {
  untappd_id: number;
  name: string;
  brewery: string | null;
  style: string | null;
  abv: string | null;
  rating: string | null;
  label_image: string | null;
};

let owner: Account;
let section: number;
const calls: string[] = [];
const upstreamCalls = (path = "") => calls.filter((call) => call.startsWith(path)).length;

const HARBOR_HAZE = 100521; // the demo's beer (sandbox/seed/demo-beers.ts): Tidewater Brewing, IPA - New England / Hazy

beforeAll(async () => {
  owner = await login("owner");
  useTransport(async (request) => {
    calls.push(new URL(request.url).pathname.replace(/^\/sandbox/, ""));
    return handleSandbox(request);
  });
  const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  const menu = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Catalogue" } } })).body.menu;
  section = (await api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: "Taps" } } })).body.section.id;
});
afterAll(() => useTransport(undefined));
beforeEach(async () => {
  const database = await db();
  // Each test starts with nothing seen, nothing cached and the whole hour to spend.
  await database.delete(platformBeers);
  await database.delete(platformBeerSearches);
  await database.delete(v4Cache);
  await database.delete(rateLimits);
  calls.length = 0;
});
afterEach(() => {
  delete process.env.V4_HOURLY_LIMIT;
  resetEnvForTests();
});

const search = async (q: string) => {
  const response = await api.get(`items/search?${new URLSearchParams({ q, limit: "25" })}`, { as: owner.ro });
  return response as Omit<typeof response, "body"> & { body: { items: Item[]; did_you_mean: Item[] } };
};
const words = (item: Item) => `${item.name} ${item.brewery ?? ""} ${item.style ?? ""}`;
const add = (untappdId: number) => api.post(`sections/${section}/items`, { as: owner.rw, body: { item: { untappd_id: untappdId } } });
/** What the forwarder's 10-minute cache does once the minutes are over: its rows are gone. */
const cacheExpires = async () => (await db()).delete(v4Cache);
/** Spends the business's share of the hour (25 of 100 calls), as a 40-tap list did. */
const spendTheHour = async () => {
  process.env.V4_HOURLY_LIMIT = "4"; // the business's share: 1 call
  resetEnvForTests();
  await search("zzzz spends the one call");
};

describe("the catalogue search matches style, brewery and name, tolerant of spelling and spacing", () => {
  it("IPA: the IPAs, by their style", async () => {
    const { status, body } = await search("IPA");
    expect(status).toBe(200);
    expect(body.items).toHaveLength(25);
    for (const item of body.items) expect(words(item)).toMatch(/ipa/i);
    expect(body.items.filter((item) => item.style?.startsWith("IPA")).length).toBeGreaterThan(20);
  });

  it("sour: the sours, by their style", async () => {
    const { body } = await search("sour");
    expect(body.items.length).toBeGreaterThan(10);
    for (const item of body.items) expect(words(item)).toMatch(/sour/i);
    expect(body.items.filter((item) => item.style?.startsWith("Sour - ")).length).toBeGreaterThan(10);
  });

  it("harbour: Harbor, as the breweries and beers spell it", async () => {
    const { body } = await search("harbour");
    expect(body.items.length).toBeGreaterThan(10);
    for (const item of body.items) expect(`${item.name} ${item.brewery}`).toMatch(/harbor/i);
    expect((await search("harbour haze")).body.items[0]).toMatchObject({ untappd_id: HARBOR_HAZE, name: "Harbor Haze" });
  });

  it("nightshift: Night Shift, written apart", async () => {
    const { body } = await search("nightshift");
    expect(body.items.map((item) => [item.name, item.brewery])).toEqual([["Night Shift Stout", "Foundry Lane Brewery"]]);
  });

  it("answers the same from the beers kept locally as from the platform", async () => {
    const fromPlatform = (await search("harbour")).body.items.map((item) => item.untappd_id);
    expect(upstreamCalls("/v4/search/beer")).toBe(1);
    await cacheExpires();
    const local = (await search("Harbour ")).body.items.map((item) => item.untappd_id);
    expect(upstreamCalls("/v4/search/beer")).toBe(1);
    expect(local.sort()).toEqual(fromPlatform.sort());
  });
});

describe("beers seen are kept locally", () => {
  it("a repeated search costs no upstream call, after the forwarder's cache has expired and in another case or spacing", async () => {
    const first = await search("harbour");
    expect(first.status).toBe(200);
    expect(upstreamCalls()).toBe(1);
    await cacheExpires();
    for (const again of ["harbour", "Harbour", "  HARBOUR "]) {
      const repeated = await search(again);
      expect(repeated.body.items, again).toEqual(first.body.items);
    }
    expect(upstreamCalls()).toBe(1);
  });

  it("a longer term than one the platform answered in full costs no call", async () => {
    const whole = await search("tidewater");
    expect(whole.body.items.length).toBeLessThan(25);
    const longer = await search("tidewater brewing haze");
    expect(longer.body.items.map((item) => item.untappd_id)).toEqual([HARBOR_HAZE]);
    expect(upstreamCalls()).toBe(1);
  });

  it("the add of a beer a search showed costs no upstream call and keeps its label, ABV and rating", async () => {
    const shown = (await search("harbour haze")).body.items.find((item) => item.untappd_id === HARBOR_HAZE)!;
    expect(upstreamCalls()).toBe(1);
    const added = await add(HARBOR_HAZE);
    expect(added.status).toBe(201);
    expect(upstreamCalls()).toBe(1);
    expect(added.body.item).toMatchObject({
      untappd_id: HARBOR_HAZE,
      name: "Harbor Haze",
      brewery: "Tidewater Brewing",
      style: "IPA - New England / Hazy",
      abv: "6.8",
      label_image: shown.label_image,
      rating: shown.rating,
    });
    expect(shown.rating).toBe("3.92");
    expect(shown.label_image).toMatch(/^\/sandbox\/labels\/beer\/\d+\.svg$/); // the app draws it (issue 49)
  });

  it("a beer first added by id is asked once; its second add costs nothing", async () => {
    expect((await add(HARBOR_HAZE)).status).toBe(201);
    expect(upstreamCalls("/v4/beer/info")).toBe(1);
    await cacheExpires();
    expect((await add(HARBOR_HAZE)).status).toBe(201);
    expect(upstreamCalls()).toBe(1);
  });

  it("a beer the forwarder passed on (/api/v4) is kept too: added without another call", async () => {
    expect((await call("GET", `/api/v4/beer/info/${HARBOR_HAZE}?compact=true`, { as: owner.ro })).status).toBe(200);
    const found = await call("GET", "/api/v4/search/beer?q=copper", { as: owner.ro });
    const copper = found.body.response.beers.items.find(
      (item: { beer: { beer_name: string } }) => item.beer.beer_name === "Copper Line Lager",
    );
    expect(upstreamCalls()).toBe(2);
    await cacheExpires();
    expect((await add(HARBOR_HAZE)).status).toBe(201);
    expect((await add(copper.beer.bid)).body.item).toMatchObject({ name: "Copper Line Lager", brewery: "Northbound Beer Co." });
    expect(upstreamCalls()).toBe(2);
  });

  it("a record older than a week is asked again, once, and kept fresh", async () => {
    await search("harbour");
    const database = await db();
    await database.update(platformBeers).set({ detailedAt: sql`now() - interval '8 days'` });
    expect((await add(HARBOR_HAZE)).status).toBe(201);
    expect(upstreamCalls("/v4/beer/info")).toBe(1);
    expect((await add(HARBOR_HAZE)).status).toBe(201);
    expect(upstreamCalls("/v4/beer/info")).toBe(1);
  });

  it("a term asked more than a day ago is asked again", async () => {
    await search("nightshift");
    await cacheExpires();
    await (await db()).update(platformBeerSearches).set({ askedAt: sql`now() - interval '25 hours'` });
    await search("nightshift");
    expect(upstreamCalls("/v4/search/beer")).toBe(2);
  });

  it("when the hour is spent, beers seen are still found and added; an unseen term says when lookups come back", async () => {
    await search("IPA");
    await (await db()).update(platformBeers).set({ detailedAt: sql`now() - interval '8 days'` });
    await spendTheHour();
    const before = upstreamCalls();
    const hazy = await search("hazy ipa");
    expect(hazy.status).toBe(200);
    expect(hazy.body.items.length).toBeGreaterThan(0);
    for (const item of hazy.body.items) expect(words(item)).toMatch(/hazy.*ipa|ipa.*hazy/i);
    // Stale, and the hour spent: the kept record is still the beer.
    const added = await add(hazy.body.items[0]!.untappd_id);
    expect(added.status).toBe(201);
    expect(added.body.item.rating).not.toBeNull();
    const unseen = await search("porter");
    expect(unseen.status).toBe(429);
    expect(Number(unseen.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(upstreamCalls()).toBe(before);
  });

  it("keeps every beer in one row, shared by every instance through the database", async () => {
    await search("harbour");
    await search("Tidewater");
    const rows = await (await db()).select().from(platformBeers).where(eq(platformBeers.untappdId, HARBOR_HAZE));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Harbor Haze", brewery: "Tidewater Brewing", abv: "6.8", rating: "3.92" });
    expect(rows[0]!.detailedAt).not.toBeNull();
  });
});

describe("nothing found", () => {
  it("says so, with the beers near the term (did you mean), their label, ABV and rating kept", async () => {
    await search("harbour haze");
    const typo = await search("hrbor hze");
    expect(typo.status).toBe(200);
    expect(typo.body.items).toEqual([]);
    const near = typo.body.did_you_mean;
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThanOrEqual(5);
    expect(near[0]).toMatchObject({ untappd_id: HARBOR_HAZE, name: "Harbor Haze", abv: "6.8", rating: "3.92" });
    expect(near[0]!.label_image).toMatch(/^\/sandbox\/labels\/beer\/\d+\.svg$/);
    expect((await search("harbour")).body.did_you_mean).toEqual([]);
  });

  it("and nothing near when nothing is", async () => {
    expect((await search("qqqqxxxx")).body).toEqual({ items: [], did_you_mean: [] });
  });
});
