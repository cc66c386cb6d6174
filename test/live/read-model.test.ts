import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api, basic, db, login, type Account } from "../api";
import type { TestDatabase } from "../database";
import { getDatabase, installDatabase, openPostgres, type Database } from "@/lib/db/client";
import { containerSizes, items, menuViewCounts } from "@/lib/db/schema";
import { type LiveEvent, subscribe } from "@/lib/live/bus";
import { flushMenuViews } from "@/lib/insights/menu-views";
import { readCacheOf } from "@/lib/live/read-cache";
import { fullMenu } from "@/lib/menus/full-menu";
import { locationAnswer } from "@/lib/locations/reads";
import * as menuRoute from "@/app/api/v1/menus/[id]/route";

// The read model (live-menus §2, decisions 006 and 007): conditional reads whose 304 never
// hides a change, tags that are the same on every instance, kept answers that every instance drops
// when it hears the change, compressed full menus, and views counted for 304s too.

let owner: Account;
let location: number;
let menu: { id: number };
let section: number;

/** Resolves at the first event `match` accepts, heard on `database` (subscribe first, then change). */
async function hear(database: Database, match: (event: LiveEvent) => boolean): Promise<() => Promise<void>> {
  let resolve!: () => void;
  const heard = new Promise<void>((done) => {
    resolve = done;
  });
  const stop = await subscribe((event) => {
    if (match(event)) resolve();
  }, database);
  return async () => {
    await heard;
    stop();
  };
}

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  menu = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Taps" } } })).body.menu;
  section = (await api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: "Drafts" } } })).body.section.id;
  await api.post(`sections/${section}/items`, { as: owner.rw, body: { item: { name: "House Lager" } } });
});

