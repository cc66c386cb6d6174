import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { and, eq } from "drizzle-orm";
import { api, db, login, type Account } from "../api";
import { accountSnapshot, withSettings } from "./account-snapshot";
import { activity, browserSessions, businesses, passwordResets, rateLimits, users } from "@/lib/db/schema";
import { createUser } from "@/lib/auth/accounts";
import { completePasswordReset, createMemberResetLink, RESET_LIFETIME_SECONDS } from "@/lib/auth/password-resets";
import { verifyPassword } from "@/lib/auth/password";
import { hashToken } from "@/lib/auth/tokens";
import { ApiError } from "@/lib/server/errors";
import { resetEnvForTests } from "@/lib/server/env";

// Password resets (venue-operations §4): POST /password_resets (mailed links), POST /team/:id/password_reset
// (an owner's link for a member) and POST /password_resets/complete.

const ORIGIN = "http://127.0.0.1:3000"; // test/api.ts sends every request to this origin
let address = 0;
const from = () => ({ "x-forwarded-for": `198.51.100.${++address}` });

type Member = { id: number; email: string; password: string };
let n = 0;
let demoBusiness: number;
let demoLocation: number;

async function newMember(role: "manager" | "staff" = "staff"): Promise<Member & { rw: { email: string; token: string } }> {
  const email = `server${++n}@demo.test`;
  const password = `carry ${n} trays at once`;
  const { user, tokens } = await createUser(await db(), {
    businessId: demoBusiness,
    email,
    name: `Server ${n}`,
    password,
    role,
    locationIds: [demoLocation],
  });
  return { id: user.id, email, password, rw: { email, token: tokens.token } };
}

