import { describe, expect, it } from "vitest";
import { SANDBOX_CLIENT } from "@/sandbox/registered-app";
import { handleSandbox } from "@/sandbox/server";
import { consent, ORIGIN, REDIRECT, sandbox, sandboxSnapshot, UNLIMITED } from "./sandbox-client";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

function authenticateUrl(query: Record<string, string>, path = "/sandbox/oauth/authenticate/") {
  const url = new URL(path, ORIGIN);
  url.search = new URLSearchParams(query).toString();
  return url;
}

const stepOne = { client_id: SANDBOX_CLIENT.id, response_type: "code", redirect_url: REDIRECT, state: "xyz 123" };

const decide = (form: Record<string, string>, query: Record<string, string> = stepOne) =>
  handleSandbox(
    new Request(authenticateUrl(query), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER },
      body: new URLSearchParams(form).toString(),
    }),
    UNLIMITED,
  );

const exchange = (query: Record<string, string>, credentials?: Record<string, string>) =>
  sandbox("/oauth/authorize/", {
    query: { response_type: "code", redirect_url: REDIRECT, ...credentials, ...query },
    credentials: credentials === undefined,
  });

describe("OAuth step 1: the consent page", () => {
  it("is a self-contained HTML page offering sandbox accounts, demo_owner first, to a browser", async () => {
    for (const path of ["/sandbox/oauth/authenticate/", "/sandbox/oauth/authenticate"]) {
      const response = await handleSandbox(new Request(authenticateUrl(stepOne, path), { headers: { "User-Agent": BROWSER } }), UNLIMITED);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      const page = await response.text();
      const options = [...page.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
      expect(options[0]).toBe("demo_owner");
      expect(options).toContain("rival_owner");
      expect(page).toContain('method="post"');
      expect(page).toMatch(/value="allow"/);
      expect(page).toMatch(/value="deny"/);
      expect(page).not.toMatch(/<(script|link|img)\b/i);
      expect(page).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    }
  });

  it.each([
    [{ ...stepOne, client_id: "unknown-app" }, "Unknown client_id"],
    [{ ...stepOne, client_id: "" }, "Unknown client_id"],
    [{ ...stepOne, response_type: "token" }, "response_type"],
    [{ ...stepOne, redirect_url: "javascript:alert(1)" }, "http(s)"],
    [{ ...stepOne, redirect_url: "/relative/path" }, "http(s)"],
    [{ ...stepOne, redirect_url: "ftp://example.test/cb" }, "http(s)"],
  ])("refuses %j with an HTML 400", async (query, message) => {
    const response = await handleSandbox(new Request(authenticateUrl(query), { headers: { "User-Agent": BROWSER } }), UNLIMITED);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("escapes what it echoes", async () => {
    const response = await handleSandbox(
      new Request(authenticateUrl({ ...stepOne, state: '"><script>alert(1)</script>' }), { headers: { "User-Agent": BROWSER } }),
      UNLIMITED,
    );
    expect(await response.text()).not.toContain("<script>");
  });
});

describe("OAuth step 2: the decision", () => {
  it("Allow redirects to redirect_url with a code and the unchanged state", async () => {
    const response = await decide({ username: "demo_owner", decision: "allow" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get("state")).toBe("xyz 123");
  });

  it("keeps the redirect URL's own query and leaves state out when none was sent", async () => {
    const { state: _unused, ...noState } = stepOne;
    const response = await decide({ username: "demo_owner", decision: "allow" }, { ...noState, redirect_url: `${REDIRECT}?from=settings` });
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("from")).toBe("settings");
    expect(location.searchParams.has("state")).toBe(false);
  });

  it("Deny redirects with error=access_denied and the state, and creates no code", async () => {
    const before = await sandboxSnapshot();
    const response = await decide({ username: "demo_owner", decision: "deny" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("xyz 123");
    expect(location.searchParams.has("code")).toBe(false);
    expect(await sandboxSnapshot()).toEqual(before);
  });

  it("refuses an unknown account or a missing decision", async () => {
    expect((await decide({ username: "nobody_here", decision: "allow" })).status).toBe(400);
    expect((await decide({ username: "demo_owner" })).status).toBe(400);
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
