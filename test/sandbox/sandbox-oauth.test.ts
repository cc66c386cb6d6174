import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { SANDBOX_CLIENT } from "@/sandbox/registered-app";
import { sandboxOauthCodes, sandboxUsers } from "@/sandbox/schema";
import { handleConsent, handleSandbox } from "@/sandbox/server";
import { consent, consentContext, consentUrl, ORIGIN, REDIRECT, sandbox, sandboxSnapshot, UNLIMITED } from "../sandbox-client";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const OLIVIA = { userName: "demo_owner", name: "Olivia Owner" };
const stepOne = { state: "xyz 123" };

const show = (query: Record<string, string> = stepOne, context = consentContext(OLIVIA), path?: string) =>
  handleConsent(new Request(consentUrl(query, path), { headers: { "User-Agent": BROWSER } }), context);

const decide = (form: Record<string, string>, context = consentContext(OLIVIA), query: Record<string, string> = stepOne) =>
  handleConsent(
    new Request(consentUrl(query), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER },
      body: new URLSearchParams(form).toString(),
    }),
    context,
  );

const codeCount = async () => (await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(sandboxOauthCodes))[0]!.n;

const exchange = (query: Record<string, string>, credentials?: Record<string, string>) =>
  sandbox("/oauth/authorize/", {
    query: { response_type: "code", redirect_url: REDIRECT, ...credentials, ...query },
    credentials: credentials === undefined,
  });

