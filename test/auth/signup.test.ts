import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api, db } from "../api";
import { accountSnapshot, withSettings } from "./account-snapshot";
import { browserSessions, businesses, rateLimits, users } from "@/lib/db/schema";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";
import { hashToken } from "@/lib/auth/tokens";
import { signupOpen } from "@/lib/auth/signup";

// Sign-up (venue-operations §1): POST /api/v1/signup and the dashboard's POST /api/session/signup.

const ORIGIN = "http://127.0.0.1:3000"; // test/api.ts sends every request to this origin
let address = 0;
// A distinct client address per attempt keeps the per-address limit out of tests that are not about it.
const from = () => ({ "x-forwarded-for": `198.51.100.${++address}` });
let n = 0;
const newOwner = (fields: Record<string, unknown> = {}) => ({
  business_name: "Hop Yard",
  name: "Ada Brewer",
  email: `ada${++n}@hopyard.test`,
  password: "copper kettle 42",
  ...fields,
});
const errorPaths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((error) => error.path).sort();

beforeEach(async () => {
  // Attempts are rate limited; each test starts with fresh counts unless it is about them.
  await (await db()).delete(rateLimits);
});

describe("POST /signup", () => {
  it("creates a business and its owner, and answers the owner's token pair", async () => {
    const body = newOwner({ email: "  Ada.Owner@HopYard.TEST ", business_name: "  Hop Yard Brewing " });
    const response = await api.post("signup", { body, headers: from() });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body.user).toEqual({
      email: "ada.owner@hopyard.test",
      auth_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      auth_token_read_only: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });

    // The tokens work at once: the caller is the owner of a new, empty business.
    const rw = { email: "ada.owner@hopyard.test", token: response.body.user.auth_token };
    const me = await api.get("current_user", { as: rw });
    expect(me.status).toBe(200);
    expect(me.body.current_user).toMatchObject({
      email: "ada.owner@hopyard.test",
      name: "Ada Brewer",
      role: "owner",
      location_ids: null,
      business: { name: "Hop Yard Brewing" },
    });
    expect((await api.get("locations", { as: rw })).body.locations).toEqual([]);
    // The read-only token is read-only.
    const ro = { email: rw.email, token: response.body.user.auth_token_read_only };
    expect((await api.get("current_user", { as: ro })).status).toBe(200);

    // The password signs in, and POST /sessions answers the same pair.
    const login = await api.post("sessions", { body: { email: rw.email, password: body.password }, headers: from() });
    expect(login.status).toBe(200);
    expect(login.body).toEqual(response.body);

    // Stored as everywhere else: the password hashed, the tokens never in plain text.
    const [row] = await (await db()).select().from(users).where(eq(users.email, rw.email));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(body.password);
    expect(stored).not.toContain(rw.token);
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
  });

  it("keeps one business from seeing another's: the new owner cannot reach the demo's records", async () => {
    const response = await api.post("signup", { body: newOwner(), headers: from() });
    const rw = { email: response.body.user.email, token: response.body.user.auth_token };
    const [demo] = await (await db()).select().from(businesses).where(eq(businesses.name, "Demo Taproom Group"));
    expect(demo).toBeDefined();
    const locationIds = (await (await db()).query.locations.findMany()).map((location) => location.id);
    for (const id of locationIds) expect((await api.get(`locations/${id}`, { as: rw })).status).toBe(404);
  });

  it("answers 409 email_taken for an email that has an account, in any case, and keeps no business", async () => {
    const before = await accountSnapshot();
    for (const email of ["owner@demo.test", " OWNER@Demo.Test "]) {
      const response = await api.post("signup", { body: newOwner({ email }), headers: from() });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: "email_taken", status: 409 });
      expect(response.body.detail).toMatch(/sign in/i);
    }
    expect(await accountSnapshot()).toEqual(before);
  });

  it("refuses a password that breaks the rules with 422 on `password`, changing nothing", async () => {
    const before = await accountSnapshot();
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["too short", { password: "short1" }, /at least 10 characters/],
      ["the email", { email: "kettle.master@hopyard.test", password: "kettle.master@hopyard.test" }, /email/],
      ["the email's name", { email: "kettlemaster@hopyard.test", password: "KettleMaster" }, /email/],
      ["a common one", { password: "password123" }, /common/],
    ];
    for (const [name, fields, message] of cases) {
      const response = await api.post("signup", { body: newOwner(fields), headers: from() });
      expect(response.status, name).toBe(422);
      expect(response.body.code).toBe("validation_failed");
      expect(response.body.errors, name).toEqual([{ path: "password", message: expect.stringMatching(message) }]);
    }
    expect(await accountSnapshot()).toEqual(before);
  });

  it("names every field that fails validation, changing nothing", async () => {
    const before = await accountSnapshot();
    const cases: [Record<string, unknown> | undefined, string[]][] = [
      [undefined, [""]],
      [{}, ["business_name", "email", "name", "password"]],
      [newOwner({ business_name: "   " }), ["business_name"]],
      [newOwner({ name: "" }), ["name"]],
      [newOwner({ name: "x".repeat(256) }), ["name"]],
      [newOwner({ email: "not an email" }), ["email"]],
      [newOwner({ email: 42 }), ["email"]],
      [newOwner({ password: "" }), ["password"]],
      [newOwner({ email: "ada@", name: null }), ["email", "name"]],
    ];
    for (const [body, paths] of cases) {
      const response = await api.post("signup", { body, headers: from() });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(errorPaths(response.body), JSON.stringify(body)).toEqual(paths);
    }
    expect(await accountSnapshot()).toEqual(before);
  });

  it("answers 403 signup_closed when SIGNUP=closed, whatever the body, changing nothing", async () => {
    expect(signupOpen()).toBe(true);
    const before = await accountSnapshot();
    await withSettings({ SIGNUP: "closed" }, async () => {
      expect(signupOpen()).toBe(false);
      for (const body of [newOwner(), {}, newOwner({ email: "owner@demo.test" })]) {
        const response = await api.post("signup", { body, headers: from() });
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ code: "signup_closed", status: 403 });
      }
      const dashboard = await api.post("/api/session/signup", { body: newOwner(), headers: { ...from(), origin: ORIGIN } });
      expect(dashboard.status).toBe(403);
      expect(dashboard.body.code).toBe("signup_closed");
      expect(dashboard.headers.get("set-cookie")).toBeNull();
    });
    expect(await accountSnapshot()).toEqual(before);
    // Open again: the same body goes through.
    expect((await api.post("signup", { body: newOwner(), headers: from() })).status).toBe(201);
  });

  it("limits attempts per email as logins are, with Retry-After, and shares the count with sign-in", async () => {
    const email = "limited@hopyard.test";
    for (let i = 0; i < 10; i++) {
      // Refused attempts count as much as one that would succeed.
      const response = await api.post("signup", { body: newOwner({ email, password: "short" }), headers: from() });
      expect(response.status).toBe(422);
    }
    const before = await accountSnapshot();
    const limited = await api.post("signup", { body: newOwner({ email }), headers: from() });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The same budget as signing in with that email.
    expect((await api.post("sessions", { body: { email, password: "whatever-it-is" }, headers: from() })).status).toBe(429);
    expect(await accountSnapshot()).toEqual(before);
    // Another email is not affected.
    expect((await api.post("signup", { body: newOwner(), headers: from() })).status).toBe(201);
  });

  it("limits attempts per client address across emails, behind one trusted proxy", async () => {
    await withSettings({ TRUSTED_PROXY_COUNT: "1", SESSION_RATE_LIMIT_PER_ADDRESS: "5" }, async () => {
      const headers = { "x-forwarded-for": "203.0.113.9, 192.0.2.80" };
      for (let i = 0; i < 5; i++) {
        expect((await api.post("signup", { body: newOwner({ password: "short" }), headers })).status).toBe(422);
      }
      const limited = await api.post("signup", { body: newOwner(), headers });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await api.post("signup", { body: newOwner(), headers: { "x-forwarded-for": "192.0.2.81" } })).status).toBe(201);
    });
  });
});

