import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { sandboxVenues } from "@/sandbox/schema";
import { ensureSandboxData } from "@/sandbox/seed/ensure";
import { connect, sandbox } from "../sandbox-client";

let owner: string;
let rival: string;

beforeAll(async () => {
  await ensureSandboxData(await getDb());
  [owner, rival] = [await connect("demo_owner"), await connect("rival_owner")];
});

const OPTIONAL_BLOCKS = ["checkins", "media", "variants", "similar", "friends", "vintages", "top_beers", "recent_brews", "beer_list"];

function expectParamError(answer: { status: number; body: any }, status = 400) {
  expect(answer.status).toBe(status);
  expect(answer.body.meta.error_type).toBe("invalid_param");
}

describe("beer/info", () => {
  it("gives the beer with brewery and stats, and the optional blocks unless compact=true", async () => {
    const full = (await sandbox("/v4/beer/info/100001", { token: owner })).body.response.beer;
    expect(full).toMatchObject({
      bid: 100001,
      beer_name: expect.any(String),
      beer_label: "/sandbox/labels/beer/100001.svg",
      beer_abv: expect.any(Number),
      beer_ibu: expect.any(Number),
      beer_style: expect.any(String),
      rating_score: expect.any(Number),
      rating_count: expect.any(Number),
      stats: {
        total_count: expect.any(Number),
        monthly_count: expect.any(Number),
        total_user_count: expect.any(Number),
        user_count: expect.any(Number),
      },
      brewery: {
        brewery_id: expect.any(Number),
        location: { brewery_city: expect.any(String), lat: expect.any(Number), lng: expect.any(Number) },
      },
    });
    for (const block of ["checkins", "media", "variants", "similar", "friends", "vintages"])
      expect(full[block]).toEqual({ count: expect.any(Number), items: expect.any(Array) });
    expect(full.similar.items.every((item: any) => item.beer.beer_style === full.beer_style)).toBe(true);

    const compact = (await sandbox("/v4/beer/info/100001", { token: owner, query: { compact: "true" } })).body.response.beer;
    for (const block of OPTIONAL_BLOCKS) expect(compact).not.toHaveProperty(block);
    expect(compact.stats).toEqual(full.stats);
  });
});

describe("venue/info", () => {
  it("finds the demo venues by their ids, with top_beers and check-ins unless compact", async () => {
    const full = (await sandbox("/v4/venue/info/910002")).body.response.venue;
    expect(full).toMatchObject({
      venue_id: 910002,
      venue_name: "Demo Taproom Harbor",
      location: { venue_city: "Amsterdam", lat: 52.3765, lng: 4.938 },
      stats: { total_count: expect.any(Number) },
      venue_icon: { sm: expect.any(String), md: expect.any(String), lg: expect.any(String) },
    });
    expect(full.stats.total_count).toBeGreaterThan(0);
    expect(full.top_beers.count).toBeGreaterThan(0);
    expect(full.checkins.count).toBeGreaterThan(0);
    for (const item of full.checkins.items) expect(item.venue.venue_id).toBe(910002);
    const compact = (await sandbox("/v4/venue/info/910002", { query: { compact: "true" } })).body.response.venue;
    for (const block of OPTIONAL_BLOCKS) expect(compact).not.toHaveProperty(block);
    expect(compact.directory.directory_id).toMatch(/^[0-9a-f]{24}$/);
    // The platform's own name for it too, which its client libraries read (issue 31 row 13).
    expect(compact.foursquare).toEqual({ foursquare_id: compact.directory.directory_id, foursquare_url: compact.directory.directory_url });
  });
});

describe("brewery/info", () => {
  it("gives the brewery with rating, stats and, unless compact, its beer list", async () => {
    const full = (await sandbox("/v4/brewery/info/2001")).body.response.brewery;
    expect(full).toMatchObject({
      brewery_id: 2001,
      brewery_name: expect.any(String),
      beer_count: expect.any(Number),
      rating: { count: expect.any(Number), rating_score: expect.any(Number) },
    });
    expect(full.beer_list.count).toBeGreaterThan(0);
    for (const item of full.beer_list.items) expect(item.brewery.brewery_id).toBe(2001);
    const compact = (await sandbox("/v4/brewery/info/2001", { query: { compact: "true" } })).body.response.brewery;
    for (const block of OPTIONAL_BLOCKS) expect(compact).not.toHaveProperty(block);
    expectParamError(await sandbox("/v4/brewery/info/1"), 404);
  });
});

