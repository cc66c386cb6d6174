import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { collectEvents, eventReader, type SseEvent } from "../sse";
import { menuViewCounts, rateLimits } from "@/lib/db/schema";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";
import { GET as boardStream } from "@/app/preview/menus/[menuId]/stream/route";
import { openDisplayStream } from "@/lib/menus/display-stream";
import { viewerBusinessOf } from "@/lib/menus/display";
import { previewMenu } from "@/lib/menus/preview";

// The menu display's stream and data (live-menus §5): the same access as the board page (a published
// menu for anyone, a draft for its own business's session, 404 otherwise), and a stream that tells
// only its own menu's new version number, nothing else of the change and nothing of other menus.

const ORIGIN = "http://127.0.0.1:3000";
let owner: Account;
let ownerCookie: string;
let rivalCookie: string;
let locationId: number;
let published: number;
let draft: number;
let other: number;

async function signIn(who: "owner" | "rival"): Promise<string> {
  const credentials = {
    owner: { email: "owner@demo.test", password: "demo-owner-pass" },
    rival: { email: "rival@demo.test", password: "demo-rival-pass" },
  }[who];
  const response = await api.post("/api/session", { body: credentials, headers: { origin: ORIGIN, "x-forwarded-for": "198.51.100.7" } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return `${SESSION_COOKIE}=${response.headers.get("set-cookie")!.match(new RegExp(`^${SESSION_COOKIE}=([^;]+);`))![1]!}`;
}

const createMenu = async (name: string) => {
  const menu = (await api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name } } })).body.menu;
  await api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: "Taps" } } });
  return menu.id as number;
};
const version = async (menuId: number) => (await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version as number;
const rename = (menuId: number, name: string) => api.patch(`menus/${menuId}`, { as: owner.rw, body: { menu: { name } } });

/** Opens the board's stream through its real handler; the status, and the body's events as they come. */
async function openStream(menuId: number | string, cookie?: string) {
  const controller = new AbortController();
  const request = new Request(`${ORIGIN}/preview/menus/${menuId}/stream`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  const response = await boardStream(request, { params: Promise.resolve({ menuId: String(menuId) }) });
  return { response, controller };
}

/** The same through openDisplayStream, with a short wait for a stream that has nothing to tell. */
async function openWaiting(menuId: number, cookie?: string) {
  const controller = new AbortController();
  const request = new Request(`${ORIGIN}/preview/menus/${menuId}/stream`, { headers: cookie ? { cookie } : {} });
  const viewerBusinessId = await viewerBusinessOf(await db(), request);
  const response = await openDisplayStream({ menuId, viewerBusinessId, signal: controller.signal, waitingMs: 300 });
  return { response, controller };
}

/**
 * Reads events until `count` came (or the stream ended: then fewer), running `during` once the first
 * arrived. A stream that goes quiet is abandoned after `giveUpMs`: a guard against hanging, not a timing.
 */
async function readBoard(
  menuId: number,
  {
    cookie,
    count,
    during,
    giveUpMs = 30_000,
    duringAfter = "event",
  }: { cookie?: string; count: number; during?: () => Promise<unknown>; giveUpMs?: number; duringAfter?: "chunk" | "event" },
): Promise<{ events: SseEvent[]; ended: boolean; raw: string }> {
  const { response, controller } = await openStream(menuId, cookie);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  // The 20 s liveness pings are not what these tests are about.
  return collectEvents(response, controller, { count, during, giveUpMs, skip: (event) => event.event === "ping", duringAfter });
}

beforeAll(async () => {
  owner = await login("owner");
  await (await db()).delete(rateLimits);
  ownerCookie = await signIn("owner");
  rivalCookie = await signIn("rival");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  published = await createMenu("Board live");
  expect((await api.post(`menus/${published}/publish`, { as: owner.rw })).status).toBe(200);
  draft = await createMenu("Board draft");
  other = await createMenu("Board other");
  expect((await api.post(`menus/${other}/publish`, { as: owner.rw })).status).toBe(200);
});
beforeEach(async () => {
  await (await db()).delete(rateLimits);
});

describe("GET /preview/menus/:id/stream: who may follow", () => {
  it("streams a published menu to anyone, starting with its current version", async () => {
    const { events } = await readBoard(published, { count: 1 });
    expect(events).toEqual([{ id: "", event: "version", data: JSON.stringify({ version: await version(published) }) }]);
  });

  it("streams a draft to its own business's session; a guest and another business wait, told nothing, as on a missing menu", async () => {
    const { events } = await readBoard(draft, { cookie: ownerCookie, count: 1 });
    expect(JSON.parse(events[0]!.data)).toEqual({ version: await version(draft) });
    const quiet = async (menuId: number, cookie?: string) => {
      const { response, controller } = await openWaiting(menuId, cookie);
      expect(response.status).toBe(200);
      // Ended by the server after `waitingMs` below: nothing but the opening comment and pings came.
      return collectEvents(response, controller, { count: 1, giveUpMs: 30_000 });
    };
    for (const cookie of [undefined, rivalCookie, `${SESSION_COOKIE}=not-a-session`]) {
      const { response, controller } = await openStream(draft, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      controller.abort();
    }
    // A draft and a missing menu are alike from outside: a stream that told nothing ends after its wait.
    const ofDraft = await quiet(draft);
    const ofMissing = await quiet(2_000_000_000);
    expect(ofDraft).toEqual({ events: [], ended: true, raw: expect.any(String) });
    expect(ofMissing).toEqual({ events: [], ended: true, raw: expect.any(String) });
    expect(ofDraft.raw).toBe(ofMissing.raw);
  });

  it("answers HEAD with the stream's headers and no body, following nothing (issue 31 row 1)", async () => {
    for (const menuId of [published, draft, 2_000_000_000]) {
      const response = await boardStream(new Request(`${ORIGIN}/preview/menus/${menuId}/stream`, { method: "HEAD" }), {
        params: Promise.resolve({ menuId: String(menuId) }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(response.body).toBeNull();
    }
  });

  it("answers 404 for a malformed id", async () => {
    for (const id of ["abc", "0", "1.5"]) expect((await openStream(id)).response.status).toBe(404);
  });

  it("tells a guest waiting on a draft its version as soon as it is published", async () => {
    const menuId = await createMenu("Board waiting");
    const { events } = await readBoard(menuId, {
      count: 1,
      during: async () => expect((await api.post(`menus/${menuId}/publish`, { as: owner.rw })).status).toBe(200),
      duringAfter: "chunk",
    });
    expect(events).toEqual([{ id: "", event: "version", data: JSON.stringify({ version: await version(menuId) }) }]);
  });
});

describe("GET /preview/menus/:id/stream: what it tells", () => {
  it("sends only its own menu's new version number: no cursor, type or summary, nothing of other menus", async () => {
    const before = await version(published);
    const { events, raw } = await readBoard(published, {
      count: 2,
      during: async () => {
        // Another menu of the same location changes first: if it leaked, it would come first.
        expect((await rename(other, "Board other (renamed)")).status).toBe(200);
        expect((await rename(published, "Board live (renamed)")).status).toBe(200);
      },
    });
    expect(events).toEqual([
      { id: "", event: "version", data: JSON.stringify({ version: before }) },
      { id: "", event: "version", data: JSON.stringify({ version: before + 1 }) },
    ]);
    expect(await version(published)).toBe(before + 1);
    // Nothing else went out but the retry hint and comments.
    expect(raw).not.toMatch(/^id:/m);
    expect(raw).not.toContain("renamed");
    expect(raw).not.toContain("summary");
  });

  it("tells a change inside the tree (an item added) the same way, not only changes to the menu row", async () => {
    const menu = (await api.get(`menus/${published}?full=true`, { as: owner.ro })).body.menu;
    const section = menu.sections[0];
    const before = menu.version;
    const { events } = await readBoard(published, {
      count: 2,
      during: () =>
        api.post(`sections/${section.id}/items`, { as: owner.rw, body: { item: { name: "Board Pils", abv: "4.8" } } }).then((response) => {
          expect(response.status).toBe(201);
        }),
    });
    expect(events.map((event) => JSON.parse(event.data))).toEqual([{ version: before }, { version: before + 1 }]);
  });

  it("says gone when the menu is unpublished, for a guest, and its version again when it is published; its own business follows the draft", async () => {
    // Each step waits for the board to hear the one before (a draft republished before the board
    // looked would rightly never be "gone" to it).
    const { response, controller } = await openStream(published);
    const { next, close } = eventReader(response, controller);
    try {
      expect((await next()).event).toBe("version");
      expect((await api.post(`menus/${published}/unpublish`, { as: owner.rw })).status).toBe(200);
      const gone = await next();
      expect(gone).toEqual({ id: "", event: "gone", data: "{}" });
      expect((await api.post(`menus/${published}/publish`, { as: owner.rw })).status).toBe(200);
      const back = await next();
      expect(back.event).toBe("version");
      expect(JSON.parse(back.data)).toEqual({ version: await version(published) });
    } finally {
      await close();
    }
    // The venue's own session keeps the draft: unpublishing it is a new version, not an end.
    const before = await version(published);
    const staff = await readBoard(published, {
      cookie: ownerCookie,
      count: 2,
      during: () => api.post(`menus/${published}/unpublish`, { as: owner.rw }),
    });
    expect(staff.events.map((event) => JSON.parse(event.data))).toEqual([{ version: before }, { version: before + 1 }]);
    expect((await api.post(`menus/${published}/publish`, { as: owner.rw })).status).toBe(200);
  });
});

describe("GET /preview/menus/:id/data", () => {
  it("leaves a hidden section, its items and prices out for a guest, on the data and the page; its staff still see it (issue 31 row 5)", async () => {
    const menuId = await createMenu("Board hidden");
    const hidden = (await api.post(`menus/${menuId}/sections`, { as: owner.rw, body: { section: { name: "Staff only", public: false } } }))
      .body.section;
    await api.post(`sections/${hidden.id}/items`, { as: owner.rw, body: { item: { name: "Secret Barrel 7" } } });
    expect((await api.post(`menus/${menuId}/publish`, { as: owner.rw })).status).toBe(200);
    const guest = await api.get(`/preview/menus/${menuId}/data`);
    expect(guest.status).toBe(200);
    expect(JSON.stringify(guest.body)).not.toContain("Secret Barrel 7");
    expect(guest.body.menu.sections.map((section: { name: string }) => section.name)).toEqual(["Taps"]);
    // The page renders the same projection (previewMenu) into its embedded data.
    expect(await previewMenu(await db(), { id: menuId, viewerBusinessId: null })).toMatchObject({ menu: { sections: [{ name: "Taps" }] } });
    const staff = await api.get(`/preview/menus/${menuId}/data`, { headers: { cookie: ownerCookie } });
    expect(staff.body.menu.sections.map((section: { name: string }) => section.name)).toEqual(["Taps", "Staff only"]);
  });

  it("answers what the board shows with the same access rules, and counts no menu view", async () => {
    const views = async () => (await (await db()).select().from(menuViewCounts)).reduce((sum, row) => sum + row.count, 0);
    const before = await views();
    const guest = await api.get(`/preview/menus/${published}/data`);
    expect(guest.status).toBe(200);
    expect(guest.headers.get("cache-control")).toBe("private, no-store");
    expect(guest.body).toMatchObject({
      menu: { id: published, version: await version(published) },
      location: { currency: expect.any(String) },
      draft: false,
      staff: false,
      time_zone: expect.any(String),
      clock: expect.stringMatching(/^(12h|24h)$/),
    });
    expect((await api.get(`/preview/menus/${published}/data`, { headers: { cookie: ownerCookie } })).body).toMatchObject({ staff: true });
    expect((await api.get(`/preview/menus/${draft}/data`, { headers: { cookie: ownerCookie } })).body).toMatchObject({ draft: true });
    expect((await api.get(`/preview/menus/${draft}/data`)).status).toBe(404);
    expect((await api.get(`/preview/menus/${draft}/data`, { headers: { cookie: rivalCookie } })).status).toBe(404);
    expect((await api.get("/preview/menus/2000000000/data")).status).toBe(404);
    expect((await api.get("/preview/menus/x/data")).status).toBe(404);
    expect(await views()).toBe(before);
  });
});