describe("POST /api/session/signup (the dashboard)", () => {
  it("signs up and signs in: a session cookie, the user as GET /api/session answers it, no tokens", async () => {
    const body = newOwner({ business_name: "Cellar Door" });
    const response = await api.post("/api/session/signup", { body, headers: { ...from(), origin: ORIGIN } });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email: body.email, name: "Ada Brewer", role: "owner", business: { name: "Cellar Door" } });
    expect(JSON.stringify(response.body)).not.toContain("auth_token");

    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax`));
    const token = setCookie.match(/^taproom_session=([^;]+)/)![1]!;
    const cookie = `${SESSION_COOKIE}=${token}`;
    const session = await api.get("/api/session", { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(session.body).toEqual(response.body);
    // The cookie works on the API, as the owner of the new business.
    const me = await api.get("current_user", { headers: { cookie } });
    expect(me.body.current_user.business.name).toBe("Cellar Door");
    // Only its hash is stored.
    const rows = await (await db())
      .select()
      .from(browserSessions)
      .where(eq(browserSessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
  });

  it("ends the session the browser had before", async () => {
    const first = await api.post("/api/session/signup", { body: newOwner(), headers: { ...from(), origin: ORIGIN } });
    const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
    const second = await api.post("/api/session/signup", { body: newOwner(), headers: { ...from(), origin: ORIGIN, cookie } });
    expect(second.status).toBe(201);
    expect((await api.get("/api/session", { headers: { cookie } })).status).toBe(401);
  });

  it("refuses another site's sign-up and bad bodies, changing nothing", async () => {
    const before = await accountSnapshot();
    const sites: Record<string, string>[] = [{}, { origin: "https://evil.example" }, { origin: ORIGIN, "sec-fetch-site": "cross-site" }];
    for (const headers of sites) {
      const response = await api.post("/api/session/signup", { body: newOwner(), headers: { ...from(), ...headers } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("cross_site_request");
    }
    const taken = await api.post("/api/session/signup", {
      body: newOwner({ email: "rival@demo.test" }),
      headers: { ...from(), origin: ORIGIN },
    });
    expect(taken.status).toBe(409);
    const weak = await api.post("/api/session/signup", {
      body: newOwner({ password: "tooshort" }),
      headers: { ...from(), origin: ORIGIN },
    });
    expect(weak.status).toBe(422);
    expect(errorPaths(weak.body)).toEqual(["password"]);
    for (const response of [taken, weak]) expect(response.headers.get("set-cookie")).toBeNull();
    expect(await accountSnapshot()).toEqual(before);
  });
});