describe("user/info", () => {
  it("fills settings only for the user's own token", async () => {
    const own = (await sandbox("/v4/user/info/demo_owner", { token: owner })).body.response.user;
    expect(own.settings).toMatchObject({
      email_address: "demo_owner@sandbox.taproom.test",
      badge: expect.any(Object),
      checkin: expect.any(Object),
    });
    expect(own.stats).toMatchObject({
      total_badges: 60,
      total_checkins: expect.any(Number),
      total_beers: expect.any(Number),
      total_friends: expect.any(Number),
    });
    for (const block of ["checkins", "media", "recent_brews"])
      expect(own[block]).toEqual({ count: expect.any(Number), items: expect.any(Array) });
    expect(own.checkins.count).toBeGreaterThan(0);

    const other = (await sandbox("/v4/user/info/demo_owner", { token: rival })).body.response.user;
    expect(other.settings).toEqual([]);
    expect(other.relationship).toBe("none");
    expect((await sandbox("/v4/user/info/demo_owner")).body.response.user.settings).toEqual([]);
  });

  it("leaves out checkins, media and recent_brews with compact=true", async () => {
    const compact = (await sandbox("/v4/user/info/demo_owner", { query: { compact: "true" } })).body.response.user;
    for (const block of OPTIONAL_BLOCKS) expect(compact).not.toHaveProperty(block);
    expect(compact.user_name).toBe("demo_owner");
    expect(compact.date_joined).toMatch(/\+0000$/);
  });
});

describe("venue/directory_lookup", () => {
  it("turns a directory id into the service's venue id, with an access token only", async () => {
    const db = await getDb();
    const [venue] = await db.select().from(sandboxVenues).where(eq(sandboxVenues.id, 910003));
    const found = await sandbox(`/v4/venue/directory_lookup/${venue!.directoryId}`, { token: owner });
    expect(found.status).toBe(200);
    expect(found.body.response.venue).toMatchObject({ count: 1, items: [{ venue_id: 910003, venue_name: "Rival Brewpub" }] });
    expect(
      (await sandbox(`/v4/venue/directory_lookup/${venue!.directoryId.toUpperCase()}`, { token: owner })).body.response.venue.items[0]
        .venue_id,
    ).toBe(910003);
    expect((await sandbox(`/v4/venue/directory_lookup/${venue!.directoryId}`)).status).toBe(401);
    expectParamError(await sandbox("/v4/venue/directory_lookup/000000000000000000000000", { token: owner }), 404);
    expectParamError(await sandbox("/v4/venue/directory_lookup/not-an-id", { token: owner }));
  });
});

