import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api, call, db, login, type Account } from "../api";
import { startFakeUpstream } from "../fake-upstream";
import { resetEnvForTests } from "@/lib/server/env";
import { beerAccounts, businesses, rateLimits, v4Cache } from "@/lib/db/schema";

let owner: Account;
let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;

function configure(settings: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

beforeAll(async () => {
  owner = await login("owner");
  upstream = await startFakeUpstream();
});
beforeEach(async () => {
  configure({
    V4_API_URL: upstream.url,
    V4_AUTH_URL: upstream.url,
    V4_CLIENT_ID: "test-client",
    V4_CLIENT_SECRET: "test-secret",
    V4_TIMEOUT_MS: "400",
    V4_HOURLY_LIMIT: undefined,
  });
  const database = await db();
  await database.delete(v4Cache);
  await database.delete(rateLimits);
  upstream.seen.length = 0;
});
afterEach(() =>
  configure({
    V4_API_URL: undefined,
    V4_AUTH_URL: undefined,
    V4_CLIENT_ID: undefined,
    V4_CLIENT_SECRET: undefined,
    V4_TIMEOUT_MS: undefined,
    V4_HOURLY_LIMIT: undefined,
    V4_BUSINESS_SHARE_PERCENT: undefined,
    V4_NEW_BUSINESS_DAYS: undefined,
  }),
);
afterAll(async () => upstream.close());

/** The browser-binding cookie a connect answer sets, as the browser sends it back to the callback. */
const bindingOf = (start: { headers: Headers }) => ({ cookie: start.headers.get("set-cookie")!.split(";")[0]! });
const v4 = (path: string, options: Parameters<typeof call>[2] = {}) =>
  call(options.body ? "POST" : "GET", `/api/v4/${path}`, { as: owner.ro, ...options });

describe("the forwarder", () => {
  it("adds the app's credentials and User-Agent and drops the caller's", async () => {
    const response = await v4("beer/info/7?compact=true&client_id=evil&client_secret=evil&access_token=evil");
    expect(response.status).toBe(200);
    const [request] = upstream.seen;
    expect(request!.path).toBe("/v4/beer/info/7");
    expect(request!.query.get("client_id")).toBe("test-client");
    expect(request!.query.get("client_secret")).toBe("test-secret");
    expect(request!.query.getAll("client_id")).toHaveLength(1);
    expect(request!.query.has("access_token")).toBe(false);
    expect(request!.query.get("compact")).toBe("true");
    expect(request!.headers["user-agent"]).toMatch(/^Taproom\/\S+ \(venue management; test-client\)$/);
    expect(request!.headers.authorization).toBeUndefined();
  });

  it("never passes the app's secret on, even when the upstream repeats it", async () => {
    const echoed = await v4("venue/info/666");
    expect(echoed.status).toBe(200);
    const text = JSON.stringify(echoed.body);
    expect(text).toContain("/v4/venue/info/666");
    expect(text).not.toContain("test-secret");
  });

  it("passes the upstream status, body and rate headers through", async () => {
    const found = await v4("beer/info/12");
    expect(found.body).toEqual({ meta: { code: 200 }, response: { beer: expect.objectContaining({ bid: 12, beer_name: "Beer 12" }) } });
    expect(found.headers.get("x-ratelimit-limit")).toBe("100");
    expect(found.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    const missing = await v4("beer/info/9999");
    expect(missing.status).toBe(404);
    expect(missing.body.meta).toMatchObject({ code: 404, error_detail: "No beer" });
  });

  it("answers a repeated lookup from the cache without calling upstream or spending budget", async () => {
    const spent = async () => (await (await db()).select().from(rateLimits)).reduce((sum, row) => sum + row.count, 0);
    const first = await v4("beer/info/21");
    const afterFirst = await spent();
    const second = await v4("beer/info/21");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.body).toEqual(first.body);
    expect(upstream.calls("/v4/beer/info/21")).toBe(1);
    expect(afterFirst).toBeGreaterThan(0);
    expect(await spent()).toBe(afterFirst);
  });

  it("passes on only the endpoint's documented parameters, so junk neither reaches the upstream nor busts the cache", async () => {
    const first = await v4("beer/info/7?compact=true&junk=1");
    const second = await v4("beer/info/7?junk=2&compact=true&other=x");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(upstream.calls("/v4/beer/info/7")).toBe(1);
    const [request] = upstream.seen;
    expect([...request!.query.keys()].sort()).toEqual(["client_id", "client_secret", "compact"]);
  });

  it("gives each business a share of the app's hour, so one tenant cannot starve the others", async () => {
    configure({ V4_HOURLY_LIMIT: "20", V4_BUSINESS_SHARE_PERCENT: "25" });
    const rival = await login("rival");
    for (let bid = 101; bid <= 105; bid++) expect((await v4(`beer/info/${bid}`)).status, String(bid)).toBe(200);
    const starved = await v4("beer/info/106");
    expect(starved.status).toBe(429);
    expect(starved.body.meta.error_type).toBe("rate_limit");
    expect(Number(starved.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(upstream.calls("/v4/beer/info/106")).toBe(0);
    // The other business still has its own share, and cached answers cost nobody anything.
    expect((await v4("beer/info/106", { as: rival.ro })).status).toBe(200);
    expect((await v4("beer/info/101")).headers.get("x-cache")).toBe("HIT");
    // Catalogue lookups for menus draw on the same share.
    const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
    const menu = (await api.get(`locations/${location}/menus`, { as: owner.ro })).body.menus[0];
    const section = (await api.get(`menus/${menu.id}/sections`, { as: owner.ro })).body.sections[0];
    expect((await api.post(`sections/${section.id}/items`, { as: owner.rw, body: { item: { untappd_id: 107 } } })).status).toBe(429);
    expect((await api.get("items/search?q=pils", { as: owner.ro })).status).toBe(429);
  });

  // Issue 47 row 10: four free sign-ups × 25 lookups of unknown beers spent the instance's hour, and
  // every business's v4 calls and catalogue search answered 429.
  it("keeps each business's guaranteed part of the hour: new sign-ups spending theirs leave the others theirs", async () => {
    const fresh = await startFakeUpstream(); // its own count of calls left, untouched by other tests
    configure({ V4_API_URL: fresh.url, V4_HOURLY_LIMIT: "100" });
    const database = await db();
    // The businesses so far are old customers; the sign-ups below are new.
    await database.update(businesses).set({ createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) });
    const signups = [];
    for (let i = 0; i < 4; i++) {
      const created = await api.post("signup", {
        body: { business_name: `Free Tap ${i}`, name: "Fay", email: `free-${i}@nowhere.test`, password: "a long and quiet harbour" },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      signups.push({ email: created.body.user.email as string, token: created.body.user.auth_token_read_only as string });
    }
    let served = 0;
    for (const [i, who] of signups.entries()) {
      // Unknown beers (the fake platform has none above 5000): each lookup is a call all the same.
      for (let n = 0; n < 25; n++) if ((await v4(`beer/info/${6000 + i * 100 + n}`, { as: who })).status !== 429) served++;
    }
    // N businesses: each is guaranteed ⌊100 / N⌋ calls (at most its 25), and a new one gets no more.
    const total = (await database.select().from(businesses)).length;
    const guaranteed = Math.min(25, Math.floor(100 / total));
    expect(served).toBe(4 * guaranteed);
    // An old customer still has its guarantee, then the calls no guarantee holds (the hour less G × N).
    const borrowable = 100 - guaranteed * total;
    for (let n = 0; n < guaranteed + borrowable; n++) expect((await v4(`beer/info/${7000 + n}`)).status, `call ${n + 1}`).toBe(404);
    expect((await v4("beer/info/7999")).status).toBe(429);
    // Another old customer's guarantee is untouched by all of it.
    const rival = await login("rival");
    for (let n = 0; n < guaranteed; n++) expect((await v4(`beer/info/${8000 + n}`, { as: rival.ro })).status, `rival ${n + 1}`).toBe(404);
    await fresh.close();
  });

  it("answers HEAD like GET without a body, and OPTIONS and 405 with the methods a path really takes", async () => {
    const head = await call("HEAD", "/api/v4/beer/info/8?compact=true", { as: owner.ro });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers.get("x-cache")).toBe("MISS");
    expect((await v4("beer/info/8?compact=true")).headers.get("x-cache")).toBe("HIT");
    const options = async (path: string) => call("OPTIONS", `/api/v4/${path}`);
    expect((await options("beer/info/8")).status).toBe(204);
    expect((await options("beer/info/8")).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await options("checkin/add")).headers.get("allow")).toBe("POST, OPTIONS");
    expect((await options("no/such/endpoint")).status).toBe(404);
    const seen = upstream.seen.length;
    for (const method of ["POST", "DELETE"]) {
      const wrong = await call(method, "/api/v4/beer/info/8", { as: owner.rw });
      expect(wrong.status, method).toBe(405);
      expect(wrong.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(wrong.body.meta.error_type).toBe("invalid_method");
    }
    expect(upstream.seen).toHaveLength(seen);
  });

  it("shares one upstream call among 10 identical concurrent lookups", async () => {
    const slow = await startFakeUpstream({ delayMs: 150 });
    configure({ V4_API_URL: slow.url });
    const answers = await Promise.all(Array.from({ length: 10 }, () => v4("beer/info/33")));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(slow.calls("/v4/beer/info/33")).toBe(1);
    await slow.close();
  });

  it("answers a spent budget itself with 429, without calling upstream", async () => {
    // Three calls each for the N businesses: this one's three are its guarantee, the rest are the others'.
    const total = (await (await db()).select().from(businesses)).length;
    configure({ V4_HOURLY_LIMIT: String(3 * total), V4_BUSINESS_SHARE_PERCENT: "100", V4_NEW_BUSINESS_DAYS: "0" });
    for (const bid of [41, 42, 43]) expect((await v4(`beer/info/${bid}`)).status).toBe(200);
    const spent = await v4("beer/info/44");
    expect(spent.status).toBe(429);
    expect(spent.body).toEqual({
      meta: { code: 429, error_detail: expect.any(String), error_type: "rate_limit", developer_friendly: expect.any(String) },
      response: [],
    });
    expect(Number(spent.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(upstream.calls("/v4/beer/info/44")).toBe(0);
    expect((await v4("beer/info/41")).headers.get("x-cache")).toBe("HIT"); // cached answers still flow
  });

  it("follows the upstream when it reports fewer calls left than we counted", async () => {
    configure({ V4_HOURLY_LIMIT: "100" });
    await v4("beer/info/51"); // the fake upstream reports fewer remaining with every call it gets
    // Two counters moved: the business's share (one call) and the app key's, raised to the upstream's count.
    const counts = (await (await db()).select().from(rateLimits)).map((row) => row.count).sort();
    expect(counts).toHaveLength(2);
    expect(counts[0]).toBe(1);
    expect(counts[1]).toBeGreaterThan(1);
  });

  it.each([
    ["a closed port", "http://127.0.0.1:1", "beer/info/1", 502, "upstream_unreachable"],
    ["a server that never answers", null, "beer/info/4999", 504, "upstream_timeout"],
    ["a body that is not JSON", null, "beer/info/4998", 502, "upstream_malformed"],
  ])("answers %s in the v4 error envelope", async (_name, url, path, status, type) => {
    if (url) configure({ V4_API_URL: url });
    const response = await v4(path as string);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({
      meta: { code: status, error_detail: expect.any(String), error_type: type, developer_friendly: expect.any(String) },
      response: [],
    });
  });

  it.each([
    ["an endpoint the spec does not list", "GET", ["beer", "delete", "1"]],
    ["a dot-dot segment", "GET", ["beer", "..", "..", "v1", "current_user"]],
    ["an encoded dot-dot segment", "GET", ["beer", "info", "%2e%2e"]],
    ["an empty segment (//host)", "GET", ["", "evil.test", "v4", "beer", "info", "1"]],
    ["a segment with a slash", "GET", ["beer", "info", "1/../../x"]],
    ["an id that is not a number", "GET", ["beer", "info", "abc"]],
  ])("refuses %s with 404 and calls nothing", async (_name, method, segments) => {
    const { GET, POST } = await import("@/app/api/v4/[...path]/route");
    const handler = method === "GET" ? GET : POST;
    const request = new Request("http://127.0.0.1:3000/api/v4/x", {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${owner.ro.email}:${owner.ro.token}`).toString("base64")}` },
    });
    const response = await handler(request, { params: Promise.resolve({ path: segments }) });
    expect(response.status).toBe(404);
    expect((await response.json()).meta.error_type).toBe("invalid_method");
    expect(upstream.seen).toHaveLength(0);
  });

  it("asks who is calling, in the v4 envelope", async () => {
    const response = await call("GET", "/api/v4/beer/info/1");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic/);
    expect(response.body.meta.error_type).toBe("invalid_auth");
  });
});

describe("a Taproom token as access_token (contract §7)", () => {
  it("calls with either token alone, as the platform's libraries send it, and never forwards it", async () => {
    const plain = await call("GET", `/api/v4/beer/info/7?compact=true&access_token=${owner.ro.token}`);
    expect(plain.status).toBe(200);
    const [request] = upstream.seen;
    expect(request!.query.has("access_token")).toBe(false);
    expect(request!.query.get("client_id")).toBe("test-client");
    // The read-write one acts as the user, as Basic with it does (not connected here: 403, not 401).
    const asUser = await call("GET", `/api/v4/notifications?access_token=${owner.rw.token}`);
    expect(asUser.status).toBe(403);
    expect(asUser.body.meta.error_type).toBe("not_connected");
    const readOnly = await call("GET", `/api/v4/notifications?access_token=${owner.ro.token}`);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.meta.error_type).not.toBe("not_connected");
  });

  it("answers a value that is no Taproom token with 401 in the v4 envelope, calling nothing", async () => {
    for (const token of ["not-a-token", "", `${owner.ro.token}x`]) {
      const response = await call("GET", `/api/v4/beer/info/7?access_token=${encodeURIComponent(token)}`);
      expect(response.status).toBe(401);
      expect(response.body.meta.error_type).toBe("invalid_auth");
    }
    expect(upstream.seen).toHaveLength(0);
  });
});

describe("calls that act as the user", () => {
  it("need the read-write token and a connected account", async () => {
    expect((await v4("notifications")).status).toBe(403);
    const notConnected = await v4("notifications", { as: owner.rw });
    expect(notConnected.status).toBe(403);
    expect(notConnected.body.meta.error_type).toBe("not_connected");
    expect(upstream.seen).toHaveLength(0);
  });

  it("connects through OAuth with a one-use state, stores the token sealed, and acts as the user", async () => {
    const start = await call("GET", "/api/v4/oauth/connect?return_to=/menus", { as: owner.rw });
    expect(start.status).toBe(302);
    const authenticate = new URL(start.headers.get("location")!);
    expect(`${authenticate.origin}${authenticate.pathname}`).toBe(`${upstream.url}/oauth/authenticate/`);
    expect(authenticate.searchParams.get("client_id")).toBe("test-client");
    expect(authenticate.searchParams.get("response_type")).toBe("code");
    const redirect = authenticate.searchParams.get("redirect_url")!;
    expect(redirect).toMatch(/\/api\/v4\/oauth\/callback$/);
    const state = authenticate.searchParams.get("state")!;

    expect(start.headers.get("set-cookie")).toMatch(
      /^taproom_oauth=[\w-]{32,}; Path=\/api\/v4\/oauth; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
    const wrongState = await call("GET", `/api/v4/oauth/callback?code=good-code&state=forged`, { headers: bindingOf(start) });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.meta.error_type).toBe("invalid_state");

    // The state alone, in another browser (no binding cookie, or another one), connects nothing.
    for (const headers of [{}, { cookie: "taproom_oauth=someone-elses-binding" }] as Record<string, string>[]) {
      const elsewhere = await call("GET", `/api/v4/oauth/callback?code=good-code&state=${state}`, { headers });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.meta.error_type).toBe("invalid_state");
    }
    const back = await call("GET", `/api/v4/oauth/callback?code=good-code&state=${state}`, { headers: bindingOf(start) });
    expect(back.status).toBe(302);
    expect(back.headers.get("set-cookie")).toMatch(/^taproom_oauth=; .*Max-Age=0/);
    expect(new URL(back.headers.get("location")!).pathname).toBe("/menus");
    const exchange = upstream.seen.find((request) => request.path.startsWith("/oauth/authorize"))!;
    expect(exchange.query.get("redirect_url")).toBe(redirect);
    expect(exchange.query.get("client_secret")).toBe("test-secret");

    const [account] = await (await db()).select().from(beerAccounts);
    expect(JSON.stringify(account)).not.toContain("platform-token-123");
    expect(account!.platformUserName).toBe("demo_owner");
    expect((await call("GET", `/api/v4/oauth/callback?code=good-code&state=${state}`, { headers: bindingOf(start) })).status).toBe(400); // state used up

    const status = await call("GET", "/api/v4/oauth/connection", { as: owner.ro });
    expect(status.body.connection).toMatchObject({ connected: true, platform_user_name: "demo_owner" });
    expect(JSON.stringify(status.body)).not.toContain("platform-token-123");

    upstream.seen.length = 0;
    const notifications = await v4("notifications", { as: owner.rw });
    expect(notifications.status).toBe(200);
    expect(upstream.seen[0]!.query.get("access_token")).toBe("platform-token-123");
    expect(notifications.headers.get("x-cache")).toBeNull();

    const toast = await call("POST", "/api/v4/checkin/toast/77", { as: owner.rw, body: {} });
    expect(toast.status).toBe(200);
    expect(upstream.seen.at(-1)!.method).toBe("POST");

    // Credentials in a form body are the caller's, and are dropped like those in the query.
    const shout = await call("POST", "/api/v4/checkin/add", {
      as: owner.rw,
      rawBody: "bid=7&shout=Cheers&access_token=evil-token&client_secret=evil-secret&CLIENT_ID=evil-id",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(shout.status).toBe(200);
    const sent = new URLSearchParams(upstream.seen.at(-1)!.body);
    const calls = upstream.seen.length;
    const huge = await call("POST", "/api/v4/checkin/add", {
      as: owner.rw,
      rawBody: `bid=7&shout=${"x".repeat(2 * 1024 * 1024)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.meta.error_type).toBe("payload_too_large");
    expect(upstream.seen).toHaveLength(calls);
    expect([...sent.keys()].sort()).toEqual(["bid", "shout"]);
    expect(upstream.seen.at(-1)!.query.get("access_token")).toBe("platform-token-123");
    expect(upstream.seen.at(-1)!.query.get("client_id")).toBe("test-client");

    const gone = await call("DELETE", "/api/v4/oauth/connection", { as: owner.rw });
    expect(gone.body.connection.connected).toBe(false);
    expect(await (await db()).select().from(beerAccounts).where(eq(beerAccounts.userId, account!.userId))).toEqual([]);
  });

  it("lets only the read-write token start a connection", async () => {
    const refused = await call("GET", "/api/v4/oauth/connect", { as: owner.ro });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.error_type).toBe("not_allowed");
    expect(refused.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a callback whose code the platform rejects, and a denied consent", async () => {
    const start = await call("GET", "/api/v4/oauth/connect", { as: owner.rw });
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const rejected = await call("GET", `/api/v4/oauth/callback?code=bad-code&state=${state}`, { headers: bindingOf(start) });
    expect(rejected.status).toBe(502);
    const again = await call("GET", "/api/v4/oauth/connect", { as: owner.rw });
    const denied = await call(
      "GET",
      `/api/v4/oauth/callback?error=access_denied&state=${new URL(again.headers.get("location")!).searchParams.get("state")}`,
      {
        headers: bindingOf(again),
      },
    );
    expect(denied.status).toBe(400);
    expect(denied.body.meta.error_type).toBe("access_denied");
  });

  it.each([
    "//evil.test/x",
    "/%09/evil.test",
    "/%0a/evil.test",
    "/%0d%0a/evil.test",
    "/%5c/evil.test",
    "/\\evil.test",
    "https://evil.test/",
  ])("never redirects back to another site (return_to=%s)", async (returnTo) => {
    const start = await call("GET", `/api/v4/oauth/connect?return_to=${returnTo}`, { as: owner.rw });
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const back = await call("GET", `/api/v4/oauth/callback?code=good-code&state=${state}`, { headers: bindingOf(start) });
    const target = new URL(back.headers.get("location")!);
    expect(target.host).toBe("127.0.0.1:3000");
    expect(target.pathname).toBe("/");
  });
});

/** Connects the owner's platform account through the fake upstream's OAuth (code "good-code"). */
async function connectOwner() {
  const start = await call("GET", "/api/v4/oauth/connect", { as: owner.rw });
  const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
  const back = await call("GET", `/api/v4/oauth/callback?code=good-code&state=${state}`, { headers: bindingOf(start) });
  expect(back.status).toBe(302);
  upstream.seen.length = 0;
}

describe("client code written for the platform, unchanged", () => {
  const form = (body: Record<string, string>) => ({
    as: owner.rw,
    rawBody: new URLSearchParams(body).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  it("may use the platform's own names or the spec's; a real platform is sent its own", async () => {
    await connectOwner();
    const place = { bid: "7", gmt_offset: "-5", timezone: "EST", geolat: "40.7", geolng: "-74" };
    const platform = await call(
      "POST",
      "/api/v4/checkin/add",
      form({ ...place, foursquare_id: "abc123", twitter: "on", facebook: "off", foursquare: "on" }),
    );
    const neutral = await call(
      "POST",
      "/api/v4/checkin/add",
      form({ ...place, directory_id: "abc123", social_1: "on", social_2: "off", directory: "on" }),
    );
    expect([platform.status, neutral.status]).toEqual([200, 200]);
    const [first, second] = upstream.seen.map((request) => Object.fromEntries(new URLSearchParams(request.body)));
    const expected = { ...place, foursquare_id: "abc123", twitter: "on", facebook: "off", foursquare: "on" };
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);

    for (const path of ["venue/directory_lookup/4a1b2c3d4e5f60718293a4b5", "venue/foursquare_lookup/4a1b2c3d4e5f60718293a4b5"]) {
      expect((await v4(path, { as: owner.rw })).status, path).toBe(200);
      expect(upstream.seen.at(-1)!.path).toBe("/v4/venue/foursquare_lookup/4a1b2c3d4e5f60718293a4b5");
    }
  });

  it("refuses a platform name and its spec word with different values, calling nothing", async () => {
    await connectOwner();
    const both = await call("POST", "/api/v4/checkin/add", form({ bid: "7", directory_id: "aaa", foursquare_id: "bbb" }));
    expect(both.status).toBe(400);
    expect(both.body.meta.error_type).toBe("invalid_param");
    expect(upstream.seen).toHaveLength(0);
    expect((await call("POST", "/api/v4/checkin/add", form({ bid: "7", directory_id: "aaa", foursquare_id: "aaa" }))).status).toBe(200);
    expect(new URLSearchParams(upstream.seen[0]!.body).getAll("foursquare_id")).toEqual(["aaa"]);
  });

  it("may send a multipart form body, as FormData does: its text fields go on, its files do not", async () => {
    await connectOwner();
    const fields = new FormData();
    for (const [name, value] of Object.entries({ bid: "7", shout: "Prost – ünïcode", foursquare_id: "abc123", geolat: "1", geolng: "2" }))
      fields.append(name, value);
    fields.append("photo", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0x00])], { type: "image/jpeg" }), "label.jpg");
    const encoded = new Request("http://encoder.test/", { method: "POST", body: fields });
    const sent = await call("POST", "/api/v4/checkin/add", {
      as: owner.rw,
      rawBody: await encoded.text(),
      headers: { "content-type": encoded.headers.get("content-type")! },
    });
    expect(sent.status).toBe(200);
    expect(Object.fromEntries(new URLSearchParams(upstream.seen.at(-1)!.body))).toEqual({
      bid: "7",
      shout: "Prost – ünïcode",
      foursquare_id: "abc123",
      geolat: "1",
      geolng: "2",
    });
    const broken = await call("POST", "/api/v4/checkin/add", {
      as: owner.rw,
      rawBody: "not multipart at all",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(broken.status).toBe(400);
    expect(upstream.seen).toHaveLength(1);
  });

  it("may send friend and wish-list calls as POST and the toast as GET: the platform gets the spec's method", async () => {
    await connectOwner();
    const byGet = await call("GET", "/api/v4/friend/request/42", { as: owner.rw });
    const byPost = await call("POST", "/api/v4/friend/request/42", { as: owner.rw });
    expect(byPost.status).toBe(200);
    expect(byPost.body).toEqual(byGet.body);
    expect(upstream.seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      "GET /v4/friend/request/42",
      "GET /v4/friend/request/42",
    ]);

    const added = await call("POST", "/api/v4/user/wishlist/add", form({ bid: "7" }));
    expect(added.status).toBe(200);
    const sent = upstream.seen.at(-1)!;
    expect([sent.method, sent.path, sent.query.get("bid"), sent.body]).toEqual(["GET", "/v4/user/wishlist/add", "7", ""]);

    const toast = await call("GET", "/api/v4/checkin/toast/77", { as: owner.rw });
    expect(toast.status).toBe(200);
    expect(`${upstream.seen.at(-1)!.method} ${upstream.seen.at(-1)!.path}`).toBe("POST /v4/checkin/toast/77");

    // Only these endpoints; and HEAD, a GET without its answer, never runs a call that changes something.
    const options = async (path: string) => (await call("OPTIONS", `/api/v4/${path}`)).headers.get("allow");
    expect(await options("friend/accept/42")).toBe("GET, POST, OPTIONS");
    expect(await options("checkin/toast/77")).toBe("GET, POST, OPTIONS");
    expect(await options("notifications")).toBe("GET, HEAD, OPTIONS");
    const calls = upstream.seen.length;
    expect((await call("HEAD", "/api/v4/friend/request/42", { as: owner.rw })).status).toBe(405);
    expect((await call("GET", "/api/v4/checkin/addcomment/77", { as: owner.rw })).status).toBe(405);
    expect((await call("POST", "/api/v4/notifications", { as: owner.rw })).status).toBe(405);
    expect(upstream.seen).toHaveLength(calls);
  });

  it("gets paging links to the same call through this forwarder, on the host it called, without credentials", async () => {
    const page = await v4("user/checkins/demo_owner?limit=2");
    expect(page.status).toBe(200);
    expect(page.body.response.pagination).toEqual({
      next_url: "http://127.0.0.1:3000/api/v4/user/checkins/demo_owner?max_id=41&limit=2",
      since_url: "http://127.0.0.1:3000/api/v4/user/checkins/demo_owner?min_id=43&limit=2",
      max_id: 41,
    });
    // Links that are not the upstream's API are left alone.
    expect(page.body.response.elsewhere).toEqual({ website: `${upstream.url}/about`, profile: "https://profiles.test/v4/user/x" });
    expect(JSON.stringify(page.body)).not.toMatch(/client_id|client_secret|test-secret|redacted/);

    // The cached answer names each caller's own host: the Host (or a proxy's X-Forwarded-Host and -Proto) they used.
    const proxied = await v4("user/checkins/demo_owner?limit=2", {
      headers: { "x-forwarded-host": "taproom.example:8443", "x-forwarded-proto": "https" },
    });
    expect(proxied.headers.get("x-cache")).toBe("HIT");
    expect(proxied.body.response.pagination.next_url).toBe(
      "https://taproom.example:8443/api/v4/user/checkins/demo_owner?max_id=41&limit=2",
    );
    const doubled = await v4("v4/user/checkins/demo_owner?limit=2", { headers: { host: "menus.example" } });
    expect(doubled.body.response.pagination.since_url).toBe("http://menus.example/api/v4/v4/user/checkins/demo_owner?min_id=43&limit=2");
    configure({ APP_URL: "https://menus.example" });
    try {
      const behindTls = await v4("user/checkins/demo_owner?limit=2", { headers: { host: "menus.example" } });
      expect(behindTls.body.response.pagination.next_url).toBe("https://menus.example/api/v4/user/checkins/demo_owner?max_id=41&limit=2");
      const garbage = await v4("user/checkins/demo_owner?limit=2", { headers: { "x-forwarded-host": "evil.test/x?" } });
      expect(garbage.body.response.pagination.next_url).toBe("http://127.0.0.1:3000/api/v4/user/checkins/demo_owner?max_id=41&limit=2");
    } finally {
      configure({ APP_URL: undefined });
    }
    expect(upstream.calls("/v4/user/checkins/demo_owner")).toBe(1);
  });
});

describe("catalogue-backed menu items", () => {
  it("fill an item from beer/info and search the catalogue through the forwarder's client", async () => {
    const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
    const menu = (await api.get(`locations/${location}/menus`, { as: owner.ro })).body.menus[0];
    const section = (await api.get(`menus/${menu.id}/sections`, { as: owner.ro })).body.sections[0];
    const created = await api.post(`sections/${section.id}/items`, { as: owner.rw, body: { item: { untappd_id: 64 } } });
    expect(created.status).toBe(201);
    expect(created.body.item).toMatchObject({
      untappd_id: 64,
      name: "Beer 64",
      brewery: "Fake Brewing",
      brewery_location: "Austin, TX, United States",
      abv: "5.5",
      ibu: "40.0",
      rating: "3.75",
      untappd_brewery_id: 9,
      calories: "165",
      original_calories: "165",
      custom_calories: null,
    });
    expect(upstream.seen.at(-1)!.query.get("compact")).toBe("true");
    expect((await api.post(`sections/${section.id}/items`, { as: owner.rw, body: { item: { untappd_id: 9999 } } })).status).toBe(422);
    const search = await api.get("items/search?q=beer", { as: owner.ro });
    // The platform's three, and the beers kept when they were added or passed on by earlier tests (decision 061).
    expect(search.body.items.map((item: { untappd_id: number }) => item.untappd_id)).toEqual(expect.arrayContaining([1, 2, 3, 64]));
    for (const item of search.body.items) expect(item.name).toMatch(/^Beer \d+$/);
    expect(upstream.calls("/v4/search/beer")).toBe(1);
  });

  it("say so when the platform is down", async () => {
    configure({ V4_API_URL: "http://127.0.0.1:1" });
    const response = await api.get("items/search?q=anything", { as: owner.ro });
    expect(response.status).toBe(503);
    expect(response.body.code).toBe("catalogue_unavailable");
  });
});

describe("the sandbox's consent page", () => {
  it("answers 404 while a real platform is configured", async () => {
    const response = await call("GET", "/sandbox/oauth/authenticate?client_id=taproom-sandbox&response_type=code");
    expect(response.status).toBe(404);
  });
});
