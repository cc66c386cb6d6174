import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, call, db, login, type Account } from "../api";
import { useTransport } from "@/lib/beer-platform/transport";
import { keepBeers } from "@/lib/beer-platform/seen-beers";
import { platformBeerSearches, platformBeers, rateLimits, v4Cache } from "@/lib/db/schema";
import type { CatalogueBeer } from "@/lib/menus/catalogue";
import { handleSandbox } from "@/sandbox/server";

// Issue 48.6: a slip in a short word ("Briht Whale") found nothing, and "Brewdog" offered beers of
// every brewery called "Brewing" (decision 079). The add-item dialog's search (GET /items/search)
// with the built-in sandbox as the platform, and beers of real breweries the platform sent earlier,
// kept as the catalogue keeps them (the sandbox names no real brewery).

type Item = { untappd_id: number; name: string; brewery: string | null; style: string | null };

let owner: Account;

const HARBOR_HAZE = 100521; // the sandbox's demo beer (sandbox/seed/demo-beers.ts): Tidewater Brewing
const BRIGHT_WHALE = 100080; // the sandbox's generated "Bright Whale", a witbier of Silver Harbor Ales
const PUNK_IPA = 9_000_001;
const HAZY_JANE = 9_000_002;
const HUMPBACK = 9_000_003;
const SEA_DOG = 9_000_004;
const FRIGHT_NIGHT = 9_000_005;

const beer = (untappdId: number, name: string, brewery: string, style: string, rating: string): CatalogueBeer => ({
  untappdId,
  name,
  brewery,
  breweryId: null,
  breweryLocation: null,
  style,
  description: null,
  abv: "5.2",
  ibu: null,
  labelImage: null,
  labelImageHd: null,
  slug: null,
  inProduction: true,
  rating,
  calories: null,
});

/** Beers of real breweries, as the platform sent them to an earlier search. */
const realBreweries = [
  beer(PUNK_IPA, "Punk IPA", "BrewDog", "IPA - American", "3.7"),
  beer(HAZY_JANE, "Hazy Jane", "BrewDog", "IPA - New England / Hazy", "3.8"),
  beer(HUMPBACK, "Humpback Porter", "Bright Whale Brewing", "Porter - American", "3.9"),
  // Both of "brew dog"'s words, apart, and a better rating than BrewDog's: only the order puts it after.
  beer(SEA_DOG, "Aardvark Blue", "Sea Dog Brewing", "Fruit Beer", "4.6"),
  // "Fright" is one edit from "bright".
  beer(FRIGHT_NIGHT, "Fright Night", "Hollow Hill Ales", "Stout - Oatmeal", "4.8"),
];

const search = async (q: string) => {
  const response = await api.get(`items/search?${new URLSearchParams({ q, limit: "25" })}`, { as: owner.ro });
  expect(response.status).toBe(200);
  return response.body as { items: Item[]; did_you_mean: Item[] };
};
const ids = (items: Item[]) => items.map((item) => item.untappd_id);

beforeAll(async () => {
  owner = await login("owner");
  useTransport(async (request) => handleSandbox(request));
});
afterAll(() => useTransport(undefined));
/** Nothing seen, nothing asked, the whole hour to spend; then the sandbox's IPAs and stouts (many of "… Brewing", "… Brewery") seen, as a venue's earlier searches leave them. */
const seenOnlyTheSandbox = async () => {
  const database = await db();
  await database.delete(platformBeers);
  await database.delete(platformBeerSearches);
  await database.delete(v4Cache);
  await database.delete(rateLimits);
  await search("IPA");
  await search("stout");
};

beforeEach(async () => {
  await seenOnlyTheSandbox();
  await keepBeers(
    await db(),
    realBreweries.map((entry) => ({ beer: entry, complete: true })),
  );
});

describe("a slip in a word of five letters or more still finds the beer", () => {
  it("\"Briht Whale\" finds the sandbox's Bright Whale and Bright Whale Brewing's beer", async () => {
    const { items, did_you_mean } = await search("Briht Whale");
    expect(items.find((item) => item.untappd_id === BRIGHT_WHALE)).toMatchObject({ name: "Bright Whale", brewery: "Silver Harbor Ales" });
    expect(ids(items).sort()).toEqual([BRIGHT_WHALE, HUMPBACK].sort());
    expect(did_you_mean).toEqual([]);
  });

  it("\"harbr haze\" finds the sandbox's Harbor Haze, through the platform's search and the beers kept", async () => {
    const platform = await call("GET", "/api/v4/search/beer?q=harbr%20haze", { as: owner.ro });
    expect(platform.status).toBe(200);
    expect(platform.body.response.beers.items.map((item: { beer: { bid: number } }) => item.beer.bid)).toEqual([HARBOR_HAZE]);
    expect(ids((await search("harbr haze")).items)).toEqual([HARBOR_HAZE]);
  });

  it("exact matches rank first, the beer a slip away after them", async () => {
    const { items } = await search("bright");
    const exact = items.filter((item) => /bright/i.test(`${item.name} ${item.brewery} ${item.style}`));
    expect(ids(exact)).toContain(HUMPBACK);
    // Fright Night's rating (4.8) is the best of all: only the exact matches' place puts it after them.
    expect(ids(items)).toEqual([...ids(exact), FRIGHT_NIGHT]);
  });

  it("two slips in a word of eight letters or more are one word still: Tidewater", async () => {
    const { items } = await search("tidewaetr");
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.brewery).toBe("Tidewater Brewing");
  });
});

describe("Brewdog: BrewDog's beers, and no other", () => {
  it('"Brewdog" lists BrewDog\'s beers only, and offers nothing else', async () => {
    const { items, did_you_mean } = await search("Brewdog");
    expect(ids(items).sort()).toEqual([PUNK_IPA, HAZY_JANE].sort());
    expect(did_you_mean).toEqual([]);
  });

  it('"brew dog", as two words: BrewDog\'s beers first, before a brewery with both words apart', async () => {
    const { items } = await search("brew dog");
    expect(ids(items.slice(0, 2)).sort()).toEqual([PUNK_IPA, HAZY_JANE].sort());
    expect(ids(items)).toContain(SEA_DOG);
  });

  it('with no BrewDog beer kept, "Brewdog" offers no brewery merely called "Brewing" or "Brewery"', async () => {
    await seenOnlyTheSandbox();
    expect(await (await db()).$count(platformBeers)).toBeGreaterThan(25);
    const { items, did_you_mean } = await search("Brewdog");
    expect(items).toEqual([]);
    expect(did_you_mean).toEqual([]);
  });

  it("did you mean still offers a beer a slip in a short word away: Harbor Haze for hrbor hze", async () => {
    await search("harbour haze");
    const { items, did_you_mean } = await search("hrbor hze");
    expect(items).toEqual([]);
    expect(ids(did_you_mean)[0]).toBe(HARBOR_HAZE);
  });
});

describe("short words are matched as written or by their trigrams only", () => {
  it("a 3-letter word two letters off matches nothing, rather than every 3-letter word", async () => {
    expect(await search("zqa")).toEqual({ items: [], did_you_mean: [] });
  });

  it("a 4-letter word one letter off does not match its neighbours: hazy is not lazy", async () => {
    const { items } = await search("hazy");
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(`${item.name} ${item.brewery} ${item.style}`).toMatch(/haz/i);
  });
});
