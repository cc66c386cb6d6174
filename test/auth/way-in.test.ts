import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { browserSessions, businesses, rateLimits, users } from "@/lib/db/schema";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";
import { readDeviceCookie } from "@/lib/auth/devices";
import { hashToken } from "@/lib/auth/tokens";
import { cookieOf } from "@/lib/auth/way-in/action";
import type { Outcome } from "@/lib/auth/way-in/forms";
import { signInNotice, submitSignIn } from "@/lib/auth/way-in/sign-in";
import { submitSignUp } from "@/lib/auth/way-in/sign-up";
import { peek } from "@/lib/db/rate-limit";
import { api, db } from "../api";
import { withSettings } from "./account-snapshot";

// The sign-in and sign-up pages' rules (decision 092): what a press of either form comes to, as their
// Server Actions (app/sign-in/actions.ts, app/signup/actions.ts) apply it: signed in (the session and
// device cookies, then on), or the form again with what was wrong on its field. The same checks, limits
// and cookies as POST /api/session and POST /api/session/signup. The pages themselves, with and without
// a script, are e2e/sign-in.ui.spec.ts's and e2e/way-in.ui.spec.ts's.

const ORIGIN = "http://127.0.0.1:3000";
const SOCKET = "x-taproom-socket-address";
const owner = { email: "owner@demo.test", password: "demo-owner-pass" };
let address = 0;
const freshAddress = () => `198.51.100.${++address}`;
let n = 0;
const newEmail = () => `way-in-${++n}@hopyard.test`;

/** The request of a form's Server Action, as lib/auth/way-in/action.ts builds it. */
const formRequest = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { host: "127.0.0.1:3000", origin: ORIGIN, [SOCKET]: freshAddress(), ...headers },
  });

const signIn = async (fields: { email: string; password: string; next?: string }, headers: Record<string, string> = {}) =>
  submitSignIn(await db(), formRequest("/sign-in", headers), { next: "", ...fields });
const signUp = async (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  submitSignUp(await db(), formRequest("/signup", headers), fields as Parameters<typeof submitSignUp>[2]);

function signedIn<State>(outcome: Outcome<State>) {
  if (!("go" in outcome)) throw new Error(`not signed in: ${JSON.stringify(outcome)}`);
  return outcome;
}
function again<State>(outcome: Outcome<State>) {
  if (!("state" in outcome)) throw new Error(`signed in: ${JSON.stringify(outcome)}`);
  return outcome;
}
/** The Cookie header a browser would send after these Set-Cookie values. */
const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0]!).join("; ");

beforeEach(async () => {
  await (await db()).delete(rateLimits);
});