type Read = { name: string; path: () => string; change: () => Promise<void> };
const reads: Read[] = [
  {
    name: "GET /menus/:id",
    path: () => `menus/${menu.id}`,
    change: async () => {
      expect((await api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { footer: `at ${Math.random()}` } } })).status).toBe(200);
    },
  },
  {
    name: "GET /menus/:id?full=true",
    path: () => `menus/${menu.id}?full=true`,
    change: async () => {
      const body = { item: { name: `Guest ${Math.random()}` } };
      expect((await api.post(`sections/${section}/items`, { as: owner.rw, body })).status).toBe(201);
    },
  },
  {
    name: "GET /locations/:id/menus",
    path: () => `locations/${location}/menus`,
    change: async () => {
      expect((await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Late" } } })).status).toBe(201);
    },
  },
  {
    name: "GET /locations/:id",
    path: () => `locations/${location}`,
    // Its menus_version moves with any change to its menus (PATCH /locations/:id changes it too; this row keeps the menus path).
    change: async () => {
      expect((await api.post(`menus/${menu.id}/publish`, { as: owner.rw })).status).toBe(200);
      expect((await api.post(`menus/${menu.id}/unpublish`, { as: owner.rw })).status).toBe(200);
    },
  },
  {
    name: "GET /locations/:id/events",
    path: () => `locations/${location}/events`,
    change: async () => {
      const event = { name: "Cask Night", description: "", start_time_date: "2030-07-04", start_time_time: "20:00" };
      expect((await api.post(`locations/${location}/events`, { as: owner.rw, body: { event } })).status).toBe(201);
    },
  },
  {
    name: "GET /locations/:id/hours",
    path: () => `locations/${location}/hours`,
    change: async () => {
      const hours = (await api.get(`locations/${location}/hours`, { as: owner.ro })).body.hours;
      const monday = hours[0];
      const body = { hours: [{ id: monday.id, closed: !monday.closed }] };
      expect((await api.patch(`locations/${location}/hours`, { as: owner.rw, body })).status).toBe(200);
    },
  },
  {
    name: "GET /container_sizes",
    path: () => "container_sizes",
    // No route writes container sizes: a write in the database, heard like any other.
    change: async () => {
      const database = await getDatabase();
      const heard = await hear(database, (event) => event.kind === "stale" && event.table === "container_sizes");
      await (await db()).update(containerSizes).set({ updatedAt: sql`now()` }).where(eq(containerSizes.position, 0));
      await heard();
    },
  },
];

describe.each(reads)("$name", ({ path, change }) => {
  it("answers a strong ETag, 304 while it holds, and 200 with a new tag after a change", async () => {
    const first = await api.get(path(), { as: owner.ro });
    expect(first.status).toBe(200);
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const again = await api.get(path(), { as: owner.ro, headers: { "if-none-match": tag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.get("etag")).toBe(tag);
    // A list of tags, and the weak form, match too (If-None-Match compares weakly).
    expect((await api.get(path(), { as: owner.ro, headers: { "if-none-match": `"nope", W/${tag}` } })).status).toBe(304);
    // The same data gives the same tag with the other token.
    expect((await api.get(path(), { as: owner.rw })).headers.get("etag")).toBe(tag);

    await change();
    const after = await api.get(path(), { as: owner.ro, headers: { "if-none-match": tag! } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(tag);
    expect(after.body).not.toEqual(first.body);
    const unchanged = await api.get(path(), { as: owner.ro, headers: { "if-none-match": after.headers.get("etag")! } });
    expect(unchanged.status).toBe(304);
  });
});

describe("kept answers", () => {
  it("are the caller's business's only: another business's id is 404, kept or not", async () => {
    const rival = await login("rival");
    await api.get(`menus/${menu.id}?full=true`, { as: owner.ro });
    for (const path of [`menus/${menu.id}`, `menus/${menu.id}?full=true`, `locations/${location}`, `locations/${location}/events`]) {
      expect((await api.get(path, { as: rival.ro })).status).toBe(404);
    }
  });

  it("give the same tags after everything kept is dropped (a new instance's cold start)", async () => {
    const paths = [
      `menus/${menu.id}`,
      `menus/${menu.id}?full=true`,
      `locations/${location}/menus`,
      `locations/${location}`,
      "container_sizes",
    ];
    const tags = async () => Promise.all(paths.map(async (path) => (await api.get(path, { as: owner.ro })).headers.get("etag")));
    const warm = await tags();
    (await readCacheOf(await getDatabase())).clear();
    expect(await tags()).toEqual(warm);
  });

  it("see a deleted menu gone at the next read", async () => {
    const doomed = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Doomed" } } })).body.menu;
    expect((await api.get(`menus/${doomed.id}?full=true`, { as: owner.ro })).status).toBe(200);
    expect((await api.delete(`menus/${doomed.id}`, { as: owner.rw })).status).toBe(200);
    expect((await api.get(`menus/${doomed.id}?full=true`, { as: owner.ro })).status).toBe(404);
    expect((await api.get(`menus/${doomed.id}`, { as: owner.ro })).status).toBe(404);
  });

  it("change the full menu's tag with include_legacy, and decide its 304 by its body", async () => {
    const plain = await api.get(`menus/${menu.id}?full=true`, { as: owner.ro });
    const legacy = await api.get(`menus/${menu.id}?full=true&include_legacy=true`, { as: owner.ro });
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    const again = await api.get(`menus/${menu.id}?full=true&include_legacy=true`, {
      as: owner.ro,
      headers: { "if-none-match": legacy.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });
});

describe("the full menu's tag and time", () => {
  it("changes when an 86 ends by itself, and only then", async () => {
    const database = await db();
    const [item] = await database
      .select()
      .from(items)
      .where(and(eq(items.sectionId, section)))
      .limit(1);
    const at = Date.parse("2031-01-01T12:00:00Z");
    const heard = await hear(await getDatabase(), (event) => event.kind === "change" && event.menu_id === menu.id);
    await database.transaction((tx) =>
      tx
        .update(items)
        .set({ eightySixedAt: new Date(at - 3_600_000), eightySixedUntil: new Date(at) })
        .where(eq(items.id, item!.id)),
    );
    await heard();
    const scope = { businessId: (await api.get("current_user", { as: owner.ro })).body.current_user.business_id, id: menu.id };
    const tagAt = async (now: number) => (await fullMenu(database, scope, {}, () => now)).tag;
    const before = await tagAt(at - 60_000);
    expect(await tagAt(at - 1)).toBe(before);
    const after = await tagAt(at);
    expect(after).not.toBe(before);
    expect(await tagAt(at + 86_400_000)).toBe(after);
  });
});

describe("a location's tz_offset", () => {
  it("follows a DST change at its instant, though the kept answer is rechecked only each quarter hour", async () => {
    const scope = { businessId: (await api.get("current_user", { as: owner.ro })).body.current_user.business_id, id: location };
    const zone = (await api.get(`locations/${location}`, { as: owner.ro })).body.location.time_zone;
    expect(zone).toBe("America/New_York");
    // New York leaves daylight time at 2026-11-01 06:00 UTC (02:00 EDT becomes 01:00 EST).
    const at = (iso: string) => () => Date.parse(iso);
    const offset = async (iso: string) =>
      JSON.parse(Buffer.from((await locationAnswer(await db(), scope, at(iso))).body).toString()).location.tz_offset;
    expect(await offset("2026-11-01T05:44:59.000Z")).toBe(-4);
    expect(await offset("2026-11-01T05:45:00.000Z")).toBe(-4);
    expect(await offset("2026-11-01T05:59:59.999Z")).toBe(-4);
    expect(await offset("2026-11-01T06:00:00.000Z")).toBe(-5);
    expect(await offset("2026-11-01T06:14:00.000Z")).toBe(-5);
    // And back, the kept answer redone again.
    expect(await offset("2027-03-14T06:59:00.000Z")).toBe(-5);
    expect(await offset("2027-03-14T07:00:00.000Z")).toBe(-4);
  });
});

describe("full menu bodies", () => {
  const get = async (headers: Record<string, string>) => {
    const request = new Request(`http://127.0.0.1/api/v1/menus/${menu.id}?full=true`, {
      headers: { authorization: basic(owner.ro), ...headers },
    });
    const response = await menuRoute.GET(request, { params: Promise.resolve({ id: String(menu.id) }) });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  // Codings are chosen only with server.ts in front (TAPROOM_SERVER): test/server/encoded-answers.test.ts.
  it("carry names beyond ASCII as UTF-8, the kept bytes as the first read's", async () => {
    const name = "Märzen Œuvre 0,5 l — 5 € 🍺";
    const created = await api.post(`sections/${section}/items`, { as: owner.rw, body: { item: { name } } });
    expect(created.status).toBe(201);
    const names = (bytes: Buffer) =>
      (JSON.parse(bytes.toString("utf8")).menu.sections as { items: { name: string }[] }[]).flatMap((s) => s.items.map((i) => i.name));
    const first = await get({});
    expect(first.response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(names(first.bytes)).toContain(name);
    const kept = await get({});
    expect(kept.bytes.equals(first.bytes)).toBe(true);
    // Without the server in front (as under `next dev`), identity whatever the caller accepts.
    const asked = await get({ "accept-encoding": "br, gzip" });
    expect(asked.response.headers.get("content-encoding")).toBeNull();
    expect(asked.bytes.equals(first.bytes)).toBe(true);
  });
});

describe("menu views", () => {
  it("are counted for a full read and for its 304, written by the next flush", async () => {
    const database = await db();
    const count = async () =>
      (
        await database
          .select()
          .from(menuViewCounts)
          .where(and(eq(menuViewCounts.locationId, location), eq(menuViewCounts.source, "Board 304")))
      ).reduce((sum, row) => sum + row.count, 0);
    await flushMenuViews(database);
    const before = await count();
    const first = await api.get(`menus/${menu.id}?full=true&source_name=Board%20304`, { as: owner.ro });
    const tag = first.headers.get("etag")!;
    for (let i = 0; i < 3; i++) {
      expect(
        (await api.get(`menus/${menu.id}?full=true&source_name=Board%20304`, { as: owner.ro, headers: { "if-none-match": tag } })).status,
      ).toBe(304);
    }
    // Not without full=true.
    await api.get(`menus/${menu.id}?source_name=Board%20304`, { as: owner.ro });
    expect(await count()).toBe(before);
    await flushMenuViews(database);
    expect(await count()).toBe(before + 4);
  });
});

// Two instances on one PostgreSQL: each keeps its own answers, and drops them when it hears a change
// committed by the other.
describe.runIf(process.env.TEST_DB === "postgres")("two instances", () => {
  it("keep their answers exact and tag the same data alike", async () => {
    const first = await getDatabase();
    const second = await openPostgres((first as TestDatabase).url!, 5);
    try {
      const on = (instance: Database) => installDatabase(instance);
      const paths = [`menus/${menu.id}?full=true`, `menus/${menu.id}`, `locations/${location}/menus`, `locations/${location}`];
      const read = async (instance: Database) => {
        on(instance);
        return Promise.all(paths.map((path) => api.get(path, { as: owner.ro })));
      };
      const onFirst = await read(first);
      const onSecond = await read(second);
      expect(onSecond.map((r) => r.headers.get("etag"))).toEqual(onFirst.map((r) => r.headers.get("etag")));
      expect(onSecond.map((r) => r.body)).toEqual(onFirst.map((r) => r.body));

      // A change on the first, read on the second once it has heard it.
      const heard = await hear(second, (event) => event.kind === "change" && event.menu_id === menu.id);
      on(first);
      expect((await api.post(`sections/${section}/items`, { as: owner.rw, body: { item: { name: "Cross Town" } } })).status).toBe(201);
      await heard();
      const after = await read(second);
      for (const [i, response] of after.entries()) {
        expect(response.status).toBe(200);
        expect(response.headers.get("etag")).not.toBe(onSecond[i]!.headers.get("etag"));
      }
      expect(JSON.stringify(after[0]!.body)).toContain("Cross Town");
      // And both agree again (the second built its full menu from the parts of the version before).
      const again = await read(first);
      expect(again.map((r) => r.headers.get("etag"))).toEqual(after.map((r) => r.headers.get("etag")));
      expect(again.map((r) => r.body)).toEqual(after.map((r) => r.body));

      // Events: written on the second, seen on the first.
      on(first);
      const events = await api.get(`locations/${location}/events`, { as: owner.ro });
      const heardEvent = await hear(first, (event) => event.kind === "stale" && event.table === "events");
      on(second);
      const body = { event: { name: "Tap Takeover", description: "", start_time_date: "2031-03-01", start_time_time: "18:00" } };
      expect((await api.post(`locations/${location}/events`, { as: owner.rw, body })).status).toBe(201);
      await heardEvent();
      on(first);
      const seen = await api.get(`locations/${location}/events`, {
        as: owner.ro,
        headers: { "if-none-match": events.headers.get("etag")! },
      });
      expect(seen.status).toBe(200);
      expect(seen.body.events.map((e: { name: string }) => e.name)).toContain("Tap Takeover");
    } finally {
      installDatabase(first);
      await second.close();
    }
  });
});
