import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api, basic, db, login, type Account } from "../api";
import type { TestDatabase } from "../database";
import { parseEvents, type SseEvent } from "../sse";
import { rateLimits, users } from "@/lib/db/schema";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";
import { getDatabase, installDatabase, openPostgres, type Database } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/server/env";
import { GET as changeStream } from "@/app/api/v1/locations/[id]/changes/stream/route";
import { GET as boardStream } from "@/app/preview/menus/[menuId]/stream/route";

// Issue 31 rows 3–4: event streams are counted per client address and per credential (429 past the
// caps), and a stream ends as soon as the credentials it was opened with stop being valid (a token
// reset, a sign-out, a member removed or moved off the location), on every instance.

const ORIGIN = "http://127.0.0.1:3000";
const PASSWORD = "harbor-taps-and-kegs";
let owner: Account;
let locationId: number;
let menuId: number;
const open: AbortController[] = [];

beforeAll(async () => {
  process.env.TRUSTED_PROXY_COUNT = "1";
  resetEnvForTests();
  owner = await login("owner");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  menuId = (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus[0].id;
});

afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
  delete process.env.STREAM_LIMIT_PER_ADDRESS;
  delete process.env.STREAM_LIMIT_PER_CREDENTIAL;
  resetEnvForTests();
});

afterAll(() => {
  delete process.env.TRUSTED_PROXY_COUNT;
  resetEnvForTests();
});

function request(path: string, headers: Record<string, string>, method = "GET") {
  const controller = new AbortController();
  open.push(controller);
  return { request: new Request(`${ORIGIN}${path}`, { method, headers, signal: controller.signal }), controller };
}

const board = (address: string, headers: Record<string, string> = {}, method = "GET") => {
  const { request: made, controller } = request(`/preview/menus/${menuId}/stream`, { "x-forwarded-for": address, ...headers }, method);
  return boardStream(made, { params: Promise.resolve({ menuId: String(menuId) }) }).then((response) => ({ response, controller }));
};
const changes = (headers: Record<string, string>, at = locationId) => {
  const { request: made, controller } = request(`/api/v1/locations/${at}/changes/stream`, {
    "x-forwarded-for": "203.0.113.50",
    ...headers,
  });
  return changeStream(made, { params: Promise.resolve({ id: String(at) }) }).then((response) => ({ response, controller }));
};

/**
 * Reads until the server ends the stream; `endedByServer` is false when the guard had to hang up
 * after `giveUpMs` (a guard against hanging the run, not a timing: a stream that should end ends
 * right after the notification).
 */
async function untilEnd(response: Response, controller: AbortController, giveUpMs = 20_000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  let guarded = false;
  const guard = setTimeout(() => {
    guarded = true;
    controller.abort();
  }, giveUpMs);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
      buffer = parsed.rest;
      events.push(...parsed.events);
    }
  } catch {
    // aborted by the guard
  } finally {
    clearTimeout(guard);
  }
  return { endedByServer: !guarded, events };
}

