import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { api, call, db, login, type Account } from "../api";
import { sandboxOauthCodes } from "@/sandbox/schema";
import { SANDBOX_CLIENT } from "@/sandbox/registered-app";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";

// The sandbox as a browser and a stranger meet it through the app's routes (no V4_* set: the sandbox
// is the upstream). Only its consent page is served; consent is given as the Taproom user signed in.

const ORIGIN = "http://127.0.0.1:3000"; // test/api.ts sends every request to this origin
const owner = { email: "owner@demo.test", password: "demo-owner-pass" };
let tokens: Account;

async function signIn(): Promise<string> {
  const response = await api.post("/api/session", { body: owner, headers: { "x-forwarded-for": "198.51.100.7", origin: ORIGIN } });
  expect(response.status).toBe(200);
  return `${SESSION_COOKIE}=${response.headers.get("set-cookie")!.match(new RegExp(`^${SESSION_COOKIE}=([^;]+);`))![1]!}`;
}

const codeCount = async () => (await (await db()).select({ n: sql<number>`count(*)::int` }).from(sandboxOauthCodes))[0]!.n;
const pathOf = (location: string) => {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
};
const allow = (consent: string, headers: Record<string, string>) =>
  call("POST", consent, { rawBody: "decision=allow", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

/** Starts connecting as the signed-in browser: the consent page's path and the browser's cookies. */
async function start(session: string) {
  const connect = await call("GET", "/api/v4/oauth/connect?return_to=/dashboard", { headers: { cookie: session } });
  expect(connect.status).toBe(302);
  const binding = connect.headers.get("set-cookie")!.split(";")[0]!;
  return { consent: pathOf(connect.headers.get("location")!), cookie: `${session}; ${binding}` };
}

beforeAll(async () => {
  tokens = await login("owner", "203.0.113.61");
});

describe("the sandbox over HTTP", () => {
  it("serves no API: its v4 and token exchange are answered in-process only", async () => {
    const credentials = `client_id=${SANDBOX_CLIENT.id}&client_secret=${SANDBOX_CLIENT.secret}`;
    for (const path of [`/sandbox/v4/beer/trending?${credentials}`, `/sandbox/oauth/authorize/?${credentials}&code=x`]) {
      await expect(call("GET", path)).rejects.toThrow(/no route file serves/);
    }
  });

  it("refuses a consent form over the body ceiling with 413, without reading it whole or making a code (issue 31 row 6)", async () => {
    const { consent, cookie } = await start(await signIn());
    const before = await codeCount();
    const huge = `decision=allow&pad=${"x".repeat(2 * 1024 * 1024)}`;
    const declared: Record<string, string>[] = [{}, { "content-length": String(huge.length) }];
    for (const headers of declared) {
      const answer = await call("POST", consent, {
        rawBody: huge,
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, "sec-fetch-site": "same-origin", ...headers },
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("too large");
    }
    expect(await codeCount()).toBe(before);
  });

  it("connects the signed-in user's own platform account: page, Allow, callback", async () => {
    const { consent, cookie } = await start(await signIn());
    expect(consent).toMatch(/^\/sandbox\/oauth\/authenticate\/?\?/);
    const page = await call("GET", consent, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Olivia Owner");
    expect(page.body).toContain("demo_owner");

    const decided = await allow(consent, { cookie, "sec-fetch-site": "same-origin" });
    expect(decided.status).toBe(302);
    const back = new URL(decided.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/api/v4/oauth/callback`);
    const done = await call("GET", pathOf(back.toString()), { headers: { cookie } });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${ORIGIN}/dashboard?beer_account=connected`);
    const connection = await call("GET", "/api/v4/oauth/connection", { as: tokens.ro });
    expect(connection.body.connection).toMatchObject({ connected: true, platform_user_name: "demo_owner" });
  });

  it("sends a browser without a session to sign in, and gives a stranger's form no code", async () => {
    const { consent, cookie } = await start(await signIn());
    const signedOut = await call("GET", consent);
    expect(signedOut.status).toBe(302);
    const signInPage = new URL(signedOut.headers.get("location")!, ORIGIN);
    expect(signInPage.pathname).toBe("/sign-in");
    expect(signInPage.searchParams.get("next")).toBe(consent);

    const codes = await codeCount();
    expect((await allow(consent, {})).status).toBe(302); // to sign in, no code
    const crossSite = await allow(consent, { cookie, origin: "https://evil.test", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const elsewhere = consent.replace(encodeURIComponent(`${ORIGIN}/api/v4/oauth/callback`), encodeURIComponent("https://evil.test/cb"));
    expect(elsewhere).not.toBe(consent);
    expect((await allow(elsewhere, { cookie, "sec-fetch-site": "same-origin" })).status).toBe(400);
    expect(await codeCount()).toBe(codes);
  });
});
