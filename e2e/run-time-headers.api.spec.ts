import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type AppServer, freePort, startServer, stopServer } from "../scripts/app-process";
import { expect, test } from "@playwright/test";

// The security headers follow the settings the server runs with, not those of its build (issue 31 row
// 10): the e2e build is made without APP_URL; served with an https APP_URL, it pins https (HSTS) on
// pages, API answers and static files, as its cookies are Secure; served with an http one, neither.
// Each case starts the built server (the one the e2e config built) on an empty embedded database, as
// does the last test, on what the server hands the app at run time for the login limits.

const cases = [
  { appUrl: "https://taproom.example", https: true },
  { appUrl: "http://taproom.example", https: false },
];

for (const { appUrl, https } of cases) {
  test(`the built server with APP_URL=${appUrl} ${https ? "sends" : "does not send"} HSTS, and its cookies agree`, async () => {
    test.setTimeout(150_000);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "taproom-headers-"));
    let server: AppServer | undefined;
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
        NEXT_TELEMETRY_DISABLED: "1",
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        APP_URL: appUrl,
      };
      server = await startServer(env, await freePort());
      const page = await fetch(`${server.base}/sign-in`);
      // A script of the build, from the sign-in page (a page of the App Router, decision 092).
      const html = await page.clone().text();
      const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, "the sign-in page loads a script from /_next/static").toBeTruthy();
      const answers = { page, api: await fetch(`${server.base}/api/health`), static: await fetch(`${server.base}${script}`) };
      for (const [what, answer] of Object.entries(answers)) {
        expect(answer.status, what).toBe(200);
        expect(answer.headers.get("strict-transport-security"), what).toBe(https ? "max-age=31536000; includeSubDomains" : null);
        expect(answer.headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
      }

      // The cookies of a sign-in are Secure exactly when HSTS is sent.
      const signUp = await fetch(`${server.base}/api/session/signup`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.base },
        body: JSON.stringify({
          business_name: "Header Tap",
          name: "Hedda",
          email: "hedda@headers.test",
          password: "a long and quiet harbour",
        }),
      });
      expect(signUp.status, await signUp.clone().text()).toBe(201);
      const cookies = signUp.headers.getSetCookie();
      expect(cookies.some((cookie) => cookie.startsWith("taproom_session="))).toBe(true);
      for (const cookie of cookies) expect(cookie.includes("; Secure"), cookie).toBe(https);
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

// The login limits count by the connection's peer (issue 31 row 11, decision 053): the production
// server names it for the app, so headers a client writes (X-Forwarded-For, or the server's own header)
// neither dodge the per-address limit nor pick another client's.
test("the built server counts logins by the connection's peer, whatever the client writes", async () => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "taproom-peer-"));
  let server: AppServer | undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
      NEXT_TELEMETRY_DISABLED: "1",
      DATA_DIR: dataDir,
      DEMO_DATA: "false",
      SESSION_RATE_LIMIT_PER_ADDRESS: "3",
    };
    server = await startServer(env, await freePort());
    const attempt = (i: number) =>
      fetch(`${server!.base}/api/v1/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}`, "x-taproom-socket-address": `198.51.100.${i}` },
        body: JSON.stringify({ email: `nobody${i}@nowhere.test`, password: "a guess" }),
      });
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await attempt(6);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