/** A session cookie for `email` through the dashboard's sign-in. */
async function signIn(email: string, password: string) {
  const response = await api.post("/api/session", {
    body: { email, password },
    headers: { origin: ORIGIN, "x-forwarded-for": "198.51.100.9" },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return `${SESSION_COOKIE}=${response.headers.get("set-cookie")!.match(new RegExp(`^${SESSION_COOKIE}=([^;]+);`))![1]!}`;
}

describe("stream caps", () => {
  it("refuses a client address past STREAM_LIMIT_PER_ADDRESS with 429 and takes it again once one closes; HEAD counts nothing", async () => {
    process.env.STREAM_LIMIT_PER_ADDRESS = "3";
    resetEnvForTests();
    const opened = [];
    for (let n = 0; n < 3; n++) opened.push(await board("198.51.100.1"));
    expect(opened.map(({ response }) => response.status)).toEqual([200, 200, 200]);
    for (let n = 0; n < 5; n++) expect((await board("198.51.100.1", {}, "HEAD")).response.status).toBe(200);
    const refused = (await board("198.51.100.1")).response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    const problem = await refused.json();
    expect(problem.code).toBe("rate_limited");
    expect(problem.detail).toContain("event streams");
    expect((await board("198.51.100.2")).response.status).toBe(200);
    opened[0]!.controller.abort();
    expect((await board("198.51.100.1")).response.status).toBe(200);
  });

  it("refuses a credential past STREAM_LIMIT_PER_CREDENTIAL with 429; the other token is its own count", async () => {
    process.env.STREAM_LIMIT_PER_CREDENTIAL = "2";
    resetEnvForTests();
    const ro = { authorization: basic(owner.ro) };
    expect((await changes(ro)).response.status).toBe(200);
    expect((await changes(ro)).response.status).toBe(200);
    const refused = (await changes(ro)).response;
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toContain("This credential");
    expect((await changes({ authorization: basic(owner.rw) })).response.status).toBe(200);
  });

  it("counts one credential however its email is spelt (letter case, spaces, the scheme's case)", async () => {
    process.env.STREAM_LIMIT_PER_CREDENTIAL = "2";
    resetEnvForTests();
    const spelt = (email: string, scheme = "Basic") => ({
      authorization: `${scheme} ${Buffer.from(`${email}:${owner.ro.token}`).toString("base64")}`,
    });
    expect((await changes(spelt(owner.ro.email))).response.status).toBe(200);
    expect((await changes(spelt(owner.ro.email.toUpperCase(), "basic"))).response.status).toBe(200);
    const refused = (await changes(spelt(` ${owner.ro.email.replace(/^./, (c) => c.toUpperCase())}`))).response;
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toContain("This credential");
  });
});

describe("streams end with their credentials", () => {
  it("ends an open change stream when its token is reset", async () => {
    const mine = await login("owner", "203.0.113.61");
    const { response, controller } = await changes({ authorization: basic(mine.ro) });
    expect(response.status).toBe(200);
    const ended = untilEnd(response, controller);
    expect((await api.delete("sessions", { as: mine.rw })).status).toBe(200);
    expect((await ended).endedByServer).toBe(true);
    owner = await login("owner");
  });

  // Issue 47 row 8: a password change left the old token's stream running.
  it("ends an open change stream opened with a token when its owner changes their password", async () => {
    const mine = await login("owner", "203.0.113.63");
    const [before] = await (await db()).select({ hash: users.passwordHash }).from(users).where(eq(users.email, mine.rw.email));
    const { response, controller } = await changes({ authorization: basic(mine.ro) });
    expect(response.status).toBe(200);
    const ended = untilEnd(response, controller);
    const changed = await api.post("current_user/password", {
      as: mine.rw,
      body: { current_password: "demo-owner-pass", new_password: "copper kettle ninety lanterns" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    expect((await ended).endedByServer).toBe(true);
    // The owner's password back as it was, for the other tests' logins (the demo's password is one the
    // rules would refuse as a new one: it names the email's name part, so it is put back as stored).
    await (await db()).update(users).set({ passwordHash: before!.hash }).where(eq(users.email, mine.rw.email));
    // Those were attempts on the owner's account: its per-email count is the other tests' again.
    await (await db()).delete(rateLimits);
    owner = await login("owner");
  });

  it("ends a member's stream when they are removed, and when moved off the location", async () => {
    const join = async (email: string) => {
      const invited = await api.post("team/invitations", { as: owner.rw, body: { email, role: "staff", location_ids: [locationId] } });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const token = new URL(invited.body.invitation.url).searchParams.get("token")!;
      const accepted = await api.post("invitations/accept", { body: { token, name: "Sam Lee", password: PASSWORD } });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      const [user] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email));
      return { id: user!.id, ro: { email, token: accepted.body.user.auth_token_read_only } };
    };
    const removed = await join("removed.staff@demo.test");
    const first = await changes({ authorization: basic(removed.ro) });
    expect(first.response.status).toBe(200);
    const firstEnded = untilEnd(first.response, first.controller);
    expect((await api.delete(`team/${removed.id}`, { as: owner.rw })).status).toBe(204);
    expect((await firstEnded).endedByServer).toBe(true);

    const moved = await join("moved.staff@demo.test");
    const other = (await api.get("locations", { as: owner.ro })).body.locations.find((l: { id: number }) => l.id !== locationId).id;
    const second = await changes({ authorization: basic(moved.ro) });
    expect(second.response.status).toBe(200);
    const secondEnded = untilEnd(second.response, second.controller);
    const patched = await api.patch(`team/${moved.id}`, { as: owner.rw, body: { location_ids: [other] } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await secondEnded).endedByServer).toBe(true);
  });

  it("ends a board stream opened with a dashboard session when that session signs out", async () => {
    const cookie = await signIn("owner@demo.test", "demo-owner-pass");
    const { response, controller } = await board("198.51.100.20", { cookie });
    expect(response.status).toBe(200);
    const ended = untilEnd(response, controller);
    const out = await api.delete("/api/session", { headers: { cookie, origin: ORIGIN } });
    expect(out.status).toBe(204);
    expect((await ended).endedByServer).toBe(true);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("across two instances", () => {
  let first: Database;
  let second: Database;
  afterAll(async () => {
    installDatabase(first);
    await second?.close();
  });

  it("ends a stream open on one instance when its token is reset through the other", async () => {
    first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);
    installDatabase(first);
    const mine = await login("owner", "203.0.113.62");
    installDatabase(second);
    const { response, controller } = await changes({ authorization: basic(mine.ro) });
    expect(response.status).toBe(200);
    const ended = untilEnd(response, controller);
    installDatabase(first);
    expect((await api.delete("sessions", { as: mine.rw })).status).toBe(200);
    expect((await ended).endedByServer).toBe(true);
    owner = await login("owner");
  });
});
