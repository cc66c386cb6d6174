import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { browserSessions, businesses, rateLimits, users } from "@/lib/db/schema";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";
import { hashToken } from "@/lib/auth/tokens";
import { peek } from "@/lib/db/rate-limit";
import { api, type ApiResponse, db } from "../api";
import { withSettings } from "./account-snapshot";

// The sign-in and sign-up pages as plain HTML with forms that work without a script (decision 068):
// GET /sign-in, POST /sign-in, GET /signup, POST /signup. The same checks, limits and cookies as
// POST /api/session and POST /api/session/signup; what was wrong is said on the page, on its field.

const ORIGIN = "http://127.0.0.1:3000"; // test/api.ts sends every request to this origin
const SOCKET = "x-taproom-socket-address";
const owner = { email: "owner@demo.test", password: "demo-owner-pass" };
let address = 0;
const freshAddress = () => `198.51.100.${++address}`;
let n = 0;
const newEmail = () => `way-in-${++n}@hopyard.test`;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  api.post(path, {
    rawBody: form(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, [SOCKET]: freshAddress(), ...headers },
  });
const cookiesOf = (response: ApiResponse) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
/** A field's error as the page says it (the text, its one entity a message uses turned back). */
const errorOf = (html: string, name: string) =>
  new RegExp(`<p id="field-${name}-error" class="field-error">([^<]*)</p>`).exec(html)?.[1]?.replaceAll("&#39;", "'");

beforeEach(async () => {
  await (await db()).delete(rateLimits);
});

describe("GET /sign-in", () => {
  it("is a page with a form posted to itself, carrying where to go next (a path on this site only), and a notice", async () => {
    const page = await api.get("/sign-in?next=%2Flocations%2F1%2Fhours&notice=password-reset");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.body).toContain('<form method="post" action="/sign-in" novalidate');
    expect(page.body).toContain('<input type="hidden" name="next" value="/locations/1/hours">');
    expect(page.body).toContain('<p role="status" class="notice">Your password was changed. Sign in with the new one.</p>');
    expect(page.body).toContain('<label for="field-email" class="label">Email</label>');
    expect(page.body).toContain('href="/signup"');

    const elsewhere = await api.get("/sign-in?next=%2F%2Fevil.example%2F&notice=unknown");
    expect(elsewhere.body).toContain('name="next" value="/dashboard"');
    expect(elsewhere.body).not.toContain('role="status"');
  });

  it("sends a browser that is signed in straight on", async () => {
    const signedIn = await post("/sign-in", { ...owner, next: "/team" });
    const page = await api.get("/sign-in?next=%2Flocations", { headers: { cookie: cookiesOf(signedIn) } });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/locations");
  });

  it("leaves out the way to sign up when sign-up is closed", async () => {
    await withSettings({ SIGNUP: "closed" }, async () => {
      expect((await api.get("/sign-in")).body).not.toContain('href="/signup"');
    });
  });
});