describe("search", () => {
  it("search/beer needs q, sorts by check-ins (default) or name, 25 by default and at most 50", async () => {
    expectParamError(await sandbox("/v4/search/beer"));
    expectParamError(await sandbox("/v4/search/beer", { query: { q: "  " } }));
    const byCount = (await sandbox("/v4/search/beer", { query: { q: "a" } })).body.response;
    expect(byCount).toMatchObject({
      term: "a",
      offset: 0,
      limit: 25,
      found: expect.any(Number),
      beers: { count: 25 },
      homebrew: { count: 0 },
      breweries: { count: 0 },
    });
    const counts = byCount.beers.items.map((item: any) => item.checkin_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect((await sandbox("/v4/search/beer", { query: { q: "a", limit: 99 } })).body.response.beers.count).toBe(50);

    const byName = (await sandbox("/v4/search/beer", { query: { q: "hazy", sort: "name", limit: 50 } })).body.response;
    const names = byName.beers.items.map((item: any) => item.beer.beer_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    // The beer's name, its brewery's or its style ("IPA - New England / Hazy").
    for (const item of byName.beers.items)
      expect(`${item.beer.beer_name} ${item.brewery.brewery_name} ${item.beer.beer_style}`.toLowerCase()).toContain("hazy");
    expect(
      byName.beers.items.some((item: any) => !`${item.beer.beer_name} ${item.brewery.brewery_name}`.toLowerCase().includes("hazy")),
    ).toBe(true);
    expect((await sandbox("/v4/search/beer", { query: { q: "hazy", sort: "abv" } })).body.response.sort).toBe("checkin"); // unknown: the default

    const page2 = (await sandbox("/v4/search/beer", { query: { q: "a", offset: 25, limit: 5 } })).body.response;
    expect(page2.offset).toBe(25);
    // LIKE wildcards in q are literal.
    expect((await sandbox("/v4/search/beer", { query: { q: "%" } })).body.response.found).toBe(0);
  });

  it("search/brewery matches brewery names", async () => {
    const answer = (await sandbox("/v4/search/brewery", { query: { q: "brew", limit: 5 } })).body.response;
    expect(answer.brewery.count).toBe(5);
    expect(answer.found).toBeGreaterThan(5);
    for (const item of answer.brewery.items) expect(item.brewery.brewery_name.toLowerCase()).toContain("brew");
    expectParamError(await sandbox("/v4/search/brewery"));
  });
});

describe("beer/trending", () => {
  it("lists macro and micro beers by recent check-ins", async () => {
    const answer = (await sandbox("/v4/beer/trending")).body.response;
    for (const kind of ["macro", "micro"]) {
      expect(answer[kind].count).toBeLessThanOrEqual(10);
      const totals = answer[kind].items.map((item: any) => item.total_count);
      expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
    }
    expect(answer.micro.count).toBe(10);
  });
});

describe("user/badges", () => {
  it("returns the last 50 earned badges, newest first", async () => {
    const answer = (await sandbox("/v4/user/badges/demo_owner")).body.response;
    expect(answer.count).toBe(50);
    const times = answer.items.map((item: any) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(answer.items[0]).toMatchObject({
      user_badge_id: expect.any(Number),
      badge_id: expect.any(Number),
      badge_name: expect.any(String),
      media: { badge_image_sm: expect.any(String) },
    });
    expect((await sandbox("/v4/user/badges/demo_owner", { query: { limit: 60 } })).body.response.count).toBe(50);
    const tail = (await sandbox("/v4/user/badges/demo_owner", { query: { offset: 45, limit: 20 } })).body.response;
    expect(tail.items.map((item: any) => item.user_badge_id)).toEqual(answer.items.slice(45).map((item: any) => item.user_badge_id));
    expect((await sandbox("/v4/user/badges/demo_owner", { query: { offset: 50 } })).body.response.count).toBe(0);
  });
});

describe("user/beers", () => {
  it("lists distinct beers with sort options", async () => {
    const byDate = (await sandbox("/v4/user/beers/demo_owner", { query: { limit: 50 } })).body.response;
    expect(byDate.sort).toBe("date");
    const bids = byDate.beers.items.map((item: any) => item.beer.bid);
    expect(new Set(bids).size).toBe(bids.length);
    const recent = byDate.beers.items.map((item: any) => Date.parse(item.recent_created_at));
    expect(recent).toEqual([...recent].sort((a, b) => b - a));
    const mine = (
      await sandbox("/v4/user/beers/demo_owner", { query: { sort: "highest_rated_you", limit: 50 } })
    ).body.response.beers.items.map((item: any) => item.rating_score);
    const rated = mine.filter((score: number) => score > 0);
    expect(rated).toEqual([...rated].sort((a: number, b: number) => b - a));
    const counts = (await sandbox("/v4/user/beers/demo_owner", { query: { sort: "checkin" } })).body.response.beers.items.map(
      (item: any) => item.count,
    );
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    for (const sort of ["highest_rated", "lowest_rated", "lowest_rated_you"])
      expect((await sandbox("/v4/user/beers/demo_owner", { query: { sort } })).status).toBe(200);
    expect((await sandbox("/v4/user/beers/demo_owner", { query: { sort: "highest_abv" } })).body.response.sort).toBe("date"); // unknown: the default
    expect((await sandbox("/v4/user/beers/demo_owner", { query: { limit: 80 } })).body.response.beers.count).toBeLessThanOrEqual(50);
  });

  it("takes start_date and end_date together only", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const recent = (await sandbox("/v4/user/beers/demo_owner", { query: { start_date: "2000-01-01", end_date: today, limit: 50 } })).body
      .response;
    expect(recent.total_count).toBeGreaterThan(0);
    const none = (await sandbox("/v4/user/beers/demo_owner", { query: { start_date: "2000-01-01", end_date: "2000-12-31" } })).body
      .response;
    expect(none.total_count).toBe(0);
    expectParamError(await sandbox("/v4/user/beers/demo_owner", { query: { start_date: "2024-01-01" } }));
    expectParamError(await sandbox("/v4/user/beers/demo_owner", { query: { end_date: "2024-01-01" } }));
    expectParamError(await sandbox("/v4/user/beers/demo_owner", { query: { start_date: "2024-02-30", end_date: "2024-03-01" } }));
    expectParamError(await sandbox("/v4/user/beers/demo_owner", { query: { start_date: "2024-03-01", end_date: "2024-01-01" } }));
  });
});

describe("checkin/view", () => {
  it("returns the check-in with its venue, comments and toasts", async () => {
    const feed = (await sandbox("/v4/venue/checkins/910001", { query: { limit: 1 } })).body.response.checkins.items[0];
    const view = (await sandbox(`/v4/checkin/view/${feed.checkin_id}`, { token: owner })).body.response.checkin;
    expect(view).toMatchObject({
      checkin_id: feed.checkin_id,
      venue: { venue_id: 910001 },
      comments: { total_count: expect.any(Number) },
      toasts: { total_count: expect.any(Number), auth_toast: expect.any(Boolean) },
    });
    expectParamError(await sandbox("/v4/checkin/view/999999"), 404);
  });
});