describe("OAuth step 1: the consent page", () => {
  it("is a self-contained HTML page naming the account signed in in this browser, and offers no other", async () => {
    for (const path of ["/sandbox/oauth/authenticate/", "/sandbox/oauth/authenticate"]) {
      const response = await show(stepOne, consentContext(OLIVIA), path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      const page = await response.text();
      expect(page).toContain("Olivia Owner");
      expect(page).toContain("demo_owner");
      expect(page).not.toContain("rival_owner");
      expect(page).not.toMatch(/<(select|option|input)\b/i);
      expect(page).toContain('method="post"');
      expect(page).toMatch(/value="allow"/);
      expect(page).toMatch(/value="deny"/);
      expect(page).not.toMatch(/<(script|link|img)\b/i);
      expect(page).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    }
  });

  it("sends a browser without a Taproom session to sign in first, coming back to this page", async () => {
    const response = await show(stepOne, consentContext(null));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/sign-in");
    const back = new URL(location.searchParams.get("next")!, ORIGIN);
    expect(back.pathname).toBe("/sandbox/oauth/authenticate/");
    expect(back.searchParams.get("redirect_url")).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("xyz 123");
  });

  it.each([
    [{ client_id: "unknown-app" }, "Unknown client_id"],
    [{ client_id: "" }, "Unknown client_id"],
    [{ response_type: "token" }, "response_type"],
    [{ redirect_url: "https://evil.test/cb" }, "registered"],
    [{ redirect_url: `${REDIRECT}?next=https://evil.test` }, "registered"],
    [{ redirect_url: "javascript:alert(1)" }, "registered"],
    [{ redirect_url: "/api/v4/oauth/callback" }, "registered"],
  ])("refuses %j with an HTML 400, signed in or not", async (query, message) => {
    for (const account of [OLIVIA, null]) {
      const response = await show({ ...stepOne, ...query }, consentContext(account));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
  });

  it("escapes what it echoes", async () => {
    const response = await show(
      { state: '"><script>alert(1)</script>' },
      consentContext({ userName: "demo_owner", name: "<b>Olivia</b>" }),
    );
    const page = await response.text();
    expect(page).not.toContain("<script>");
    expect(page).not.toContain("<b>Olivia</b>");
  });

  it("is not served by the in-process API: the forwarder's transport never answers it", async () => {
    const response = await handleSandbox(new Request(consentUrl(stepOne), { headers: { "User-Agent": BROWSER } }), UNLIMITED);
    expect(response.status).not.toBe(200);
    expect(response.headers.get("content-type")).not.toContain("text/html");
  });
});

describe("OAuth step 2: the decision", () => {
  it("Allow redirects to the registered URL with a code for the signed-in account and the unchanged state", async () => {
    const response = await decide({ decision: "allow" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get("state")).toBe("xyz 123");
    const token = (await exchange({ code: location.searchParams.get("code")! })).body.response.access_token;
    const me = await sandbox("/v4/user/info", { token, query: { compact: "true" } });
    expect(me.body.response.user.user_name).toBe("demo_owner");
  });

  it("consents only as the signed-in account: a username in the form changes nothing", async () => {
    const response = await decide({ decision: "allow", username: "rival_owner" });
    const code = new URL(response.headers.get("location")!).searchParams.get("code")!;
    const token = (await exchange({ code })).body.response.access_token;
    const me = await sandbox("/v4/user/info", { token, query: { compact: "true" } });
    expect(me.body.response.user.user_name).toBe("demo_owner");
  });

  it("creates the platform account of a Taproom user who has none yet, once", async () => {
    const newcomer = { userName: "taproom_user_77", name: "Nina New Comer" };
    const db = await getDb();
    expect(await db.select().from(sandboxUsers).where(eq(sandboxUsers.userName, newcomer.userName))).toEqual([]);
    const answers = await Promise.all([1, 2, 3].map(() => decide({ decision: "allow" }, consentContext(newcomer))));
    expect(answers.map((a) => a.status)).toEqual([302, 302, 302]);
    const rows = await db.select().from(sandboxUsers).where(eq(sandboxUsers.userName, newcomer.userName));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: "Nina", lastName: "New Comer", isPrivate: false });
    const code = new URL(answers[0]!.headers.get("location")!).searchParams.get("code")!;
    const token = (await exchange({ code })).body.response.access_token;
    const me = await sandbox("/v4/user/info", { token, query: { compact: "true" } });
    expect(me.body.response.user.user_name).toBe("taproom_user_77");
  });

  it("Deny redirects with error=access_denied and the state, and creates no code", async () => {
    const before = await sandboxSnapshot();
    const codes = await codeCount();
    const response = await decide({ decision: "deny" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("xyz 123");
    expect(location.searchParams.has("code")).toBe(false);
    expect(await sandboxSnapshot()).toEqual(before);
    expect(await codeCount()).toBe(codes);
  });

  it("refuses, creating no code: no decision, no session, a form from another site, another redirect URL", async () => {
    const codes = await codeCount();
    expect((await decide({})).status).toBe(400);
    const signedOut = await decide({ decision: "allow" }, consentContext(null));
    expect(signedOut.status).toBe(302);
    expect(new URL(signedOut.headers.get("location")!).pathname).toBe("/sign-in");
    expect((await decide({ decision: "allow" }, consentContext(OLIVIA, { sameOrigin: false }))).status).toBe(403);
    expect((await decide({ decision: "allow" }, consentContext(OLIVIA), { redirect_url: "https://evil.test/cb" })).status).toBe(400);
    expect(await codeCount()).toBe(codes);
  });
});

describe("OAuth step 3: the exchange", () => {
  it("answers access_token in the envelope for a valid code; the token acts as that user and never expires", async () => {
    const code = await consent("rival_owner");
    const answer = await exchange({ code });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.code).toBe(200);
    expect(answer.body.response).toEqual({ access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const token = answer.body.response.access_token;
    const later = { hourlyLimit: 1_000_000, now: new Date(Date.now() + 5 * 365 * 86_400_000) };
    const me = await sandbox("/v4/user/info", { token, query: { compact: "true" }, options: later });
    expect(me.body.response.user.user_name).toBe("rival_owner");
  });

  it("refuses a reused code", async () => {
    const code = await consent("demo_owner");
    expect((await exchange({ code })).status).toBe(200);
    const again = await exchange({ code });
    expect(again.status).toBe(400);
    expect(again.body.meta.error_type).toBe("invalid_param");
    expect(again.body.response).toEqual([]);
  });

  it("refuses a redirect_url that differs from step 1, and the code still works with the right one", async () => {
    const code = await consent("demo_owner");
    const wrong = await exchange({ code, redirect_url: `${REDIRECT}/other` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta.error_detail).toContain("redirect_url");
    expect((await exchange({ code })).status).toBe(200);
  });

  it("refuses a wrong client secret with 401 invalid_auth and keeps the code", async () => {
    const code = await consent("demo_owner");
    const wrong = await exchange({ code }, { client_id: SANDBOX_CLIENT.id, client_secret: "not-the-secret" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.meta.error_type).toBe("invalid_auth");
    expect((await exchange({ code })).status).toBe(200);
  });

  it("accepts a code for ten minutes and refuses it after", async () => {
    const issued = new Date();
    const at = (seconds: number) => ({ hourlyLimit: 1_000_000, now: new Date(issued.getTime() + seconds * 1000) });
    const trade = (code: string, seconds: number) =>
      sandbox("/oauth/authorize/", { query: { response_type: "code", redirect_url: REDIRECT, code }, options: at(seconds) });
    expect((await trade(await consent("demo_owner", { options: at(0) }), 599)).status).toBe(200);
    const expired = await trade(await consent("demo_owner", { options: at(0) }), 601);
    expect(expired.status).toBe(400);
    expect(expired.body.meta.error_detail).toContain("expired");
  });

  it("refuses unknown codes, a missing code and another response_type", async () => {
    expect((await exchange({ code: "made-up" })).status).toBe(400);
    expect((await sandbox("/oauth/authorize", { query: { response_type: "code", redirect_url: REDIRECT } })).status).toBe(400);
    const code = await consent("demo_owner");
    expect((await exchange({ code, response_type: "token" })).status).toBe(400);
  });

  it("obeys the User-Agent rule, unlike the consent page", async () => {
    const code = await consent("demo_owner");
    const url = new URL("/sandbox/oauth/authorize/", ORIGIN);
    url.search = new URLSearchParams({
      client_id: SANDBOX_CLIENT.id,
      client_secret: SANDBOX_CLIENT.secret,
      response_type: "code",
      redirect_url: REDIRECT,
      code,
    }).toString();
    const response = await handleSandbox(new Request(url, { headers: { "User-Agent": BROWSER } }), UNLIMITED);
    expect(response.status).toBe(400);
    expect((await response.json()).meta.error_type).toBe("invalid_request");
  });
});