async function signIn(who: { email: string; password: string }): Promise<string> {
  const response = await api.post("/api/session", {
    body: { email: who.email, password: who.password },
    headers: { ...from(), origin: ORIGIN },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

const signedIn = async (cookie: string) => (await api.get("/api/session", { headers: { cookie } })).status === 200;
const canLogIn = async (email: string, password: string) =>
  (await api.post("sessions", { body: { email, password }, headers: from() })).status === 200;
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const complete = (token: string, password: string) => api.post("password_resets/complete", { body: { token, password } });

let owner: Account;
beforeAll(async () => {
  const database = await db();
  demoBusiness = (await database.select().from(businesses).where(eq(businesses.name, "Demo Taproom Group")))[0]!.id;
  demoLocation = (await database.query.locations.findFirst({ where: (l, { eq }) => eq(l.businessId, demoBusiness) }))!.id;
  owner = await login("owner", "203.0.113.60");
});
beforeEach(async () => {
  await (await db()).delete(rateLimits);
});

describe("POST /team/:id/password_reset", () => {
  it("gives an owner a one-time link for a member, valid one hour, and records it in the activity log", async () => {
    const member = await newMember();
    const before = Date.now();
    const response = await api.post(`team/${member.id}/password_reset`, { as: owner.rw });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
    });
    const expiresAt = Date.parse(response.body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + RESET_LIFETIME_SECONDS * 1000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + RESET_LIFETIME_SECONDS * 1000 + 1000);

    // Only the token's hash is stored.
    const token = tokenOf(response.body.url);
    const rows = await (await db()).select().from(passwordResets).where(eq(passwordResets.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const [entry] = await (await db())
      .select()
      .from(activity)
      .where(and(eq(activity.kind, "member.password_reset"), eq(activity.targetId, member.id)));
    expect(entry).toMatchObject({
      businessId: demoBusiness,
      locationId: null,
      targetType: "member",
      actor: { user_id: expect.any(Number), via: "token" },
      summary: expect.stringContaining(member.email),
    });
    const [ownerRow] = await (await db()).select().from(users).where(eq(users.email, "owner@demo.test"));
    expect(entry!.actor.user_id).toBe(ownerRow!.id);
  });

  it("follows APP_URL for the link", async () => {
    const member = await newMember();
    await withSettings({ APP_URL: "https://taproom.example/" }, async () => {
      const response = await api.post(`team/${member.id}/password_reset`, { as: owner.rw });
      expect(response.body.url).toMatch(/^https:\/\/taproom\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    });
  });

  it("is for owners only, and only for their own business's members; refusals change nothing", async () => {
    const member = await newMember();
    const manager = await newMember("manager");
    const rival = await login("rival", "203.0.113.61");
    const before = await accountSnapshot();
    const cases: [string, { email: string; token: string } | undefined, number, string][] = [
      [`team/${member.id}/password_reset`, manager.rw, 403, "forbidden_role"],
      [`team/${manager.id}/password_reset`, member.rw, 403, "forbidden_role"],
      [`team/${member.id}/password_reset`, owner.ro, 403, "read_only_token"],
      [`team/${member.id}/password_reset`, rival.rw, 404, "not_found"],
      ["team/2147483647/password_reset", owner.rw, 404, "not_found"],
      ["team/abc/password_reset", owner.rw, 404, "not_found"],
      [`team/${member.id}/password_reset`, undefined, 401, "unauthorized"],
    ];
    for (const [path, as, status, code] of cases) {
      const response = await api.post(path, { as });
      expect(response.status, `${path} as ${as?.email}`).toBe(status);
      expect(response.body.code).toBe(code);
    }
    expect(await accountSnapshot()).toEqual(before);
  });
});

describe("POST /password_resets/complete", () => {
  it("sets the password, spends the link (a second use is 410) and ends every browser session of the user", async () => {
    const member = await newMember();
    const sessions = [await signIn(member), await signIn(member)];
    const otherMember = await newMember();
    const otherSession = await signIn(otherMember);
    const { url } = (await api.post(`team/${member.id}/password_reset`, { as: owner.rw })).body;

    const response = await complete(tokenOf(url), "a fresh start here");
    expect(response.status).toBe(204);
    expect(await canLogIn(member.email, "a fresh start here")).toBe(true);
    expect(await canLogIn(member.email, member.password)).toBe(false);
    for (const cookie of sessions) expect(await signedIn(cookie)).toBe(false);
    expect(await (await db()).select().from(browserSessions).where(eq(browserSessions.userId, member.id))).toEqual([]);
    expect(await signedIn(otherSession)).toBe(true);

    const before = await accountSnapshot();
    const again = await complete(tokenOf(url), "another try at it");
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: "link_expired", status: 410 });
    expect(await accountSnapshot()).toEqual(before);
  });

  // Issue 47 row 8: a reset after a compromise left the intruder's token (and its stream) alive.
  it("ends the member's API tokens and the integration keys they made, unless keep_api_keys", async () => {
    const bearerRead = (secret: string) =>
      api.get(`locations/${demoLocation}/menus`, { as: null, headers: { authorization: `Bearer ${secret}` } });
    for (const keep of [false, true]) {
      const member = await newMember("manager");
      const made = await api.post("api_keys", {
        as: member.rw,
        body: { api_key: { name: "Till", scopes: ["menus:read"], location_ids: [demoLocation] } },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const { url } = (await api.post(`team/${member.id}/password_reset`, { as: owner.rw })).body;
      const body = keep
        ? { token: tokenOf(url), password: "a fresh start here", keep_api_keys: true }
        : { token: tokenOf(url), password: "a fresh start here" };
      expect((await api.post("password_resets/complete", { body })).status).toBe(204);
      const expected = keep ? 200 : 401;
      expect((await api.get("current_user", { as: member.rw })).status, `keep ${keep}`).toBe(expected);
      expect((await bearerRead(made.body.api_key.secret)).status, `keep ${keep}`).toBe(expected);
    }
  });

  it("spends every other outstanding link of the user too", async () => {
    const member = await newMember();
    const first = (await api.post(`team/${member.id}/password_reset`, { as: owner.rw })).body.url;
    const second = (await api.post(`team/${member.id}/password_reset`, { as: owner.rw })).body.url;
    expect((await complete(tokenOf(second), "the second link won")).status).toBe(204);
    expect((await complete(tokenOf(first), "the first link lost")).status).toBe(410);
    expect(await canLogIn(member.email, "the second link won")).toBe(true);
  });

  it("answers 410 for an unknown, malformed or expired link, changing nothing", async () => {
    const member = await newMember();
    // A link made two hours ago expired an hour ago.
    const old = await createMemberResetLink(await db(), {
      businessId: demoBusiness,
      memberId: member.id,
      now: new Date(Date.now() - 2 * RESET_LIFETIME_SECONDS * 1000),
    });
    const before = await accountSnapshot();
    for (const token of [tokenOf(old.url), "A".repeat(43), "not-a-token", `${tokenOf(old.url)}x`]) {
      const response = await complete(token, "a fresh start here");
      expect(response.status, token).toBe(410);
      expect(response.body.code).toBe("link_expired");
      expect(response.body.detail).toMatch(/ask for a new one/);
    }
    expect(await accountSnapshot()).toEqual(before);
    expect(await canLogIn(member.email, member.password)).toBe(true);
  });

  it("works until the last instant of its hour, not at it", async () => {
    const member = await newMember();
    const madeAt = new Date("2030-01-01T12:00:00Z");
    const link = await createMemberResetLink(await db(), { businessId: demoBusiness, memberId: member.id, now: madeAt });
    const end = new Date(madeAt.getTime() + RESET_LIFETIME_SECONDS * 1000);
    const refused = completePasswordReset(await db(), { token: tokenOf(link.url), password: "just too late now", now: end });
    await expect(refused).rejects.toSatisfy((error) => error instanceof ApiError && error.code === "link_expired");
    await completePasswordReset(await db(), { token: tokenOf(link.url), password: "just in time now", now: new Date(end.getTime() - 1) });
    expect(await canLogIn(member.email, "just in time now")).toBe(true);
  });

  it("refuses a password that breaks the rules with 422 on `password`; the link still works afterwards", async () => {
    const member = await newMember();
    const { url } = (await api.post(`team/${member.id}/password_reset`, { as: owner.rw })).body;
    const before = await accountSnapshot();
    for (const [password, message] of [
      ["short", /at least 10/],
      [member.email, /email/],
      ["qwertyuiop", /common/],
    ] as const) {
      const response = await complete(tokenOf(url), password);
      expect(response.status, password).toBe(422);
      expect(response.body.errors).toEqual([{ path: "password", message: expect.stringMatching(message) }]);
    }
    for (const body of [{ token: tokenOf(url) }, { password: "a fresh start here" }, {}]) {
      expect((await api.post("password_resets/complete", { body })).status).toBe(422);
    }
    expect(await accountSnapshot()).toEqual(before);
    expect((await complete(tokenOf(url), "a fresh start here")).status).toBe(204);
  });

  it("lets only one of two racing uses of a link through", async () => {
    const member = await newMember();
    const { url } = (await api.post(`team/${member.id}/password_reset`, { as: owner.rw })).body;
    const answers = await Promise.all([complete(tokenOf(url), "the first racer won"), complete(tokenOf(url), "the second racer won")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 410]);
    const winner = answers[0]!.status === 204 ? "the first racer won" : "the second racer won";
    const [row] = await (await db()).select().from(users).where(eq(users.id, member.id));
    expect(await verifyPassword(winner, row!.passwordHash)).toBe(true);
  });
});

describe("POST /password_resets without mail (SMTP_URL unset)", () => {
  it("answers the same 202 whether or not the email has an account, and writes no link", async () => {
    const member = await newMember();
    await withSettings({ SMTP_URL: undefined }, async () => {
      const before = await accountSnapshot();
      const known = await api.post("password_resets", { body: { email: member.email }, headers: from() });
      const unknown = await api.post("password_resets", { body: { email: "nobody@nowhere.test" }, headers: from() });
      for (const response of [known, unknown]) {
        expect(response.status).toBe(202);
        expect(response.body).toEqual({ mail_enabled: false });
      }
      expect(await accountSnapshot()).toEqual(before);
    });
  });

  it("refuses a malformed email with 422, and limits requests per email and per address with Retry-After", async () => {
    const bad = await api.post("password_resets", { body: { email: "not an email" }, headers: from() });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { path: string }) => error.path)).toEqual(["email"]);

    for (let i = 0; i < 10; i++) {
      expect((await api.post("password_resets", { body: { email: "Someone@Nowhere.test" }, headers: from() })).status).toBe(202);
    }
    const limited = await api.post("password_resets", { body: { email: "someone@nowhere.test" }, headers: from() });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Asking for links does not lock anyone out of signing in.
    expect(await canLogIn("owner@demo.test", "demo-owner-pass")).toBe(true);

    await withSettings({ TRUSTED_PROXY_COUNT: "1", SESSION_RATE_LIMIT_PER_ADDRESS: "3" }, async () => {
      const headers = { "x-forwarded-for": "192.0.2.100" };
      for (let i = 0; i < 3; i++) {
        expect((await api.post("password_resets", { body: { email: `person${i}@nowhere.test` }, headers })).status).toBe(202);
      }
      expect((await api.post("password_resets", { body: { email: "person9@nowhere.test" }, headers })).status).toBe(429);
      expect(
        (await api.post("password_resets", { body: { email: "person9@nowhere.test" }, headers: { "x-forwarded-for": "192.0.2.101" } }))
          .status,
      ).toBe(202);
    });
  });
});

type ReceivedMail = { from: string; to: string[]; raw: string };

/** The body of a mail as text: quoted-printable soft breaks joined and escapes decoded (nodemailer wraps long lines). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe("POST /password_resets with mail (an SMTP server of the test's own)", () => {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  /** The next mail the server takes (or one already taken and not yet asked for). */
  let taken = 0;
  const nextMail = () =>
    new Promise<ReceivedMail>((resolve) => {
      const ready = received[taken];
      if (ready) {
        taken++;
        resolve(ready);
      } else waiting.push(resolve);
    });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        const waiter = waiting.shift();
        if (waiter) {
          taken++;
          waiter(mail);
        }
        callback();
      });
    },
  });
  const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM, APP_URL: process.env.APP_URL };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.MAIL_FROM = "Taproom Test <taproom@mail.test>";
    process.env.APP_URL = "https://taproom.example";
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
    await new Promise<void>((resolve) => server.close(resolve));
  });

  it("mails a link to an account's email, and nothing for an unknown one; the same 202 for both; the link works once", async () => {
    const member = await newMember();
    const session = await signIn(member);
    const linksBefore = (await (await db()).select().from(passwordResets)).length;

    const unknown = await api.post("password_resets", { body: { email: "nobody@nowhere.test" }, headers: from() });
    const known = await api.post("password_resets", { body: { email: `  ${member.email.toUpperCase()} ` }, headers: from() });
    for (const response of [unknown, known]) {
      expect(response.status).toBe(202);
      expect(response.body).toEqual({ mail_enabled: true });
    }
    // One link written, for the member only.
    const links = await (await db()).select().from(passwordResets);
    expect(links).toHaveLength(linksBefore + 1);
    expect(links.at(-1)!.userId).toBe(member.id);

    const mail = await nextMail();
    expect(mail.to).toEqual([member.email]);
    expect(mail.from).toBe("taproom@mail.test");
    const text = decoded(mail.raw);
    expect(text).toMatch(/^Subject: Reset your Taproom password$/m);
    expect(text).toMatch(/^To: server\d+@demo\.test$/m);
    const url = text.match(/https:\/\/taproom\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/)?.[0];
    expect(url, text).toBeDefined();
    // Only the hash is stored; the token is in the mail only.
    expect(links.at(-1)!.tokenHash).toBe(hashToken(tokenOf(url!)));

    expect((await complete(tokenOf(url!), "mailed me a new one")).status).toBe(204);
    expect(await canLogIn(member.email, "mailed me a new one")).toBe(true);
    expect(await signedIn(session)).toBe(false);
    expect((await complete(tokenOf(url!), "mailed me another")).status).toBe(410);
    expect(await canLogIn(member.email, "mailed me a new one")).toBe(true);
    // The unknown email got nothing: the member's is the only mail.
    expect(received).toHaveLength(1);
  });
});
