import { beforeEach, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { api, db } from "../api";
import { accountSnapshot, withSettings } from "./account-snapshot";
import { apiKeys, browserSessions, businesses, passwordResets, rateLimits, users } from "@/lib/db/schema";
import { createUser } from "@/lib/auth/accounts";
import { createMemberResetLink } from "@/lib/auth/password-resets";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";
import { verifyPassword } from "@/lib/auth/password";

// Account security (venue-operations §4): POST /current_user/password and DELETE /current_user/sessions.

const ORIGIN = "http://127.0.0.1:3000"; // test/api.ts sends every request to this origin
let address = 0;
const from = () => ({ "x-forwarded-for": `198.51.100.${++address}` });

type Member = {
  id: number;
  locationIds: number[];
  businessId: number;
  email: string;
  password: string;
  rw: { email: string; token: string };
  ro: { email: string; token: string };
};
let n = 0;

/** A new member of the demo business (staff unless told), with their password and token pair. */
async function newMember(role: "staff" | "manager" = "staff"): Promise<Member> {
  const database = await db();
  const [business] = await database.select().from(businesses).where(eq(businesses.name, "Demo Taproom Group"));
  const email = `bartender${++n}@demo.test`;
  const password = `pour slowly ${n} times`;
  const locationIds = (await database.query.locations.findMany({ where: (l, { eq }) => eq(l.businessId, business!.id) })).map((l) => l.id);
  const { user, tokens } = await createUser(database, {
    businessId: business!.id,
    email,
    name: `Bartender ${n}`,
    password,
    role,
    locationIds: locationIds.slice(0, 1),
  });
  return {
    id: user.id,
    locationIds: locationIds.slice(0, 1),
    businessId: business!.id,
    email,
    password,
    rw: { email, token: tokens.token },
    ro: { email, token: tokens.readOnlyToken },
  };
}

/** Signs in through the dashboard's POST /api/session and returns the Cookie header of that session. */
async function signIn(who: { email: string; password: string }): Promise<string> {
  const response = await api.post("/api/session", {
    body: { email: who.email, password: who.password },
    headers: { ...from(), origin: ORIGIN },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

const signedIn = async (cookie: string) => (await api.get("/api/session", { headers: { cookie } })).status === 200;
const sessionsOf = async (userId: number) => (await db()).select().from(browserSessions).where(eq(browserSessions.userId, userId));
const passwordOf = async (userId: number) => (await (await db()).select().from(users).where(eq(users.id, userId)))[0]!.passwordHash;
const errorPaths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((error) => error.path).sort();
const keysOf = async (userId: number) => (await db()).select().from(apiKeys).where(eq(apiKeys.createdBy, userId));
/** An integration key the member makes for their own location. */
async function makeKey(member: Member) {
  const response = await api.post("api_keys", {
    as: member.rw,
    body: { api_key: { name: "Till", scopes: ["menus:read"], location_ids: member.locationIds } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.api_key as { id: number; secret: string };
}
/** The member's location's menus, read with an integration key. */
const withKey = (member: Member, secret: string) =>
  api.get(`locations/${member.locationIds[0]}/menus`, { as: null, headers: { authorization: `Bearer ${secret}` } });
const change = (who: Member, body: unknown, headers: Record<string, string> = {}) =>
  api.post("current_user/password", { as: who.rw, body, headers: { ...from(), ...headers } });

beforeEach(async () => {
  await (await db()).delete(rateLimits);
});

describe("POST /current_user/password", () => {
  it("changes the password (204); the old one stops signing in, the new one does", async () => {
    const member = await newMember();
    const response = await change(member, { current_password: member.password, new_password: "a brand new secret" });
    expect(response.status).toBe(204);
    expect(response.body).toBe("");
    const oldLogin = await api.post("sessions", { body: { email: member.email, password: member.password }, headers: from() });
    expect(oldLogin.status).toBe(401);
    const newLogin = await api.post("sessions", { body: { email: member.email, password: "a brand new secret" }, headers: from() });
    expect(newLogin.status).toBe(200);
  });

  // Issue 47 row 8: after a change (a compromise suspected), the old token still worked.
  it("ends the API tokens and the integration keys the person made; the browser that asked stays signed in", async () => {
    const member = await newMember("manager");
    const key = await makeKey(member);
    const here = await signIn(member);
    const response = await api.post("current_user/password", {
      body: { current_password: member.password, new_password: "a brand new secret" },
      headers: { ...from(), cookie: here, origin: ORIGIN },
    });
    expect(response.status).toBe(204);
    expect((await api.get("current_user", { as: member.rw })).status).toBe(401);
    expect((await api.get("current_user", { as: member.ro })).status).toBe(401);
    expect((await withKey(member, key.secret)).status).toBe(401);
    expect(await keysOf(member.id)).toEqual([]);
    expect(await signedIn(here)).toBe(true);
    // Signing in with the new password gives the new pair, which works.
    const newLogin = await api.post("sessions", { body: { email: member.email, password: "a brand new secret" }, headers: from() });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.user.auth_token).not.toBe(member.rw.token);
    expect((await api.get("current_user", { as: { email: member.email, token: newLogin.body.user.auth_token } })).status).toBe(200);
  });

  it("keeps the tokens and integration keys working when asked to (keep_api_keys), other sessions ending all the same", async () => {
    const member = await newMember("manager");
    const key = await makeKey(member);
    const elsewhere = await signIn(member);
    const response = await change(member, { current_password: member.password, new_password: "a brand new secret", keep_api_keys: true });
    expect(response.status).toBe(204);
    expect((await api.get("current_user", { as: member.rw })).status).toBe(200);
    expect((await withKey(member, key.secret)).status).toBe(200);
    expect(await signedIn(elsewhere)).toBe(false);
  });

  it("refuses a keep_api_keys that is not true or false with 422, changing nothing", async () => {
    const member = await newMember();
    const before = await accountSnapshot();
    const response = await change(member, { current_password: member.password, new_password: "a brand new secret", keep_api_keys: "yes" });
    expect(response.status).toBe(422);
    expect(errorPaths(response.body)).toEqual(["keep_api_keys"]);
    expect(await accountSnapshot()).toEqual(before);
    expect((await api.get("current_user", { as: member.rw })).status).toBe(200);
  });

  it("with a token: ends every browser session of the user, and no one else's", async () => {
    const member = await newMember();
    const phone = await signIn(member);
    const laptop = await signIn(member);
    const owner = await signIn({ email: "owner@demo.test", password: "demo-owner-pass" });
    expect(await sessionsOf(member.id)).toHaveLength(2);
    expect((await change(member, { current_password: member.password, new_password: "a brand new secret" })).status).toBe(204);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect(await sessionsOf(member.id)).toHaveLength(0);
    expect(await signedIn(owner)).toBe(true);
  });

  it("from the dashboard: the browser that asked stays signed in, every other session ends", async () => {
    const member = await newMember();
    const here = await signIn(member);
    const elsewhere = await signIn(member);
    const response = await api.post("current_user/password", {
      body: { current_password: member.password, new_password: "a brand new secret" },
      headers: { ...from(), cookie: here, origin: ORIGIN },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await sessionsOf(member.id)).toHaveLength(1);
  });

  it("spends the user's outstanding reset links: a link made before the change cannot undo it", async () => {
    const member = await newMember();
    const link = await createMemberResetLink(await db(), { businessId: member.businessId, memberId: member.id });
    expect((await change(member, { current_password: member.password, new_password: "a brand new secret" })).status).toBe(204);
    const open = await (await db())
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, member.id), isNull(passwordResets.usedAt)));
    expect(open).toEqual([]);
    const token = new URL(link.url).searchParams.get("token")!;
    const reused = await api.post("password_resets/complete", { body: { token, password: "the attackers choice" } });
    expect(reused.status).toBe(410);
    expect(await verifyPassword("a brand new secret", await passwordOf(member.id))).toBe(true);
  });

  it("refuses a wrong current password with 422 on `current_password`, and bad new ones on `new_password`, changing nothing", async () => {
    const member = await newMember();
    const session = await signIn(member);
    const before = await accountSnapshot();
    const cases: [Record<string, unknown> | undefined, string[], RegExp?][] = [
      [{ current_password: "not my password", new_password: "a brand new secret" }, ["current_password"], /current password/],
      [{ current_password: member.password, new_password: "short" }, ["new_password"], /at least 10/],
      [{ current_password: member.password, new_password: member.email }, ["new_password"], /email/],
      [{ current_password: member.password, new_password: "password1234" }, ["new_password"], /common/],
      [{ current_password: member.password, new_password: member.password }, ["new_password"], /differ/],
      [{ current_password: "not my password", new_password: "short" }, ["current_password", "new_password"]],
      [{ current_password: member.password }, ["new_password"]],
      [{ new_password: "a brand new secret" }, ["current_password"]],
      [undefined, [""]],
    ];
    for (const [body, paths, message] of cases) {
      const response = await change(member, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.code).toBe("validation_failed");
      expect(errorPaths(response.body), JSON.stringify(body)).toEqual(paths);
      if (message) expect(response.body.errors[0].message).toMatch(message);
    }
    expect(await accountSnapshot()).toEqual(before);
    expect(await signedIn(session)).toBe(true);
  });

  it("counts every attempt against the login limits: 429 with Retry-After, shared with sign-in, changing nothing", async () => {
    const member = await newMember();
    for (let i = 0; i < 10; i++) {
      const response = await change(member, { current_password: `guess number ${i}`, new_password: "a brand new secret" });
      expect(response.status).toBe(422);
    }
    const before = await accountSnapshot();
    // Over the limit even the right password is not checked.
    const limited = await change(member, { current_password: member.password, new_password: "a brand new secret" });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const login = await api.post("sessions", { body: { email: member.email, password: member.password }, headers: from() });
    expect(login.status).toBe(429);
    expect(await accountSnapshot()).toEqual(before);
  });

  it("counts per client address behind a trusted proxy", async () => {
    await withSettings({ TRUSTED_PROXY_COUNT: "1", SESSION_RATE_LIMIT_PER_ADDRESS: "3" }, async () => {
      const member = await newMember();
      const other = await newMember();
      const headers = { "x-forwarded-for": "192.0.2.90" };
      for (let i = 0; i < 3; i++) {
        expect(
          (await change(i % 2 ? member : other, { current_password: "wrong guess", new_password: "a new secret here" }, headers)).status,
        ).toBe(422);
      }
      expect((await change(member, { current_password: member.password, new_password: "a new secret here" }, headers)).status).toBe(429);
      expect(
        (
          await change(
            member,
            { current_password: member.password, new_password: "a new secret here" },
            { "x-forwarded-for": "192.0.2.91" },
          )
        ).status,
      ).toBe(204);
    });
  });

  it("refuses the read-only token and a cookie from another site, changing nothing", async () => {
    const member = await newMember();
    const session = await signIn(member);
    const before = await accountSnapshot();
    const body = { current_password: member.password, new_password: "a brand new secret" };
    const readOnly = await api.post("current_user/password", { as: member.ro, body, headers: from() });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("read_only_token");
    const crossSite = await api.post("current_user/password", {
      body,
      headers: { ...from(), cookie: session, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe("cross_site_request");
    const anonymous = await api.post("current_user/password", { body, headers: from() });
    expect(anonymous.status).toBe(401);
    expect(await accountSnapshot()).toEqual(before);
  });
});

describe("DELETE /current_user/sessions", () => {
  it("with a token: ends every browser session of the user (sign out everywhere); the tokens keep working", async () => {
    const member = await newMember();
    const sessions = [await signIn(member), await signIn(member)];
    const owner = await signIn({ email: "owner@demo.test", password: "demo-owner-pass" });
    const response = await api.delete("current_user/sessions", { as: member.rw });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toBeNull();
    for (const cookie of sessions) expect(await signedIn(cookie)).toBe(false);
    expect(await sessionsOf(member.id)).toEqual([]);
    expect(await signedIn(owner)).toBe(true);
    expect((await api.get("current_user", { as: member.rw })).status).toBe(200);
    // Nothing left to end: the same answer.
    expect((await api.delete("current_user/sessions", { as: member.rw })).status).toBe(204);
  });

  it("from the dashboard: ends the asking browser's session too and clears its cookie", async () => {
    const member = await newMember();
    const here = await signIn(member);
    const elsewhere = await signIn(member);
    const response = await api.delete("current_user/sessions", { headers: { cookie: here, origin: ORIGIN } });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`));
    expect(await signedIn(here)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    // The password is unchanged: signing in again works.
    expect(await signedIn(await signIn(member))).toBe(true);
  });

  it("refuses the read-only token and a cookie from another site, changing nothing", async () => {
    const member = await newMember();
    const session = await signIn(member);
    const before = await accountSnapshot();
    expect((await api.delete("current_user/sessions", { as: member.ro })).status).toBe(403);
    const crossSite = await api.delete("current_user/sessions", {
      headers: { cookie: session, "sec-fetch-site": "cross-site", origin: ORIGIN },
    });
    expect(crossSite.status).toBe(403);
    expect((await api.delete("current_user/sessions")).status).toBe(401);
    expect(await accountSnapshot()).toEqual(before);
    expect(await signedIn(session)).toBe(true);
  });
});