describe("POST /sign-in", () => {
  it("signs in: the session and the device cookies (to /api and /sign-in), then 303 to next", async () => {
    const answer = await post("/sign-in", { ...owner, next: "/locations/1/hours" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/locations/1/hours");
    const cookies = answer.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/HttpOnly; SameSite=Lax/);
    const token = /=([^;]+)/.exec(session)![1]!;
    const [row] = await (await db())
      .select()
      .from(browserSessions)
      .where(eq(browserSessions.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    const devices = cookies.filter((cookie) => cookie.startsWith("taproom_device="));
    expect(devices.map((cookie) => /Path=([^;]+)/.exec(cookie)![1])).toEqual(["/api", "/sign-in"]);
    expect(new Set(devices.map((cookie) => cookie.split(";")[0]))).toHaveProperty("size", 1);
  });

  it("goes to the dashboard when next is not a path on this site", async () => {
    const answer = await post("/sign-in", { ...owner, next: "https://evil.example/" });
    expect(answer.headers.get("location")).toBe("/dashboard");
  });

  it("says on the fields what is missing, focusing the first, and keeps the email", async () => {
    const empty = await post("/sign-in", { email: "", password: "" });
    expect(empty.status).toBe(422);
    expect(errorOf(empty.body, "email")).toBe("Email is required");
    expect(errorOf(empty.body, "password")).toBe("Password is required");
    expect(empty.body).toMatch(/<input id="field-email"[^>]*aria-invalid="true"[^>]*autofocus>/);
    expect(empty.headers.getSetCookie()).toEqual([]);

    const noPassword = await post("/sign-in", { email: "owner@demo.test", password: "" });
    expect(noPassword.body).toMatch(/<input id="field-email"[^>]*value="owner@demo.test"/);
    expect(noPassword.body).toMatch(/<input id="field-password"[^>]*autofocus>/);
  });

  it("says a wrong password on the page (401, no browser dialog), never echoing the password, and escapes what it echoes", async () => {
    const wrong = await post("/sign-in", { email: "owner@demo.test", password: "not-the-password", next: "/team" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBeNull();
    expect(wrong.body).toContain('<p role="alert" class="failure">The email or password is wrong.</p>');
    expect(wrong.body).not.toContain("not-the-password");
    expect(wrong.body).toContain('name="next" value="/team"');

    const odd = await post("/sign-in", { email: '"><script>alert(1)</script>', password: "x" });
    expect(odd.body).not.toContain("<script>alert(1)");
    expect(odd.body).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("is under the login limits: 429 with Retry-After, said on the page", async () => {
    await withSettings({ SESSION_RATE_LIMIT_PER_EMAIL: "2" }, async () => {
      const email = newEmail();
      for (let i = 0; i < 2; i++) expect((await post("/sign-in", { email, password: "guess-guess" })).status).toBe(401);
      const limited = await post("/sign-in", { email, password: "guess-guess" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.body).toMatch(/<p role="alert" class="failure">Too many login attempts\. Try again in \d+ seconds\.<\/p>/);
    });
  });

  it("lets a browser that signed in before in while the account is locked for others (its device cookie reaches /sign-in)", async () => {
    await withSettings({ TAPROOM_SERVER: "true", SESSION_RATE_LIMIT_PER_EMAIL: "3" }, async () => {
      const rival = { email: "rival@demo.test", password: "demo-rival-pass" };
      const browser = cookiesOf(await post("/sign-in", rival));
      for (let i = 0; i < 3; i++) await post("/sign-in", { ...rival, password: `guess-${i}-guess` });
      expect((await post("/sign-in", rival)).status).toBe(429);
      expect((await post("/sign-in", rival, { cookie: browser })).status).toBe(303);
    });
  });

  it("refuses a form another site posted (no Origin, or a foreign one), saying so, with no cookie", async () => {
    for (const origin of ["https://evil.example", ""]) {
      const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", [SOCKET]: freshAddress() };
      if (origin) headers.origin = origin;
      const refused = await api.post("/sign-in", { rawBody: form(owner), headers });
      expect(refused.status).toBe(403);
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(refused.body).toMatch(/<p role="alert" class="failure">[^<]*(Origin|another site)/);
    }
  });

  it("takes a form body only (415 problem+json for JSON)", async () => {
    const json = await api.post("/sign-in", { body: owner, headers: { origin: ORIGIN } });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe("unsupported_media_type");
  });
});

describe("GET /signup", () => {
  it("is the form, or says sign-up is closed", async () => {
    const page = await api.get("/signup");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post" action="/signup" novalidate');
    for (const name of ["business_name", "name", "email", "password"]) expect(page.body).toContain(`name="${name}"`);
    expect(page.body).toContain("At least 10 characters, hard to guess");
    await withSettings({ SIGNUP: "closed" }, async () => {
      const closed = await api.get("/signup");
      expect(closed.body).toContain("Sign-up is closed");
      expect(closed.body).not.toContain("<form");
    });
  });
});

describe("POST /signup", () => {
  const fields = (extra: Record<string, string> = {}) => ({
    business_name: "Hop Yard",
    name: "Ada Brewer",
    email: newEmail(),
    password: "copper kettle 42",
    ...extra,
  });

  it("creates the business and its owner, signed in (session and device cookies), then 303 to the first run", async () => {
    const values = fields();
    const answer = await post("/signup", values);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/welcome");
    const cookies = answer.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    expect(cookies.filter((cookie) => cookie.startsWith("taproom_device="))).toHaveLength(2);
    const [user] = await (await db()).select().from(users).where(eq(users.email, values.email));
    expect(user).toMatchObject({ name: "Ada Brewer", role: "owner" });
    const [business] = await (await db()).select().from(businesses).where(eq(businesses.id, user!.businessId));
    expect(business!.name).toBe("Hop Yard");
  });

  it("checks the fields and the password rules a browser can before counting an attempt; keeps all but the password", async () => {
    const values = fields({ business_name: " ", password: "short" });
    const refused = await post("/signup", values);
    expect(refused.status).toBe(422);
    expect(errorOf(refused.body, "business_name")).toBe("Business name can't be blank");
    expect(errorOf(refused.body, "password")).toBe("Password must be at least 10 characters");
    expect(refused.body).toContain('value="Ada Brewer"');
    expect(refused.body).toContain(`value="${values.email}"`);
    expect(refused.body).not.toContain('value="short"');
    expect(refused.body).toMatch(/<input id="field-business_name"[^>]*autofocus>/);
    expect((await peek(await db(), { key: `login:email:${values.email}`, windowSeconds: 600 })).count).toBe(0);

    const sameAsEmail = await post("/signup", fields({ email: "kettle@hopyard.test", password: "kettle@hopyard.test" }));
    expect(errorOf(sameAsEmail.body, "password")).toBe("Password must not contain your email address");
  });

  it("says the server's refusals on their fields: a common password, a taken email", async () => {
    const common = await post("/signup", fields({ password: "password123" }));
    expect(common.status).toBe(422);
    expect(errorOf(common.body, "password")).toMatch(/^Password is one of the most common passwords/);

    const taken = await post("/signup", fields({ email: "owner@demo.test" }));
    expect(taken.status).toBe(409);
    expect(errorOf(taken.body, "email")).toBeTruthy();
    expect(taken.body).toMatch(/<input id="field-email"[^>]*autofocus>/);
    expect(taken.headers.getSetCookie()).toEqual([]);
  });

  it("is closed when sign-up is (403, the closed page, nothing created) and refuses another site's form", async () => {
    const values = fields();
    await withSettings({ SIGNUP: "closed" }, async () => {
      const closed = await post("/signup", values);
      expect(closed.status).toBe(403);
      expect(closed.body).toContain("Sign-up is closed");
    });
    const foreign = await post("/signup", values, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('<p role="alert" class="problem">');
    expect(await (await db()).select().from(users).where(eq(users.email, values.email))).toEqual([]);
  });
});

describe("POST /sign-out", () => {
  /** A signed-in browser's session cookie (as "name=value") and the token it carries. */
  async function signedIn() {
    const answer = await post("/sign-in", { ...owner, next: "/dashboard" });
    const cookie = answer.headers
      .getSetCookie()
      .find((one) => one.startsWith(`${SESSION_COOKIE}=`))!
      .split(";")[0]!;
    return { cookie, token: cookie.split("=")[1]! };
  }
  const sessionRow = async (token: string) =>
    (await db())
      .select()
      .from(browserSessions)
      .where(eq(browserSessions.tokenHash, hashToken(token)));

  it("ends the session, clears the cookie and goes to the sign-in page; again, it changes nothing", async () => {
    const { cookie, token } = await signedIn();
    expect(await sessionRow(token)).toHaveLength(1);
    const answer = await post("/sign-out", {}, { cookie });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/sign-in");
    expect(answer.headers.getSetCookie().find((one) => one.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await sessionRow(token)).toEqual([]);
    expect((await api.get("/api/session", { headers: { cookie } })).status).toBe(401);

    const again = await post("/sign-out", {}, { cookie });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/sign-in");
  });

  it("refuses a form another site posted: still signed in, said on a page (403)", async () => {
    const { cookie, token } = await signedIn();
    for (const origin of ["https://evil.example", ""]) {
      const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", cookie, [SOCKET]: freshAddress() };
      if (origin) headers.origin = origin;
      const refused = await api.post("/sign-out", { rawBody: "", headers });
      expect(refused.status).toBe(403);
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(refused.body).toContain("You are still signed in");
    }
    expect(await sessionRow(token)).toHaveLength(1);
  });
});
