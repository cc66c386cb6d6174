import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { api, basic, db, login, type Account } from "../api";
import { pruneChanges } from "@/lib/live/feed";
import { readEvents } from "../sse";
import { GET as streamChanges } from "@/app/api/v1/locations/[id]/changes/stream/route";
import { eventStreamResponse } from "@/lib/live/stream";

// The change feed (live-menus §3): one change per menu and request, in words, by whom; paged by
// cursor; 410 past the horizon; the stream resumes after Last-Event-ID without gaps or repeats.

let owner: Account;
let rival: Account;
let locationId: number;
let menuId: number;
let full: any;

const feed = async (query = "", as = owner.ro) => api.get(`locations/${locationId}/changes${query}`, { as });
const latestCursor = async () => {
  let cursor = "";
  for (;;) {
    const page = (await feed(cursor ? `?since=${cursor}&limit=500` : "?limit=500")).body;
    if (page.changes.length === 0) return page.next_cursor as string;
    cursor = page.next_cursor;
  }
};

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  menuId = (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus[0].id;
  full = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu;
});

describe("GET /locations/:id/changes", () => {
  it("tells a price change in one sentence, by whom, with the menu's new version", async () => {
    const since = await latestCursor();
    const item = full.sections[0].items[0];
    const container = item.containers[0];
    const before = Number(container.price).toFixed(2);
    const response = await api.patch(`containers/${container.id}`, { as: owner.rw, body: { container: { price: "12.25" } } });
    expect(response.status).toBe(200);
    const menu = (await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu;
    const page = (await feed(`?since=${since}`)).body;
    expect(page.changes).toHaveLength(1);
    const [change] = page.changes;
    expect(change).toMatchObject({
      type: "menu.updated",
      location_id: locationId,
      menu_id: menuId,
      version: menu.version,
      actor: { user_id: expect.any(Number), name: "Olivia Owner", via: "token" },
      summary: `Price of ${item.name}, ${container.name}: ${before} → 12.25`,
    });
    expect(page.next_cursor).toBe(change.cursor);
    expect((await feed(`?since=${page.next_cursor}`)).body).toEqual({ changes: [], next_cursor: page.next_cursor });
  });

  it("names publish, unpublish and create in the type", async () => {
    const since = await latestCursor();
    const created = (await api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name: "Brunch" } } })).body.menu;
    expect((await api.post(`menus/${created.id}/publish`, { as: owner.rw })).status).toBe(200);
    expect((await api.post(`menus/${created.id}/unpublish`, { as: owner.rw })).status).toBe(200);
    await api.delete(`menus/${created.id}`, { as: owner.rw });
    const types = (await feed(`?since=${since}`)).body.changes.map((change: any) => [change.type, change.menu_id, change.summary]);
    expect(types).toEqual([
      ["menu.created", created.id, "Created menu “Brunch”"],
      ["menu.published", created.id, "Published menu “Brunch”"],
      ["menu.unpublished", created.id, "Unpublished menu “Brunch”"],
      ["menu.deleted", created.id, "Deleted menu “Brunch”"],
    ]);
  });

  it("pages by cursor in commit order, each change once", async () => {
    const since = await latestCursor();
    const section = full.sections[0];
    for (const name of ["A", "B", "C", "D", "E"]) {
      await api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { name: `Taps ${name}` } } });
    }
    const first = (await feed(`?since=${since}&limit=2`)).body;
    const second = (await feed(`?since=${first.next_cursor}&limit=2`)).body;
    const third = (await feed(`?since=${second.next_cursor}&limit=2`)).body;
    const all = [...first.changes, ...second.changes, ...third.changes];
    expect(all.map((change: any) => change.summary)).toEqual([
      `Renamed section “${section.name}” to “Taps A”`,
      "Renamed section “Taps A” to “Taps B”",
      "Renamed section “Taps B” to “Taps C”",
      "Renamed section “Taps C” to “Taps D”",
      "Renamed section “Taps D” to “Taps E”",
    ]);
    const cursors = all.map((change: any) => change.cursor);
    expect([...cursors].sort()).toEqual(cursors);
    expect(new Set(all.map((change: any) => change.version)).size).toBe(5);
  });

  it("refuses a malformed cursor and a limit out of range with 422", async () => {
    expect((await feed("?since=abc")).status).toBe(422);
    expect((await feed("?limit=0")).status).toBe(422);
    expect((await feed("?limit=501")).status).toBe(422);
  });

  it("answers 404 for another business's location, 401 without credentials", async () => {
    expect((await feed("", rival.ro)).status).toBe(404);
    expect((await api.get(`locations/${locationId}/changes`)).status).toBe(401);
  });

  it("answers 410 cursor_expired for a cursor older than the changes kept", async () => {
    const old = (await feed("?limit=1")).body.changes[0];
    const database = await db();
    await database.execute(sql`update menu_changes set at = now() - interval '100 days' where id <= ${old.id}`);
    expect(await pruneChanges(database)).toBeGreaterThan(0);
    const response = await feed(`?since=${String(old.id - 1).padStart(16, "0")}`);
    expect(response.status).toBe(410);
    expect(response.body.code).toBe("cursor_expired");
    // From the oldest kept: still fine.
    expect((await feed()).status).toBe(200);
    expect((await feed(`?since=${old.cursor}`)).status).toBe(200);
  });
});

