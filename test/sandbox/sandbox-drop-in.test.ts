import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { SANDBOX_CLIENT } from "@/sandbox/registered-app";
import { sandboxVenues } from "@/sandbox/schema";
import { ensureSandboxData } from "@/sandbox/seed/ensure";
import { connect, consent, REDIRECT, sandbox, sandboxSnapshot, uid } from "../sandbox-client";

// Client code written for the beer platform, unchanged, against the sandbox (issue 14): what such code
// sends and reads that the spec's own wording left out.

const RFC1123 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} \+0000$/;

let owner: string;
let downtown: string;

beforeAll(async () => {
  const db = await getDb();
  await ensureSandboxData(db);
  owner = await connect("demo_owner");
  const [venue] = await db.select().from(sandboxVenues).where(eq(sandboxVenues.id, 910001));
  downtown = venue!.directoryId;
});

function expectError(answer: { status: number; body: any }, status: number, type: string) {
  expect(answer.status).toBe(status);
  expect(answer.body.meta.error_type).toBe(type);
}

describe("an access_token alone", () => {
  it("authenticates the app it was issued to, on user and public endpoints", async () => {
    const me = await sandbox("/v4/user/info", { token: owner, credentials: false, query: { compact: "true" } });
    expect(me.status).toBe(200);
    expect(me.body.response.user).toMatchObject({ user_name: "demo_owner", relationship: "self" });
    const beer = await sandbox("/v4/beer/info/100001", { token: owner, credentials: false, query: { compact: "true" } });
    expect(beer.status).toBe(200);
    expect(beer.body.response.beer.bid).toBe(100001);
    // Counted against the user, as every call with a token.
    const again = await sandbox("/v4/user/info", { token: owner, credentials: false, query: { compact: "true" } });
    expect(Number(again.headers.get("x-ratelimit-remaining"))).toBe(Number(me.headers.get("x-ratelimit-remaining")) - 2);
  });

  it("acts: a check-in with only the token", async () => {
    const answer = await sandbox("/v4/checkin/add", {
      token: owner,
      credentials: false,
      form: { bid: 100011, gmt_offset: "-5", timezone: "EST" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response.user.user_name).toBe("demo_owner");
  });

  it("is refused when unknown, or when a client_id of another app or a wrong secret comes with it", async () => {
    expectError(await sandbox("/v4/user/info", { token: "not-a-token", credentials: false }), 401, "invalid_token");
    expectError(
      await sandbox("/v4/user/info", { token: owner, credentials: false, query: { client_id: "someone-else" } }),
      401,
      "invalid_token",
    );
    expectError(
      await sandbox("/v4/user/info", { token: owner, credentials: false, query: { client_id: SANDBOX_CLIENT.id, client_secret: "wrong" } }),
      401,
      "invalid_auth",
    );
    // Its own app's client_id beside it is fine.
    expect((await sandbox("/v4/user/info", { token: owner, credentials: false, query: { client_id: SANDBOX_CLIENT.id } })).status).toBe(
      200,
    );
  });

  it("does not stand in for the client secret in the code exchange", async () => {
    const code = await consent("demo_owner");
    const exchange = { response_type: "code", redirect_url: REDIRECT, code };
    const before = await sandboxSnapshot();
    expectError(await sandbox("/oauth/authorize/", { token: owner, credentials: false, query: exchange }), 401, "invalid_auth");
    expect(await sandboxSnapshot()).toEqual(before);
    expect((await sandbox("/oauth/authorize/", { query: exchange })).status).toBe(200);
  });

  it("still leaves nothing open without one: no token and no credentials is 401 invalid_auth", async () => {
    expectError(await sandbox("/v4/beer/info/100001", { credentials: false }), 401, "invalid_auth");
  });
});

describe("an unknown sort", () => {
  const bids = (answer: any) => answer.body.response.beers.items.map((item: any) => item.beer.bid);

  it.each([
    ["/v4/search/beer", { q: "a" }, "checkin"],
    ["/v4/user/beers/demo_owner", {}, "date"],
    ["/v4/user/wishlist/demo_owner", {}, "date"],
  ])("on %s falls back to the default order", async (path, query, fallback) => {
    const standard = await sandbox(path, { query: { ...query, limit: 50 } });
    for (const sort of ["random", "", "abv; drop table"]) {
      const lenient = await sandbox(path, { query: { ...query, limit: 50, sort } });
      expect(lenient.status, sort).toBe(200);
      expect(lenient.body.response.sort).toBe(fallback);
      expect(bids(lenient)).toEqual(bids(standard));
    }
  });

  it("is matched without regard to case when it names an order", async () => {
    const upper = await sandbox("/v4/search/beer", { query: { q: "hazy", sort: "NAME", limit: 50 } });
    const lower = await sandbox("/v4/search/beer", { query: { q: "hazy", sort: "name", limit: 50 } });
    expect(upper.body.response.sort).toBe("name");
    expect(bids(upper)).toEqual(bids(lower));
  });
});

describe("the platform's own names for the spec's neutral words", () => {
  it("foursquare_id places a check-in at the venue, as directory_id does (also by its MD5)", async () => {
    const byId = await sandbox("/v4/checkin/add", {
      token: owner,
      form: { bid: 100012, gmt_offset: "-5", timezone: "EST", foursquare_id: downtown, geolat: "40.72", geolng: "-74.0" },
    });
    expect(byId.status).toBe(200);
    expect(byId.body.response.venue.venue_id).toBe(910001);
    const md5 = createHash("md5").update(downtown).digest("hex");
    const byHash = await sandbox("/v4/checkin/add", {
      token: owner,
      json: { bid: 100012, gmt_offset: "-5", timezone: "EST", foursquare_id: md5, geolat: 40.72, geolng: -74, foursquare: "on" },
    });
    expect(byHash.body.response.venue.venue_id).toBe(910001);
  });

  it("twitter, facebook and foursquare are checked as social_1, social_2 and directory", async () => {
    const base = { bid: 100012, gmt_offset: "-5", timezone: "EST" };
    const ok = await sandbox("/v4/checkin/add", { token: owner, form: { ...base, twitter: "on", facebook: "off" } });
    expect(ok.status).toBe(200);
    const before = await sandboxSnapshot();
    for (const form of [
      { ...base, twitter: "yes" },
      { ...base, facebook: "1" },
      { ...base, foursquare: "on" }, // needs a location, like directory=on
      { ...base, foursquare_id: downtown }, // needs geolat and geolng, like directory_id
      { ...base, foursquare_id: downtown, directory_id: "f".repeat(24), geolat: 1, geolng: 2 }, // two different venues
    ]) {
      expectError(await sandbox("/v4/checkin/add", { token: owner, form }), 400, "invalid_param");
    }
    expect(await sandboxSnapshot()).toEqual(before);
    const same = await sandbox("/v4/checkin/add", {
      token: owner,
      form: { ...base, foursquare_id: downtown, directory_id: downtown, geolat: 40.7, geolng: -74 },
    });
    expect(same.body.response.venue.venue_id).toBe(910001);
  });

  it("venue/foursquare_lookup answers as venue/directory_lookup", async () => {
    const neutral = await sandbox(`/v4/venue/directory_lookup/${downtown}`, { token: owner });
    const platform = await sandbox(`/v4/venue/foursquare_lookup/${downtown}`, { token: owner });
    expect(platform.status).toBe(200);
    expect(platform.body.response).toEqual(neutral.body.response);
    expect(platform.body.response.venue.items[0].venue_id).toBe(910001);
    expectError(await sandbox(`/v4/venue/foursquare_lookup/${downtown}`), 401, "invalid_token");
  });
});

describe("calls clients send with the other method", () => {
  let alice: string;
  let bob: string;
  let aliceId: number;
  let bobId: number;

  beforeAll(async () => {
    // Accounts created at their first consent: no friendships, no wish list.
    [alice, bob] = [await connect("dropin_alice"), await connect("dropin_bob")];
    [aliceId, bobId] = [await uid("dropin_alice"), await uid("dropin_bob")];
  });

  const friend = (method: "GET" | "POST", action: string, target: number, token: string) =>
    sandbox(`/v4/friend/${action}/${target}`, { token, method });

  it("friend request, accept, reject and remove by POST: the same effect and answer as by GET", async () => {
    const posted = await friend("POST", "request", bobId, alice);
    expect(posted.status).toBe(200);
    expect(posted.body.response).toMatchObject({ request_type: "request", target_user: { uid: bobId, relationship: "request_sent" } });
    const rejected = await friend("POST", "reject", aliceId, bob);
    expect(rejected.body.response).toMatchObject({ request_type: "reject", target_user: { relationship: "none" } });
    const fetched = await friend("GET", "request", bobId, alice);
    expect(fetched.body.response).toEqual(posted.body.response);

    const accepted = await friend("POST", "accept", aliceId, bob);
    expect(accepted.body.response).toMatchObject({ request_type: "accept", target_user: { uid: aliceId, relationship: "friends" } });
    const friends = await sandbox("/v4/user/friends/dropin_bob");
    expect(friends.body.response.items.map((item: any) => item.user.uid)).toEqual([aliceId]);
    const removed = await friend("POST", "remove", bobId, alice);
    expect(removed.body.response).toMatchObject({ request_type: "remove", target_user: { relationship: "none" } });
    // Refusals are the same too.
    expectError(await friend("POST", "remove", bobId, alice), 400, "invalid_param");
  });

  it("wish-list add and delete by POST with bid in the form body", async () => {
    const posted = await sandbox("/v4/user/wishlist/add", { token: alice, form: { bid: 100400 } });
    expect(posted.status).toBe(200);
    expect(posted.body.response).toMatchObject({ result: "success", beer: { bid: 100400, wish_list: true } });
    expect((await sandbox("/v4/user/wishlist", { token: alice })).body.response.beers.items.map((item: any) => item.beer.bid)).toEqual([
      100400,
    ]);
    expectError(await sandbox("/v4/user/wishlist/add", { token: alice, form: { bid: 100400 } }), 400, "invalid_param");
    const deleted = await sandbox("/v4/user/wishlist/delete", { token: alice, form: { bid: 100400 } });
    expect(deleted.body.response).toMatchObject({ result: "success", beer: { bid: 100400, wish_list: false } });
    const fetched = await sandbox("/v4/user/wishlist/add", { token: alice, query: { bid: 100400 } });
    expect(fetched.body.response).toEqual(posted.body.response);
  });

  it("toast by GET toggles like POST", async () => {
    // A public account's check-in (venue feeds show no others), which a stranger may toast.
    const id = (await sandbox("/v4/venue/checkins/910002", { query: { limit: 1 } })).body.response.checkins.items[0].checkin_id;
    const on = await sandbox(`/v4/checkin/toast/${id}`, { token: bob, method: "GET" });
    expect(on.status).toBe(200);
    expect(on.body.response).toMatchObject({
      result: "success",
      like_type: "toast",
      like_id: expect.any(Number),
      toasts: { auth_toast: true },
    });
    expect((await sandbox(`/v4/checkin/view/${id}`, { token: bob })).body.response.checkin.toasts.auth_toast).toBe(true);
    const off = await sandbox(`/v4/checkin/toast/${id}`, { token: bob, method: "POST" });
    expect(off.body.response).toMatchObject({
      like_id: null,
      toasts: { auth_toast: false, total_count: on.body.response.toasts.total_count - 1 },
    });
    const onByGet = await sandbox(`/v4/checkin/toast/${id}`, { token: bob, method: "GET" });
    expect(onByGet.body.response.toasts).toMatchObject({ auth_toast: true, total_count: on.body.response.toasts.total_count });
  });

  it("only those: other endpoints keep their one method", async () => {
    expectError(await sandbox("/v4/checkin/addcomment/140", { token: bob, method: "GET" }), 405, "invalid_method");
    expectError(await sandbox("/v4/user/pending", { token: bob, method: "POST" }), 405, "invalid_method");
    expectError(await sandbox("/v4/friend/request/5001", { token: bob, method: "PUT" }), 405, "invalid_method");
  });
});

describe("fields clients read", () => {
  it("user.untappd_url: the user's profile page on the platform, wherever a user is embedded", async () => {
    const user = (await sandbox("/v4/user/info/demo_owner", { query: { compact: "true" } })).body.response.user;
    expect(user.untappd_url).toBe("https://sandbox.taproom.test/user/demo_owner");
    const checkin = (await sandbox("/v4/checkin/view/100")).body.response.checkin;
    expect(checkin.user.untappd_url).toBe(`https://sandbox.taproom.test/user/${checkin.user.user_name}`);
  });

  it("a check-in badge's badge_image {sm, md, lg}", async () => {
    const earned = (await sandbox("/v4/user/badges/demo_owner", { query: { limit: 5 } })).body.response.items;
    const checkinIds = earned.map((badge: any) => badge.checkin_id).filter((id: number) => id > 0);
    expect(checkinIds.length).toBeGreaterThan(0);
    const views = await Promise.all(checkinIds.map((id: number) => sandbox(`/v4/checkin/view/${id}`)));
    const badges = views.flatMap((view) => view.body.response.checkin.badges.items);
    expect(badges.length).toBeGreaterThanOrEqual(checkinIds.length);
    for (const badge of badges) {
      expect(badge.badge_image).toEqual({
        sm: expect.stringMatching(/^\/sandbox\/labels\/badge\/.+-sm\.svg$/),
        md: expect.stringMatching(/^\/sandbox\/labels\/badge\/.+-md\.svg$/),
        lg: expect.stringMatching(/^\/sandbox\/labels\/badge\/.+-lg\.svg$/),
      });
      expect(badge.badge_image.md).toBe(badge.media.badge_image_md);
    }
  });

  it("venue.last_updated, in the platform's RFC 1123 form, on lookups and check-ins", async () => {
    const venue = (await sandbox("/v4/venue/info/910001", { query: { compact: "true" } })).body.response.venue;
    expect(venue.last_updated).toMatch(RFC1123);
    const item = (await sandbox("/v4/venue/checkins/910001", { query: { limit: 1 } })).body.response.checkins.items[0];
    expect(item.venue.last_updated).toBe(venue.last_updated);
  });

  it("a beer's calories, per 12 oz serving from its strength", async () => {
    const beer = (await sandbox("/v4/beer/info/100001", { query: { compact: "true" } })).body.response.beer;
    expect(beer.calories).toBe(Math.round(beer.beer_abv * 2.5 * 12));
    expect(beer.calories).toBeGreaterThan(0);
    const found = (await sandbox("/v4/search/beer", { query: { q: "a", limit: 5 } })).body.response.beers.items;
    for (const item of found) expect(item.beer.calories).toBe(Math.round(item.beer.beer_abv * 2.5 * 12));
  });
});
