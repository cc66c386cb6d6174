import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { users } from "@/lib/db/schema";
import { hit } from "@/lib/db/rate-limit";
import { resetEnvForTests } from "@/lib/server/env";
import { addressGroup, clientAddress } from "@/lib/auth/login-limits";

/** Runs `work` with some settings changed, then puts them back. */
async function withSettings(settings: Record<string, string>, work: () => Promise<void>) {
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  resetEnvForTests();
  try {
    await work();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
  }
}

describe("clientAddress", () => {
  const request = (forwarded?: string, socket?: string) =>
    new Request("http://127.0.0.1/", {
      headers: {
        ...(forwarded === undefined ? {} : { "x-forwarded-for": forwarded }),
        ...(socket ? { "x-taproom-socket-address": socket } : {}),
      },
    });
  it("trusts no X-Forwarded-For without trusted proxies: the client is the socket's peer", async () => {
    expect(clientAddress(request("192.0.2.1"), 0)).toBeNull();
    expect(clientAddress(request(), 0)).toBeNull();
    await withSettings({ TAPROOM_SERVER: "true" }, async () => {
      expect(clientAddress(request("192.0.2.1", "203.0.113.5"), 0)).toBe("203.0.113.5");
      expect(clientAddress(request(undefined, "2001:db8::5"), 0)).toBe("2001:db8::5");
    });
  });
  it("reads the socket's peer only from the production server (TAPROOM_SERVER): otherwise a client wrote it", () => {
    expect(clientAddress(request(undefined, "203.0.113.5"), 0)).toBeNull();
  });
  it("takes the entry the outermost of N trusted proxies appended", () => {
    expect(clientAddress(request("10.9.9.9, 192.0.2.1"), 1)).toBe("192.0.2.1");
    expect(clientAddress(request("10.9.9.9,192.0.2.1 , 172.16.0.5"), 2)).toBe("192.0.2.1");
    expect(clientAddress(request("192.0.2.1"), 2)).toBeNull();
    expect(clientAddress(request(), 1)).toBeNull();
    expect(clientAddress(request(" , "), 1)).toBeNull();
  });
  it("takes the socket's peer when the chain is shorter than the proxies: the request did not come through them", async () => {
    await withSettings({ TAPROOM_SERVER: "true" }, async () => {
      expect(clientAddress(request("192.0.2.1", "203.0.113.5"), 2)).toBe("203.0.113.5");
      expect(clientAddress(request(undefined, "203.0.113.5"), 1)).toBe("203.0.113.5");
      expect(clientAddress(request("10.9.9.9, 192.0.2.1", "10.0.0.2"), 1)).toBe("192.0.2.1");
    });
  });
});

