import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flushMenuViews } from "@/lib/insights/menu-views";
import { eq } from "drizzle-orm";
import { api, basic, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { browserSessions, menuViewCounts, rateLimits, users } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/server/env";
import { hashToken } from "@/lib/auth/tokens";
import { countStatements } from "@/lib/db/statement-count";
import { settle } from "@/lib/live/bus";
import {
  SESSION_COOKIE,
  SESSION_LIFETIME_SECONDS,
  findBrowserSessionUser,
  readSessionCookie,
  startBrowserSession,
} from "@/lib/auth/browser-sessions";
import { safeNextPath } from "@/lib/auth/page-session";

const ORIGIN = "http://127.0.0.1:3000"; // test/api.ts sends every request to this origin
const owner = { email: "owner@demo.test", password: "demo-owner-pass" };
const rival = { email: "rival@demo.test", password: "demo-rival-pass" };
let address = 0;
// A distinct client address per attempt keeps the per-address limit out of tests that are not about it.
const from = () => ({ "x-forwarded-for": `198.51.100.${++address}` });
const newEvent = (name = "Cask Night") => ({ event: { name, description: "", start_time_date: "2027-07-04", start_time_time: "20:00" } });

function configure(settings: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

/** Signs in through POST /api/session and returns the Cookie header that carries the session. */
async function signIn(who = owner): Promise<{ cookie: string; token: string }> {
  const response = await api.post("/api/session", { body: who, headers: { ...from(), origin: ORIGIN } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const token = response.headers.get("set-cookie")!.match(new RegExp(`^${SESSION_COOKIE}=([^;]+);`))![1]!;
  return { cookie: `${SESSION_COOKIE}=${token}`, token };
}

let tokens: Account;
let location: number;
beforeAll(async () => {
  tokens = await login("owner", "203.0.113.50");
  location = (await api.get("locations", { as: tokens.ro })).body.locations[0].id;
});
beforeEach(async () => {
  // Sign-ins are rate limited; each test starts with fresh counters unless it is about them.
  await (await db()).delete(rateLimits);
});
afterEach(() => configure({ APP_URL: undefined }));

describe("POST /api/session", () => {
  it("sets an HttpOnly SameSite=Lax cookie and returns the user without tokens", async () => {
    const response = await api.post("/api/session", { body: owner, headers: { ...from(), origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body.user).toMatchObject({ id: expect.any(Number), email: owner.email, name: expect.any(String) });
    const text = JSON.stringify(response.body);
    expect(text).not.toContain("auth_token");
    expect(text).not.toContain(tokens.rw.token);
    expect(text).not.toContain(tokens.ro.token);

    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^taproom_session=[A-Za-z0-9_-]{43}; /);
    const attributes = cookie.split("; ").slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${SESSION_LIFETIME_SECONDS}`]));
    expect(attributes.some((a) => a.startsWith("Expires="))).toBe(true);
    expect(attributes).not.toContain("Secure"); // plain http, no https APP_URL

    // Only the hash is stored, expiring in 14 days.
    const token = cookie.match(/^taproom_session=([^;]+)/)![1]!;
    const rows = await (await db())
      .select()
      .from(browserSessions)
      .where(eq(browserSessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(lifetime).toBe(SESSION_LIFETIME_SECONDS * 1000);
  });

  it("marks the cookie Secure over https or when APP_URL is https", async () => {
    const overHttps = await api.post("https://taproom.example/api/session", {
      body: owner,
      headers: { ...from(), origin: "https://taproom.example" },
    });
    expect(overHttps.status).toBe(200);
    expect(overHttps.headers.get("set-cookie")).toMatch(/; Secure$/);

    configure({ APP_URL: "https://taproom.example" });
    // Behind a proxy the app may see http://internal…; the browser's Origin is APP_URL's.
    const behindProxy = await api.post("/api/session", { body: owner, headers: { ...from(), origin: "https://taproom.example" } });
    expect(behindProxy.status).toBe(200);
    expect(behindProxy.headers.get("set-cookie")).toMatch(/; Secure$/);
  });

  it("answers a wrong password with 401, no Basic challenge and no cookie", async () => {
    for (const body of [
      { ...owner, password: "nope" },
      { email: "ghost@demo.test", password: "nope" },
    ]) {
      const response = await api.post("/api/session", { body, headers: { ...from(), origin: ORIGIN } });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: "unauthorized", status: 401 });
      expect(response.headers.get("www-authenticate")).toBeNull();
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("refuses a sign-in from another site (login CSRF) before checking anything", async () => {
    const before = await (await db()).select().from(browserSessions);
    for (const headers of [
      { origin: "https://evil.example" },
      {},
      { origin: "null" },
      { origin: ORIGIN, "sec-fetch-site": "cross-site" },
      { origin: ORIGIN, "sec-fetch-site": "same-site" },
    ] as Record<string, string>[]) {
      const response = await api.post("/api/session", { body: owner, headers: { ...from(), ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toMatchObject({ code: "cross_site_request", status: 403, type: "urn:taproom:problem:cross_site_request" });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await (await db()).select().from(browserSessions)).toEqual(before);
    // Refused before the attempt counts: no rate-limit counter was touched.
    expect(await (await db()).select().from(rateLimits)).toEqual([]);
  });

  it("validates the body like POST /api/v1/sessions", async () => {
    const response = await api.post("/api/session", { body: { email: owner.email }, headers: { ...from(), origin: ORIGIN } });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("validation_failed");
  });

  it("shares the per-email limit with POST /api/v1/sessions: the 11th attempt is 429", async () => {
    for (let i = 0; i < 10; i++) {
      const body = i % 3 === 0 ? rival : { ...rival, password: "wrong" };
      const response =
        i % 2 === 0
          ? await api.post("/api/session", { body, headers: { ...from(), origin: ORIGIN } })
          : await api.post("sessions", { body, headers: from() });
      expect(response.status, `attempt ${i + 1}`).toBe(i % 3 === 0 ? 200 : 401);
    }
    const limited = await api.post("/api/session", { body: rival, headers: { ...from(), origin: ORIGIN } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("set-cookie")).toBeNull();
    expect((await api.post("sessions", { body: rival, headers: from() })).status).toBe(429);
    // Another email is not affected.
    expect((await api.post("/api/session", { body: owner, headers: { ...from(), origin: ORIGIN } })).status).toBe(200);
  });
});

describe("the cookie on /api/v1", () => {
  it("reads with only the cookie", async () => {
    const { cookie } = await signIn();
    const me = await api.get("current_user", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.current_user.email).toBe(owner.email);
    const locations = await api.get("locations", { headers: { cookie: `other=1; ${cookie}; theme=dark` } });
    expect(locations.status).toBe(200);
    expect(locations.body.locations.map((l: { id: number }) => l.id)).toContain(location);
  });

  it("does not count the dashboard's own full-menu reads as menu views; integrations' reads still count", async () => {
    const { cookie } = await signIn();
    const menuId = (await api.get(`locations/${location}/menus`, { as: tokens.ro })).body.menus[0].id;
    const customId = (await api.get(`locations/${location}/custom_menus`, { as: tokens.ro })).body.custom_menus[0].id;
    const views = async () =>
      (await (await flushMenuViews(await db()).then(db)).select().from(menuViewCounts)).reduce((sum, row) => sum + row.count, 0);
    const before = await views();
    expect((await api.get(`menus/${menuId}?full=true`, { headers: { cookie } })).status).toBe(200);
    expect((await api.get(`custom_menus/${customId}?full=true`, { headers: { cookie } })).status).toBe(200);
    expect(await views()).toBe(before);
    expect((await api.get(`menus/${menuId}?full=true`, { as: tokens.ro })).status).toBe(200);
    expect((await api.get(`custom_menus/${customId}?full=true`, { as: tokens.ro })).status).toBe(200);
    expect(await views()).toBe(before + 2);
  });

  it("writes with the cookie and this site's Origin", async () => {
    const { cookie } = await signIn();
    const created = await api.post(`locations/${location}/events`, {
      headers: { cookie, origin: ORIGIN, "sec-fetch-site": "same-origin" },
      body: newEvent(),
    });
    expect(created.status).toBe(201);
    const deleted = await api.delete(`events/${created.body.event.id}`, { headers: { cookie, origin: ORIGIN } });
    expect(deleted.status).toBe(200);
  });

  it("judges the Origin by the Host the browser addressed (Next.js builds request.url from its own hostname)", async () => {
    const { cookie } = await signIn();
    // The test server is http://127.0.0.1:3000; `next start -H 127.0.0.1` answers as localhost in request.url.
    const direct = await api.post(`locations/${location}/events`, {
      headers: { cookie, host: "192.0.2.7:3300", origin: "http://192.0.2.7:3300" },
      body: newEvent(),
    });
    expect(direct.status, JSON.stringify(direct.body)).toBe(201);
    // X-Forwarded-Host counts only behind a trusted proxy: without one any client could send it (issue 31 row 7).
    const forged = await api.post(`locations/${location}/events`, {
      headers: { cookie, "x-forwarded-host": "evil.test", origin: "http://evil.test" },
      body: newEvent(),
    });
    expect(forged.status).toBe(403);
    process.env.TRUSTED_PROXY_COUNT = "1";
    resetEnvForTests();
    try {
      const proxied = await api.post(`locations/${location}/events`, {
        headers: { cookie, "x-forwarded-host": "taproom.example", origin: "https://taproom.example" },
        body: newEvent(),
      });
      expect(proxied.status, JSON.stringify(proxied.body)).toBe(201);
    } finally {
      delete process.env.TRUSTED_PROXY_COUNT;
      resetEnvForTests();
    }
    const foreign = await api.post(`locations/${location}/events`, {
      headers: { cookie, host: "192.0.2.7:3300", origin: "http://192.0.2.8:3300" },
      body: newEvent(),
    });
    expect(foreign.status).toBe(403);
  });

  it("accepts APP_URL's origin too", async () => {
    configure({ APP_URL: "https://taproom.example" });
    const { cookie } = await signIn();
    const created = await api.post(`locations/${location}/events`, {
      headers: { cookie, origin: "https://taproom.example" },
      body: newEvent(),
    });
    expect(created.status).toBe(201);
  });

  it.each([
    ["another Origin", { origin: "https://evil.example" }],
    ["another port", { origin: "http://127.0.0.1:3001" }],
    ["no Origin", {}],
    ["Origin null", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { origin: ORIGIN, "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { origin: ORIGIN, "sec-fetch-site": "same-site" }],
  ])("refuses a cookie write with %s: 403 cross_site_request, nothing changes", async (_name, headers) => {
    const { cookie } = await signIn();
    const before = await snapshot();
    for (const [method, url, body] of [
      ["post", `locations/${location}/events`, newEvent("Forged")],
      ["patch", `locations/${location}/hours`, { hours: [{ id: 1, closed: true }] }],
      ["delete", "sessions", undefined],
    ] as const) {
      const response = await api[method](url, { headers: { cookie, ...headers }, body });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body).toMatchObject({ code: "cross_site_request", status: 403, title: "Forbidden" });
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("leaves Basic auth alone: writes need no Origin, and a cookie does not rescue a bad header", async () => {
    const created = await api.post(`locations/${location}/events`, { as: tokens.rw, body: newEvent() });
    expect(created.status).toBe(201);
    const foreign = await api.post(`locations/${location}/events`, {
      as: tokens.rw,
      body: newEvent(),
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(201);

    const { cookie } = await signIn();
    const badHeader = await api.get("current_user", {
      headers: { cookie, authorization: basic({ email: owner.email, token: "x".repeat(43) }) },
    });
    expect(badHeader.status).toBe(401);
    expect(badHeader.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    // The read-only token stays read-only even next to a session cookie.
    const readOnly = await api.post(`locations/${location}/events`, {
      as: tokens.ro,
      body: newEvent(),
      headers: { cookie, origin: ORIGIN },
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("read_only_token");
  });

  it("answers an unknown or expired session with 401", async () => {
    const database = await db();
    const [user] = await database.select().from(users).where(eq(users.email, owner.email));
    const past = new Date(Date.now() - (SESSION_LIFETIME_SECONDS + 60) * 1000);
    const expired = await startBrowserSession(database, { userId: user!.id, now: past });
    expect(expired.expiresAt.getTime()).toBeLessThan(Date.now());
    for (const value of [expired.token, "x".repeat(43), "garbage"]) {
      const response = await api.get("current_user", { headers: { cookie: `${SESSION_COOKIE}=${value}` } });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe("unauthorized");
      expect(response.body.detail).toMatch(/sign in/i);
    }
    const session = await api.get("/api/session", { headers: { cookie: `${SESSION_COOKIE}=${expired.token}` } });
    expect(session.status).toBe(401);
    expect(session.headers.get("set-cookie")).toMatch(/^taproom_session=; .*Max-Age=0/);
  });

  it("keeps the Basic challenge for integrations but not for the dashboard's scripts", async () => {
    const integration = await api.get("current_user");
    expect(integration.status).toBe(401);
    expect(integration.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    expect(integration.body.detail).toMatch(/sign in/i);
    const script = await api.get("current_user", { headers: { "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin" } });
    expect(script.status).toBe(401);
    expect(script.headers.get("www-authenticate")).toBeNull();
    const navigation = await api.get("current_user", { headers: { "sec-fetch-mode": "navigate" } });
    expect(navigation.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    // Node's fetch and other programs send Sec-Fetch-Mode: cors without Sec-Fetch-Site (contract §3):
    // only the dashboard's own page scripts (same-origin) go without the challenge.
    for (const headers of [
      { "sec-fetch-mode": "cors" } as Record<string, string>,
      { "sec-fetch-mode": "cors", "sec-fetch-site": "cross-site" },
      { "sec-fetch-mode": "no-cors", "sec-fetch-site": "same-site" },
    ]) {
      expect((await api.get("current_user", { headers })).headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    }
  });

  it("drops the user's expired sessions when a new one starts", async () => {
    const database = await db();
    const [user] = await database.select().from(users).where(eq(users.email, rival.email));
    const past = new Date(Date.now() - (SESSION_LIFETIME_SECONDS + 60) * 1000);
    const old = await startBrowserSession(database, { userId: user!.id, now: past });
    const current = await startBrowserSession(database, { userId: user!.id });
    const rows = await database.select().from(browserSessions).where(eq(browserSessions.userId, user!.id));
    expect(rows.map((row) => row.tokenHash)).toContain(hashToken(current.token));
    expect(rows.map((row) => row.tokenHash)).not.toContain(hashToken(old.token));
    expect(await findBrowserSessionUser(database, current.token)).toMatchObject({ id: user!.id });
  });
});

describe("the session kept by the read model", () => {
  it("is resolved without a query once known; its end is checked on every use; a sign-out is refused at once", async () => {
    const database = await db();
    const { cookie, token } = await signIn();
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);
    // Known now: the next lookup reads nothing.
    const again = await countStatements(() => findBrowserSessionUser(database, token));
    expect(again.result).toMatchObject({ email: owner.email });
    expect(again.statements).toBe(0);
    // Its end passes with no write: the kept session is refused by time alone.
    const later = new Date(Date.now() + (SESSION_LIFETIME_SECONDS + 60) * 1000);
    expect((await countStatements(() => findBrowserSessionUser(database, token, later))).result).toBeNull();

    const out = await api.delete("/api/session", { headers: { cookie, origin: ORIGIN } });
    expect(out.status).toBe(204);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(401);
    expect(await findBrowserSessionUser(database, token)).toBeNull();
  });

  it("is dropped when its row is deleted anywhere (another instance, the prune)", async () => {
    const database = await db();
    const { cookie, token } = await signIn(rival);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);
    // Ended in the database directly, as another instance would: the notification drops the kept session.
    await database.delete(browserSessions).where(eq(browserSessions.tokenHash, hashToken(token)));
    await settle();
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(401);
  });
});

describe("GET and DELETE /api/session", () => {
  it("names the signed-in user, or answers 401 without a challenge", async () => {
    const { cookie } = await signIn();
    const me = await api.get("/api/session", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect(me.body).toEqual({ user: expect.objectContaining({ id: expect.any(Number), email: owner.email, name: "Olivia Owner" }) });
    expect(JSON.stringify(me.body)).not.toContain("auth_token");
    const anonymous = await api.get("/api/session");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBeNull();
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
  });

  it("signs out: the old cookie fails at once, and signing out again is fine", async () => {
    const { cookie, token } = await signIn();
    const refused = await api.delete("/api/session", { headers: { cookie } }); // no Origin
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("cross_site_request");
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);

    const out = await api.delete("/api/session", { headers: { cookie, origin: ORIGIN } });
    expect(out.status).toBe(204);
    expect(out.headers.get("cache-control")).toBe("no-store");
    expect(out.headers.get("set-cookie")).toMatch(
      /^taproom_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970/,
    );
    expect(
      await (await db())
        .select()
        .from(browserSessions)
        .where(eq(browserSessions.tokenHash, hashToken(token))),
    ).toEqual([]);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(401);
    expect((await api.get("/api/session", { headers: { cookie } })).status).toBe(401);

    expect((await api.delete("/api/session", { headers: { cookie, origin: ORIGIN } })).status).toBe(204);
    expect((await api.delete("/api/session", { headers: { origin: ORIGIN } })).status).toBe(204);
    // Basic tokens are untouched by signing out.
    expect((await api.get("current_user", { as: tokens.rw })).status).toBe(200);
  });

  it("offers GET, POST and DELETE", async () => {
    const response = await api.put("/api/session", { headers: { origin: ORIGIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST, DELETE, OPTIONS");
  });
});

describe("GET /api/session/tokens", () => {
  it("reveals the token pair to the cookie session only", async () => {
    const { cookie } = await signIn();
    const response = await api.get("/api/session/tokens", { headers: { cookie, "sec-fetch-site": "same-origin" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toEqual({ auth_token: tokens.rw.token, auth_token_read_only: tokens.ro.token });

    for (const headers of [
      { authorization: basic(tokens.rw) },
      { authorization: basic(tokens.ro) },
      { authorization: basic(tokens.ro), cookie },
      {},
    ] as Record<string, string>[]) {
      const refused = await api.get("/api/session/tokens", { headers });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe("unauthorized");
      expect(refused.headers.get("www-authenticate")).toBeNull();
      expect(JSON.stringify(refused.body)).not.toContain(tokens.rw.token);
    }
  });

  it("refuses requests another site started", async () => {
    const { cookie } = await signIn();
    for (const site of ["cross-site", "same-site"]) {
      const response = await api.get("/api/session/tokens", { headers: { cookie, "sec-fetch-site": site } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("cross_site_request");
    }
  });

  it("survives a token reset through DELETE /api/v1/sessions with the cookie", async () => {
    const { cookie } = await signIn();
    const old = tokens;
    const reset = await api.delete("sessions", { headers: { cookie, origin: ORIGIN } });
    expect(reset.status).toBe(200);
    expect((await api.get("current_user", { as: old.rw })).status).toBe(401);
    expect((await api.get("current_user", { as: old.ro })).status).toBe(401);
    // The browser session is independent of the tokens.
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);
    const renewed = await api.get("/api/session/tokens", { headers: { cookie } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.auth_token).not.toBe(old.rw.token);
    tokens = {
      rw: { email: owner.email, token: renewed.body.auth_token },
      ro: { email: owner.email, token: renewed.body.auth_token_read_only },
    };
    expect((await api.get("current_user", { as: tokens.rw })).status).toBe(200);
  });
});

describe("the cookie on /api/v4", () => {
  it("starts the OAuth connection from a browser navigation without Basic auth", async () => {
    const { cookie } = await signIn();
    const start = await api.get("/api/v4/oauth/connect?return_to=/dashboard", {
      headers: { cookie, "sec-fetch-mode": "navigate", "sec-fetch-site": "same-origin" },
    });
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get("location")!).pathname).toMatch(/\/oauth\/authenticate\/$/);
    const connection = await api.get("/api/v4/oauth/connection", { headers: { cookie } });
    expect(connection.status).toBe(200);
    const disconnect = await api.delete("/api/v4/oauth/connection", { headers: { cookie } }); // no Origin
    expect(disconnect.status).toBe(403);
    expect(disconnect.body.meta.error_type).toBe("cross_site_request");
    expect((await api.delete("/api/v4/oauth/connection", { headers: { cookie, origin: ORIGIN } })).status).toBe(200);
  });

  it("counts a session as write access, but only for calls that come from this site", async () => {
    const { cookie } = await signIn();
    // "auth: yes" endpoints may act through GET (friend/request, wishlist/add): a link on another site must not.
    for (const headers of [
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
      {},
      { origin: "https://evil.example" },
    ] as Record<string, string>[]) {
      const response = await api.get("/api/v4/friend/request/42", { headers: { cookie, ...headers } });
      expect(response.status).toBe(403);
      expect(response.body.meta.error_type).toBe("cross_site_request");
    }
    for (const headers of [{ "sec-fetch-site": "same-origin" }, { origin: ORIGIN }] as Record<string, string>[]) {
      const response = await api.get("/api/v4/notifications", { headers: { cookie, ...headers } });
      expect(response.status).toBe(403);
      expect(response.body.meta.error_type).toBe("not_connected"); // past the session checks
    }
  });
});

describe("helpers", () => {
  it("reads the session cookie from any Cookie header", () => {
    const read = (cookie?: string) => readSessionCookie(new Request(ORIGIN, cookie === undefined ? {} : { headers: { cookie } }));
    expect(read()).toBeNull();
    expect(read("")).toBeNull();
    expect(read("taproom_session=abc")).toBe("abc");
    expect(read("a=1;taproom_session=abc;b=2")).toBe("abc");
    expect(read("  a = 1 ;  taproom_session =  abc==  ; b=c=d")).toBe("abc==");
    expect(read('taproom_session="abc"')).toBe("abc");
    expect(read("xtaproom_session=abc; taproom_sessionx=def")).toBeNull();
    expect(read("taproom_session=; taproom_session=real")).toBe("real");
    expect(read("other=taproom_session=abc")).toBeNull();
  });

  it("keeps the next path on this site", () => {
    expect(safeNextPath("/locations/1/menus?tab=2")).toBe("/locations/1/menus?tab=2");
    for (const bad of [
      undefined,
      null,
      "",
      "dashboard",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "/a\nb",
      "/\t/evil.example",
      "/\r\n/evil.example",
    ]) {
      expect(safeNextPath(bad)).toBe("/dashboard");
    }
  });
});
