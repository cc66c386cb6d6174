import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, call, db, login, type Account } from "../api";
import { uid } from "../sandbox-client";
import { resetEnvForTests } from "@/lib/server/env";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";
import { sandboxVenues } from "@/sandbox/schema";
import { setSandboxHourlyLimit } from "@/sandbox/rate";

// Client code written for the beer platform, unchanged, through /api/v4 with the built-in sandbox as the
// upstream (no V4_* set), the way the product runs offline (issue 14).

const ORIGIN = "http://127.0.0.1:3000"; // test/api.ts sends every request to this origin
let owner: Account;
let downtown: string;

const form = (body: Record<string, string | number>) => ({
  as: owner.rw,
  rawBody: new URLSearchParams(Object.entries(body).map(([name, value]) => [name, String(value)])).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** The owner's Taproom user connects their platform account (demo_owner) through the sandbox's consent page. */
async function connectOwner() {
  const signIn = await api.post("/api/session", {
    body: { email: "owner@demo.test", password: "demo-owner-pass" },
    headers: { "x-forwarded-for": "198.51.100.21", origin: ORIGIN },
  });
  const session = `${SESSION_COOKIE}=${signIn.headers.get("set-cookie")!.match(new RegExp(`^${SESSION_COOKIE}=([^;]+);`))![1]!}`;
  const start = await call("GET", "/api/v4/oauth/connect", { headers: { cookie: session } });
  const cookie = `${session}; ${start.headers.get("set-cookie")!.split(";")[0]!}`;
  const consent = new URL(start.headers.get("location")!);
  const allowed = await call("POST", `${consent.pathname}${consent.search}`, {
    rawBody: "decision=allow",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "sec-fetch-site": "same-origin" },
  });
  const back = new URL(allowed.headers.get("location")!);
  const done = await call("GET", `${back.pathname}${back.search}`, { headers: { cookie } });
  expect(done.status).toBe(302);
}

beforeAll(async () => {
  // Budgets out of the way: these tests are about shapes and names, not the hour's limits.
  process.env.V4_HOURLY_LIMIT = "100000";
  process.env.V4_BUSINESS_SHARE_PERCENT = "100";
  resetEnvForTests();
  setSandboxHourlyLimit(1_000_000);
  owner = await login("owner", "203.0.113.77");
  await connectOwner();
  const [venue] = await (await db()).select().from(sandboxVenues).where(eq(sandboxVenues.id, 910001));
  downtown = venue!.directoryId;
});
afterAll(() => {
  delete process.env.V4_HOURLY_LIMIT;
  delete process.env.V4_BUSINESS_SHARE_PERCENT;
  resetEnvForTests();
  setSandboxHourlyLimit(undefined);
});

describe("through /api/v4 with the sandbox upstream", () => {
  it("paging links lead back through /api/v4 on the host the caller used, without credentials", async () => {
    const first = await call("GET", "/api/v4/venue/checkins/910001?limit=5", { as: owner.ro });
    expect(first.status).toBe(200);
    const { next_url, since_url } = first.body.response.pagination;
    expect(next_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/v4\/venue\/checkins\/910001\?/);
    expect(since_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/v4\/venue\/checkins\/910001\?/);
    for (const link of [next_url, since_url]) expect(link).not.toMatch(/sandbox|client_|access_token/);

    // Following next_url as it stands gives the next page: older check-ins, none repeated.
    const ids = (answer: any) => answer.body.response.checkins.items.map((item: any) => item.checkin_id as number);
    const second = await call("GET", next_url, { as: owner.ro });
    expect(second.status).toBe(200);
    expect(ids(second)).toHaveLength(5);
    expect(Math.max(...ids(second))).toBeLessThan(Math.min(...ids(first)));

    const elsewhere = await call("GET", "/api/v4/venue/checkins/910001?limit=5", {
      as: owner.ro,
      headers: { host: "taproom.example:8080" },
    });
    expect(elsewhere.body.response.pagination.next_url).toBe(next_url.replace(ORIGIN, "http://taproom.example:8080"));
  });

  it("thepub/local (issue 31 row 15): allowed, cached like the other feeds, its pages through /api/v4 with the point kept", async () => {
    const path = "/api/v4/thepub/local?lat=40.7195&lng=-74.0089&radius=5&limit=5&junk=1";
    const first = await call("GET", path, { as: owner.ro });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const items = first.body.response.checkins.items;
    expect(items).toHaveLength(5);
    expect(items.some((item: any) => item.venue.venue_id === 910001)).toBe(true);
    const again = await call("GET", path.replace("&junk=1", ""), { as: owner.ro });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.body).toEqual(first.body);

    const next = new URL(first.body.response.pagination.next_url);
    expect(`${next.origin}${next.pathname}`).toBe(`${ORIGIN}/api/v4/thepub/local`);
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      lat: "40.7195",
      lng: "-74.0089",
      radius: "5",
      dist_pref: "m",
      limit: "5",
    });
    expect(next.toString()).not.toMatch(/sandbox|client_|access_token|junk/);
    const older = await call("GET", next.toString(), { as: owner.ro });
    const ids = (answer: any) => answer.body.response.checkins.items.map((item: any) => item.checkin_id as number);
    expect(Math.max(...ids(older))).toBeLessThan(Math.min(...ids(first)));

    // A token alone works, as the platform's client libraries send it; a missing lat is the platform's 400.
    expect((await call("GET", `${path}&access_token=${owner.ro.token}`)).status).toBe(200);
    const bad = await call("GET", "/api/v4/thepub/local?lng=-74", { as: owner.ro });
    expect(bad.status).toBe(400);
    expect(bad.body.meta).toMatchObject({ code: 400, error_type: "invalid_param" });
  });

  it("a check-in naming its venue by foursquare_id keeps the venue; venue/foursquare_lookup finds it", async () => {
    const checkin = await call(
      "POST",
      "/api/v4/checkin/add",
      form({ bid: 100020, gmt_offset: -5, timezone: "EST", foursquare_id: downtown, geolat: 40.72, geolng: -74 }),
    );
    expect(checkin.status).toBe(200);
    expect(checkin.body.response.venue.venue_id).toBe(910001);
    const lookup = await call("GET", `/api/v4/venue/foursquare_lookup/${downtown}`, { as: owner.rw });
    expect(lookup.status).toBe(200);
    expect(lookup.body.response.venue.items[0].venue_id).toBe(910001);
  });

  it("friend, wish-list and toast calls work with either method", async () => {
    const rival = await uid("rival_owner");
    const requested = await call("POST", `/api/v4/friend/request/${rival}`, { as: owner.rw });
    expect(requested.status).toBe(200);
    expect(requested.body.response).toMatchObject({ request_type: "request", target_user: { uid: rival, relationship: "request_sent" } });

    const added = await call("POST", "/api/v4/user/wishlist/add", form({ bid: 100021 }));
    expect(added.status).toBe(200);
    expect(added.body.response.beer).toMatchObject({ bid: 100021, wish_list: true });
    const list = await call("GET", "/api/v4/user/wishlist", { as: owner.rw });
    expect(list.body.response.beers.items[0].beer.bid).toBe(100021);

    const id = (await call("GET", "/api/v4/venue/checkins/910002?limit=1", { as: owner.ro })).body.response.checkins.items[0].checkin_id;
    const toasted = await call("GET", `/api/v4/checkin/toast/${id}`, { as: owner.rw });
    expect(toasted.status).toBe(200);
    expect(toasted.body.response).toMatchObject({ like_type: "toast", like_id: expect.any(Number), toasts: { auth_toast: true } });
    const untoasted = await call("POST", `/api/v4/checkin/toast/${id}`, { as: owner.rw });
    expect(untoasted.body.response).toMatchObject({ like_id: null, toasts: { auth_toast: false } });
  });

  it("an unknown sort answers in the default order", async () => {
    const answer = await call("GET", "/api/v4/search/beer?q=hazy&sort=popularity", { as: owner.ro });
    expect(answer.status).toBe(200);
    expect(answer.body.response.sort).toBe("checkin");
  });

  it("the records carry untappd_url, last_updated and calories, and calories reach menu items", async () => {
    const venue = (await call("GET", "/api/v4/venue/info/910001?compact=true", { as: owner.ro })).body.response.venue;
    expect(venue.last_updated).toMatch(/\+0000$/);
    const user = (await call("GET", "/api/v4/user/info/demo_owner?compact=true", { as: owner.ro })).body.response.user;
    expect(user.untappd_url).toBe("https://sandbox.taproom.test/user/demo_owner");

    const beer = (await call("GET", "/api/v4/beer/info/100022?compact=true", { as: owner.ro })).body.response.beer;
    expect(beer.calories).toBeGreaterThan(0);
    const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
    const menu = (await api.get(`locations/${location}/menus`, { as: owner.ro })).body.menus[0];
    const section = (await api.get(`menus/${menu.id}/sections`, { as: owner.ro })).body.sections[0];
    const item = await api.post(`sections/${section.id}/items`, { as: owner.rw, body: { item: { untappd_id: 100022 } } });
    expect(item.status).toBe(201);
    expect(item.body.item).toMatchObject({
      calories: String(beer.calories),
      original_calories: String(beer.calories),
      custom_calories: null,
    });
  });
});