describe("addressGroup", () => {
  it("counts an IPv4 address as itself and an IPv6 one by its /64", () => {
    expect(addressGroup("192.0.2.1")).toBe("192.0.2.1");
    expect(addressGroup("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressGroup("::FFFF:c000:0201")).toBe("192.0.2.1");
    expect(addressGroup("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:DB8:1:2::ab")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff::1%eth0")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(addressGroup("unknown")).toBe("unknown");
  });
});

const owner = { email: "owner@demo.test", password: "demo-owner-pass" };
let address = 0;
// A distinct client address per test keeps the per-address limit out of tests that are not about it.
const from = () => ({ "x-forwarded-for": `198.51.100.${++address}` });

describe("POST /sessions", () => {
  it("returns the token pair, the same one on every login", async () => {
    const first = await api.post("sessions", { body: owner, headers: from() });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("application/json");
    expect(first.body.user.email).toBe("owner@demo.test");
    expect(first.body.user.auth_token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(first.body.user.auth_token_read_only).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(first.body.user.auth_token).not.toBe(first.body.user.auth_token_read_only);
    const second = await api.post("sessions", { body: { email: " Owner@Demo.TEST ", password: owner.password }, headers: from() });
    expect(second.body).toEqual(first.body);
  });

  it("stores neither tokens nor passwords in plain text", async () => {
    const { user } = (await api.post("sessions", { body: owner, headers: from() })).body;
    const [row] = await (await db()).select().from(users).where(eq(users.email, owner.email));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(user.auth_token);
    expect(stored).not.toContain(user.auth_token_read_only);
    expect(stored).not.toContain(owner.password);
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const wrongPassword = await api.post("sessions", { body: { ...owner, password: "nope" }, headers: from() });
    const unknownEmail = await api.post("sessions", { body: { email: "ghost@demo.test", password: "nope" }, headers: from() });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    }
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body).toMatchObject({ status: 401, code: "unauthorized", title: "Unauthorized" });
  });

  it.each([
    ["no body", undefined, undefined, 422],
    ["an array", undefined, "[]", 422],
    ["missing password", { email: owner.email }, undefined, 422],
    ["missing email", { password: "x" }, undefined, 422],
    ["email not a string", { email: 42, password: "x" }, undefined, 422],
    ["empty password", { email: owner.email, password: "" }, undefined, 422],
    ["broken JSON", undefined, '{"email":', 400],
  ])("refuses %s", async (_name, body, rawBody, status) => {
    const response = await api.post("sessions", {
      body,
      rawBody,
      headers: { ...from(), ...(rawBody ? { "content-type": "application/json" } : {}) },
    });
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    if (status === 422) expect(response.body.errors.length).toBeGreaterThan(0);
  });

  it("refuses a body over 1 MiB with 413 before reading it whole, with or without a Content-Length", async () => {
    const big = JSON.stringify({ email: "owner@demo.test", password: "x".repeat(1024 * 1024) });
    const declared = await api.post("sessions", {
      rawBody: big,
      headers: { "content-type": "application/json", "content-length": String(big.length) },
    });
    const streamed = await api.post("sessions", { rawBody: big, headers: { "content-type": "application/json" } });
    for (const response of [declared, streamed]) {
      expect(response.status).toBe(413);
      expect(response.body.code).toBe("payload_too_large");
    }
    // Just under the ceiling is read, and judged on its merits (a password that long is not one).
    const fits = JSON.stringify({ email: "big@nowhere.test", password: "x".repeat(1024 * 1024 - 100) });
    const judged = await api.post("sessions", { rawBody: fits, headers: { ...from(), "content-type": "application/json" } });
    expect(judged.status).toBe(422);
    expect(judged.body.errors.map((error: { path: string }) => error.path)).toContain("password");
  });

  it("refuses a body that is not JSON with 415", async () => {
    const response = await api.post("sessions", {
      rawBody: "email=owner@demo.test&password=demo-owner-pass",
      headers: { ...from(), "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe("unsupported_media_type");
  });

  it("limits attempts per email to 10 in the window, successful or not, with Retry-After", async () => {
    const email = "rival@demo.test";
    for (let i = 0; i < 10; i++) {
      const password = i % 2 === 0 ? "wrong" : "demo-rival-pass";
      const response = await api.post("sessions", { body: { email, password }, headers: from() });
      expect(response.status).toBe(i % 2 === 0 ? 401 : 200);
    }
    const limited = await api.post("sessions", { body: { email, password: "demo-rival-pass" }, headers: from() });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another email is not affected.
    expect((await api.post("sessions", { body: owner, headers: from() })).status).toBe(200);
  });

  it("limits attempts per client address across emails, behind one trusted proxy", async () => {
    await withSettings({ TRUSTED_PROXY_COUNT: "1" }, async () => {
      // The proxy appends the address it saw; what the client wrote before it changes nothing.
      const headers = (i: number) => ({ "x-forwarded-for": `203.0.113.${i}, 192.0.2.77` });
      for (let i = 0; i < 50; i++) {
        const response = await api.post("sessions", { body: { email: `user${i}@nowhere.test`, password: "x" }, headers: headers(i) });
        expect(response.status).toBe(401);
      }
      const limited = await api.post("sessions", { body: owner, headers: headers(99) });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBeTruthy();
      expect((await api.post("sessions", { body: owner, headers: { "x-forwarded-for": "192.0.2.78" } })).status).toBe(200);
    });
  });

  it("without a known client address, ignores X-Forwarded-For, and a spray of failed logins locks no other account out", async () => {
    // No address is known (no production server, no trusted proxy): each account's own limit holds a
    // spray, and there is no app-wide ceiling to reach (decision 075).
    await withSettings({ SESSION_RATE_LIMIT_PER_ADDRESS: "5" }, async () => {
      for (let i = 0; i < 20; i++) {
        const response = await api.post("sessions", {
          body: { email: `spray${i}@nowhere.test`, password: "x" },
          headers: { "x-forwarded-for": `203.0.113.${i}` },
        });
        expect(response.status).toBe(401);
      }
      const login = await api.post("sessions", { body: owner, headers: { "x-forwarded-for": "198.51.100.254" } });
      expect(login.status).toBe(200);
    });
  });

  it("opens a new window once the old one ends", async () => {
    const database = await db();
    const start = new Date("2026-01-01T12:00:00Z");
    const key = "test:window";
    for (let i = 1; i <= 3; i++) expect((await hit(database, { key, limit: 2, windowSeconds: 60, now: start })).count).toBe(i);
    const blocked = await hit(database, { key, limit: 2, windowSeconds: 60, now: new Date(start.getTime() + 30_000) });
    expect(blocked).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    const later = await hit(database, { key, limit: 2, windowSeconds: 60, now: new Date(start.getTime() + 60_000) });
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });
});

describe("DELETE /sessions", () => {
  let account: Account;
  beforeAll(async () => {
    account = await login("owner", "198.51.100.200");
  });

  it("refuses the read-only token and keeps the tokens", async () => {
    const before = await snapshot();
    const response = await api.delete("sessions", { as: account.ro });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("read_only_token");
    expect(await snapshot()).toEqual(before);
  });

  it("rotates both tokens: the old ones fail at once, login returns the new pair", async () => {
    const response = await api.delete("sessions", { as: account.rw });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "OK" });
    expect((await api.get("current_user", { as: account.rw })).status).toBe(401);
    expect((await api.get("current_user", { as: account.ro })).status).toBe(401);
    const renewed = await login("owner", "198.51.100.201");
    expect(renewed.rw.token).not.toBe(account.rw.token);
    expect(renewed.ro.token).not.toBe(account.ro.token);
    expect((await api.get("current_user", { as: renewed.rw })).status).toBe(200);
    expect((await api.get("current_user", { as: renewed.ro })).status).toBe(200);
  });

  it("offers only POST and DELETE", async () => {
    const response = await api.get("sessions");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, DELETE, OPTIONS");
    expect(response.body.code).toBe("method_not_allowed");
  });
});

describe("tokens sealed under another APP_SECRET", () => {
  it("are never replaced behind the integrations' backs: the login says the server is misconfigured", async () => {
    const database = await db();
    // The rival's email may be rate limited by an earlier test: use the repository directly.
    const { createSession } = await import("@/lib/auth/sessions");
    const login = () =>
      createSession(database, {
        email: "rival@demo.test",
        password: "demo-rival-pass",
        client: { address: "198.51.100.250", device: null },
        now: new Date(Date.now() + 3_600_000),
      });
    const working = await login();
    const [sealed] = await database.select().from(users).where(eq(users.email, "rival@demo.test"));
    await database.update(users).set({ tokenEncrypted: "AAAA.BBBB.CCCC" }).where(eq(users.email, "rival@demo.test"));
    await expect(login()).rejects.toMatchObject({ code: "server_misconfigured", status: 500 });
    const [after] = await database.select().from(users).where(eq(users.email, "rival@demo.test"));
    expect(after!.tokenHash).toBe(sealed!.tokenHash);
    expect(after!.readOnlyTokenHash).toBe(sealed!.readOnlyTokenHash);
    expect((await api.get("current_user", { as: { email: working.email, token: working.auth_token } })).status).toBe(200);
    expect((await api.get("current_user", { as: { email: working.email, token: working.auth_token_read_only } })).status).toBe(200);
  });
});