describe("the sign-in form", () => {
  it("signs in: the session and the device cookies, then on to next", async () => {
    const outcome = signedIn(await signIn({ ...owner, next: "/locations/1/hours" }));
    expect(outcome.go).toBe("/locations/1/hours");
    const session = outcome.cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/HttpOnly; SameSite=Lax/);
    const token = /=([^;]+)/.exec(session)![1]!;
    const [row] = await (await db())
      .select()
      .from(browserSessions)
      .where(eq(browserSessions.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    // One device cookie, for the whole site: the form posts to its page, the API reads it under /api.
    const devices = outcome.cookies.filter((cookie) => cookie.startsWith("taproom_device="));
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatch(/; Path=\/; HttpOnly; SameSite=Strict;/);
  });

  it("goes to the dashboard when next is not a path on this site", async () => {
    for (const next of ["https://evil.example/", "//evil.example/", ""]) {
      expect(signedIn(await signIn({ ...owner, next })).go).toBe("/dashboard");
    }
  });

  it("says on the fields what is missing, and keeps the email (never the password)", async () => {
    const empty = again(await signIn({ email: "", password: "" }));
    expect(empty.status).toBe(422);
    expect(empty.state.errors).toEqual({ email: "is required", password: "is required" });

    const noPassword = again(await signIn({ email: "owner@demo.test", password: "" }));
    expect(noPassword.state).toEqual({ email: "owner@demo.test", errors: { password: "is required" }, failure: null });
  });

  it("says a wrong password on the page, never keeping the password", async () => {
    const wrong = again(await signIn({ email: "owner@demo.test", password: "not-the-password", next: "/team" }));
    expect(wrong.status).toBe(401);
    expect(wrong.state).toEqual({ email: "owner@demo.test", errors: {}, failure: "The email or password is wrong." });
    expect(JSON.stringify(wrong)).not.toContain("not-the-password");
  });

  it("is under the login limits: said on the page", async () => {
    await withSettings({ SESSION_RATE_LIMIT_PER_EMAIL: "2" }, async () => {
      const email = newEmail();
      for (let i = 0; i < 2; i++) expect(again(await signIn({ email, password: "guess-guess" })).status).toBe(401);
      const limited = again(await signIn({ email, password: "guess-guess" }));
      expect(limited.status).toBe(429);
      expect(limited.state.failure).toMatch(/^Too many login attempts\. Try again in \d+ seconds\.$/);
    });
  });

  it("lets a browser that signed in before in while the account is locked for others (its device cookie reaches the page)", async () => {
    await withSettings({ TAPROOM_SERVER: "true", SESSION_RATE_LIMIT_PER_EMAIL: "3" }, async () => {
      const rival = { email: "rival@demo.test", password: "demo-rival-pass" };
      const browser = cookieHeader(signedIn(await signIn(rival)).cookies);
      for (let i = 0; i < 3; i++) await signIn({ ...rival, password: `guess-${i}-guess` });
      expect(again(await signIn(rival)).status).toBe(429);
      expect("go" in (await signIn(rival, { cookie: browser }))).toBe(true);
    });
  });

  it("refuses a form another site posted (no Origin, or a foreign one), saying so, with no cookie", async () => {
    for (const origin of ["https://evil.example", ""]) {
      const request = new Request(`${ORIGIN}/sign-in`, { method: "POST", headers: origin ? { origin } : {} });
      const refused = again(await submitSignIn(await db(), request, { ...owner, next: "" }));
      expect(refused.status).toBe(403);
      expect(refused.state.failure).toMatch(/Origin|another site/);
    }
  });

  it("says what brought the person here only for the notices it knows", () => {
    expect(signInNotice("password-reset")).toBe("Your password was changed. Sign in with the new one.");
    expect(signInNotice("signed-out-everywhere")).toBe("You were signed out on every device.");
    for (const other of ["unknown", "constructor", "__proto__", undefined]) expect(signInNotice(other)).toBeUndefined();
  });
});

describe("the sign-up form", () => {
  const fields = (extra: Record<string, string> = {}) => ({
    business_name: "Hop Yard",
    name: "Ada Brewer",
    email: newEmail(),
    password: "copper kettle 42",
    ...extra,
  });

  it("creates the business and its owner, signed in (session and device cookies), then on to the first run", async () => {
    const values = fields();
    const outcome = signedIn(await signUp(values));
    expect(outcome.go).toBe("/welcome");
    expect(outcome.cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    expect(outcome.cookies.filter((cookie) => cookie.startsWith("taproom_device="))).toHaveLength(1);
    const [user] = await (await db()).select().from(users).where(eq(users.email, values.email));
    expect(user).toMatchObject({ name: "Ada Brewer", role: "owner" });
    const [business] = await (await db()).select().from(businesses).where(eq(businesses.id, user!.businessId));
    expect(business!.name).toBe("Hop Yard");
  });

  it("checks the fields and the password rules a browser can before counting an attempt; keeps all but the password", async () => {
    const values = fields({ business_name: " ", password: "short" });
    const refused = again(await signUp(values));
    expect(refused.status).toBe(422);
    expect(refused.state.errors.business_name).toBe("can't be blank");
    expect(refused.state.errors.password).toBe("must be at least 10 characters");
    expect(refused.state.values).toEqual({ business_name: " ", name: "Ada Brewer", email: values.email });
    expect(JSON.stringify(refused)).not.toContain('"short"');
    expect((await peek(await db(), { key: `login:email:${values.email}`, windowSeconds: 600 })).count).toBe(0);

    const sameAsEmail = again(await signUp(fields({ email: "kettle@hopyard.test", password: "kettle@hopyard.test" })));
    expect(sameAsEmail.state.errors.password).toBe("must not contain your email address");
  });

  it("says the server's refusals on their fields: a common password, a taken email", async () => {
    const common = again(await signUp(fields({ password: "password123" })));
    expect(common.status).toBe(422);
    expect(common.state.errors.password).toMatch(/^is one of the most common passwords/);

    const taken = again(await signUp(fields({ email: "owner@demo.test" })));
    expect(taken.status).toBe(409);
    expect(taken.state.errors.email).toBeTruthy();
  });

  it("is closed when sign-up is (back to the page, which says so; nothing created) and refuses another site's form", async () => {
    const values = fields();
    await withSettings({ SIGNUP: "closed" }, async () => {
      expect(await signUp(values)).toEqual({ go: "/signup", cookies: [] });
    });
    const foreign = again(await signUp(values, { origin: "https://evil.example" }));
    expect(foreign.status).toBe(403);
    expect(foreign.state.failure).toMatch(/Origin/);
    expect(await (await db()).select().from(users).where(eq(users.email, values.email))).toEqual([]);
  });
});

describe("the Server Actions' cookies", () => {
  it("are set as our Set-Cookie values say", () => {
    const expires = "Wed, 02 Dec 2027 10:00:00 GMT";
    expect(cookieOf(`taproom_device=1.abc.def; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000; Expires=${expires}; Secure`)).toEqual({
      name: "taproom_device",
      value: "1.abc.def",
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      maxAge: 31536000,
      expires: new Date(expires),
      secure: true,
    });
  });

  it("read every device cookie a browser holds: those at /api and /sign-in from before decision 092 too", () => {
    const request = new Request(ORIGIN, { headers: { cookie: "taproom_device=old; other=1; taproom_device=new" } });
    expect(readDeviceCookie(request)).toBe("old~new");
  });
});

describe("POST /sign-out", () => {
  /** A signed-in browser's session cookie (as "name=value") and the token it carries. */
  async function signedInBrowser() {
    const cookie = signedIn(await signIn({ ...owner, next: "/dashboard" }))
      .cookies.find((one) => one.startsWith(`${SESSION_COOKIE}=`))!
      .split(";")[0]!;
    return { cookie, token: cookie.split("=")[1]! };
  }
  const sessionRow = async (token: string) =>
    (await db())
      .select()
      .from(browserSessions)
      .where(eq(browserSessions.tokenHash, hashToken(token)));
  const post = (headers: Record<string, string>) =>
    api.post("/sign-out", {
      rawBody: "",
      headers: { "content-type": "application/x-www-form-urlencoded", [SOCKET]: freshAddress(), ...headers },
    });

  it("ends the session, clears the cookie and goes to the sign-in page; again, it changes nothing", async () => {
    const { cookie, token } = await signedInBrowser();
    expect(await sessionRow(token)).toHaveLength(1);
    const answer = await post({ origin: ORIGIN, cookie });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/sign-in");
    expect(answer.headers.getSetCookie().find((one) => one.startsWith(`${SESSION_COOKIE}=`))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await sessionRow(token)).toEqual([]);
    expect((await api.get("/api/session", { headers: { cookie } })).status).toBe(401);

    const again = await post({ origin: ORIGIN, cookie });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/sign-in");
  });

  it("refuses a form another site posted: still signed in, said in plain text (403), no page", async () => {
    const { cookie, token } = await signedInBrowser();
    for (const origin of ["https://evil.example", ""]) {
      const refused = await post(origin ? { cookie, origin } : { cookie });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(refused.body).toContain("You are still signed in");
    }
    expect(await sessionRow(token)).toHaveLength(1);
  });
});