describe("HEAD on a stream (issue 31 row 1)", () => {
  it("answers the stream's headers with no body and opens nothing", async () => {
    let opened = 0;
    const response = eventStreamResponse({
      head: true,
      signal: new AbortController().signal,
      heartbeat: ": keep-alive\n\n",
      cacheControl: "no-cache, no-transform",
      open: async () => {
        opened++;
        return () => {};
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.body).toBeNull();
    expect(opened).toBe(0);

    const head = await streamChanges(
      new Request(`http://127.0.0.1:3000/api/v1/locations/${locationId}/changes/stream`, {
        method: "HEAD",
        headers: { authorization: basic(owner.ro) },
      }),
      { params: Promise.resolve({ id: String(locationId) }) },
    );
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(head.body).toBeNull();
  });
});

describe("GET /locations/:id/changes/stream", () => {
  it("sends each change once, in order, and resumes after Last-Event-ID without gaps or repeats", async () => {
    const section = full.sections[0];
    const since = await latestCursor();
    const first = await readEvents(`locations/${locationId}/changes/stream`, {
      headers: { authorization: basic(owner.ro), "last-event-id": since },
      count: 2,
      during: async () => {
        await api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { name: "Stream 1" } } });
        await api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { name: "Stream 2" } } });
      },
    });
    expect(first.map((event) => event.event)).toEqual(["menu.updated", "menu.updated"]);
    expect(first.map((event) => JSON.parse(event.data).summary)).toEqual([
      expect.stringContaining("to “Stream 1”"),
      "Renamed section “Stream 1” to “Stream 2”",
    ]);
    expect(first.map((event) => event.id)).toEqual(first.map((event) => JSON.parse(event.data).cursor));
    // Gone for a while: two changes happen; coming back after the first event hears the second, then the new ones.
    await api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { name: "Stream 3" } } });
    const resumed = await readEvents(`locations/${locationId}/changes/stream`, {
      headers: { authorization: basic(owner.ro), "last-event-id": first[0]!.id },
      count: 2,
    });
    expect(resumed.map((event) => JSON.parse(event.data).summary)).toEqual([
      "Renamed section “Stream 1” to “Stream 2”",
      "Renamed section “Stream 2” to “Stream 3”",
    ]);
  });

  it("starts from now without a cursor", async () => {
    const section = full.sections[0];
    const events = await readEvents(`locations/${locationId}/changes/stream`, {
      headers: { authorization: basic(owner.ro) },
      count: 1,
      during: () => api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { name: "From now" } } }),
    });
    expect(JSON.parse(events[0]!.data).summary).toContain("to “From now”");
  });

  it("refuses a malformed Last-Event-ID (422) and another business's location (404) before streaming", async () => {
    expect((await api.get(`locations/${locationId}/changes/stream`, { as: owner.ro, headers: { "last-event-id": "x" } })).status).toBe(422);
    expect((await api.get(`locations/${locationId}/changes/stream`, { as: rival.ro })).status).toBe(404);
  });
});
