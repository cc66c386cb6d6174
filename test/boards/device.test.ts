import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { api, db, login, type Account } from "../api";
import type { TestDatabase } from "../database";
import { eventReader } from "../sse";
import { type Database, getDatabase, installDatabase, openPostgres } from "@/lib/db/client";
import { boardDevices, boards, locations, menus } from "@/lib/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import { notifyBoard } from "@/lib/boards/commands";
import { BOARD_COOKIE } from "@/lib/boards/cookie";
import { boardsHeld, heartbeatSettings, writeHeartbeats } from "@/lib/boards/heartbeats";
import { CODE_TTL_MS, issuePairingCode, pairBoard } from "@/lib/boards/records";
import { countStatements } from "@/lib/db/statement-count";
import { resetEnvForTests } from "@/lib/server/env";
import { GET as deviceStream } from "@/app/api/v1/boards/device/stream/route";

// The board fleet's device side (issue 37, decision 067): pairing codes (eight characters, ten minutes, unique
// among the codes in force), the device cookie, the device stream's events (board on pairing, version
// on a menu change, reload/identify/unpaired sent through notifyBoard, across two instances on
// PostgreSQL), the heartbeat batch and `shown`.

const ORIGIN = "http://127.0.0.1:3000";
let owner: Account;
let locationId: number;
let menuId: number;
let otherMenuId: number;
let sectionId: number;
const open: AbortController[] = [];

beforeAll(async () => {
  owner = await login("owner");
  const all = (await api.get("locations", { as: owner.ro })).body.locations;
  locationId = all[0].id;
  const list = (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus;
  // A published menu of the location, and one of another location.
  const published = list.find((menu: { published?: boolean; unpublished?: boolean }) => menu.published ?? !menu.unpublished) ?? list[0];
  menuId = published.id;
  await (await db()).update(menus).set({ unpublished: false }).where(eq(menus.id, menuId));
  sectionId = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu.sections[0].id;
  const [other] = await (await db())
    .select({ id: menus.id })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(sql`${menus.locationId} <> ${locationId}`)
    .limit(1);
  otherMenuId = other!.id;
});

afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
  heartbeatSettings.now = () => new Date();
});

/** POST /boards/pairings as a TV: answers the code and the device's secret from Set-Cookie. */
async function pairing(cookie?: string, address = "203.0.113.70") {
  const answer = await api.post("boards/pairings", {
    headers: { "x-forwarded-for": address, ...(cookie ? { cookie: `${BOARD_COOKIE}=${cookie}` } : {}) },
  });
  const setCookie = answer.headers.get("set-cookie") ?? "";
  const secret = /taproom_board=([^;]+)/.exec(setCookie)?.[1] ?? null;
  return { answer, setCookie, secret };
}

function streamOf(secret: string | null, method = "GET") {
  const controller = new AbortController();
  open.push(controller);
  const headers: Record<string, string> = secret ? { cookie: `${BOARD_COOKIE}=${secret}` } : {};
  return deviceStream(new Request(`${ORIGIN}/api/v1/boards/device/stream`, { method, headers, signal: controller.signal }), {
    params: Promise.resolve({}),
  }).then((response) => ({
    response,
    get reader() {
      return eventReader(response, controller);
    },
  }));
}

const pair = (code: string, name = "Bar TV", menu: number | null = menuId, theme: "light" | "dark" = "dark") =>
  db().then((database) => pairBoard(database, { locationId, businessId: 1, code, name, menuId: menu, theme }));

const data = (event: { data: string }) => JSON.parse(event.data);

describe("POST /boards/pairings", () => {
  it("makes a device with an eight-character code valid ten minutes and its secret in an HttpOnly cookie; only the secret's hash is kept", async () => {
    const before = Date.now();
    const { answer, setCookie, secret } = await pairing();
    expect(answer.status).toBe(201);
    expect(answer.body.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const expires = Date.parse(answer.body.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + CODE_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + CODE_TTL_MS);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=\d{7,}/);
    const [device] = await (await db()).select().from(boardDevices).where(eq(boardDevices.pairingCode, answer.body.code));
    expect(device!.tokenHash).toBe(hashToken(secret!));
    expect(device!.tokenHash).not.toContain(secret!);
  });

  it("gives the cookie's device a new code (the same device, the old code no longer pairs); an unknown cookie makes a new device", async () => {
    const first = await pairing();
    const again = await pairing(first.secret!);
    expect(again.answer.status).toBe(201);
    expect(again.secret).toBe(first.secret);
    const rows = await (await db())
      .select()
      .from(boardDevices)
      .where(eq(boardDevices.tokenHash, hashToken(first.secret!)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pairingCode).toBe(again.answer.body.code);
    if (again.answer.body.code !== first.answer.body.code) {
      await expect(pair(first.answer.body.code)).rejects.toMatchObject({ status: 422 });
    }
    const stranger = await pairing("x".repeat(43));
    expect(stranger.secret).not.toBe("x".repeat(43));
    expect(stranger.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("never gives a code in force to a second device; an expired code is free again", async () => {
    const database = await db();
    const now = new Date("2031-05-01T12:00:00Z");
    const codes = ["K7RD4QXP", "K7RD4QXP", "MN23WXYZ"];
    const draw = () => codes.shift()!;
    const a = await issuePairingCode(database, { secret: null, now, draw });
    const b = await issuePairingCode(database, { secret: null, now, draw });
    expect(a.code).toBe("K7RD4QXP");
    expect(b.code).toBe("MN23WXYZ");
    // Ten minutes later A's code is over: a third device may draw it.
    const later = new Date(now.getTime() + CODE_TTL_MS);
    const c = await issuePairingCode(database, { secret: null, now: later, draw: () => "K7RD4QXP" });
    expect(c.code).toBe("K7RD4QXP");
    const [old] = await database.select().from(boardDevices).where(eq(boardDevices.id, a.device.id));
    expect(old!.pairingCode).toBeNull();
  });

  it("refuses a code for a device that is paired already (409), and counts requests per client address (429 past the setting)", async () => {
    const { answer, secret } = await pairing();
    await pair(answer.body.code, "Paired TV");
    const again = await pairing(secret!);
    expect(again.answer.status).toBe(409);
    expect(again.answer.body.code).toBe("conflict");

    process.env.BOARD_PAIRING_LIMIT_PER_ADDRESS = "2";
    process.env.TRUSTED_PROXY_COUNT = "1";
    resetEnvForTests();
    try {
      expect((await pairing(undefined, "198.51.100.9")).answer.status).toBe(201);
      expect((await pairing(undefined, "198.51.100.9")).answer.status).toBe(201);
      const refused = await pairing(undefined, "198.51.100.9");
      expect(refused.answer.status).toBe(429);
      expect(refused.answer.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await pairing(undefined, "198.51.100.10")).answer.status).toBe(201);
    } finally {
      delete process.env.BOARD_PAIRING_LIMIT_PER_ADDRESS;
      delete process.env.TRUSTED_PROXY_COUNT;
      resetEnvForTests();
    }
  });
});

describe("pairBoard", () => {
  it("refuses an unknown code, an expired one and a menu of another location (422, nothing written); pairs once with a good one", async () => {
    const database = await db();
    const countBoards = async () => (await database.select().from(boards)).length;
    const before = await countBoards();
    await expect(pair("12345")).rejects.toMatchObject({ status: 422, extra: { errors: [{ path: "code" }] } });
    const expired = await issuePairingCode(database, { secret: null, now: new Date(Date.now() - CODE_TTL_MS - 1000) });
    await expect(pair(expired.code)).rejects.toMatchObject({ status: 422, extra: { errors: [{ path: "code" }] } });
    const { answer } = await pairing();
    await expect(pair(answer.body.code, "TV", otherMenuId)).rejects.toMatchObject({
      status: 422,
      extra: { errors: [{ path: "menu_id" }] },
    });
    expect(await countBoards()).toBe(before);
    const board = await pair(answer.body.code, "Patio TV", menuId, "light");
    expect(board).toMatchObject({ name: "Patio TV", menuId, theme: "light", locationId, businessId: 1 });
    await expect(pair(answer.body.code, "Twice")).rejects.toMatchObject({ status: 422 });
    expect(await countBoards()).toBe(before + 1);
  });
});

describe("GET /boards/device/stream", () => {
  it("is 401 without a device cookie, or with one no device has", async () => {
    for (const secret of [null, "y".repeat(43)]) {
      const { response } = await streamOf(secret);
      expect(response.status).toBe(401);
      expect((await response.json()).code).toBe("unauthorized");
    }
  });

  it("tells the code while unpaired, the board when it is paired, its menu's version, each change's version, and follows a new menu and theme", async () => {
    const { answer, secret } = await pairing();
    const { response, reader } = await streamOf(secret);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const first = await reader.next();
    expect(first.event).toBe("pairing");
    expect(data(first)).toEqual({ code: answer.body.code, expires_at: answer.body.expires_at });

    const board = await pair(answer.body.code, "Bar TV");
    const told = await reader.next();
    expect(told.event).toBe("board");
    expect(data(told)).toEqual({ id: board.id, name: "Bar TV", menu_id: menuId, theme: "dark", language: null, location_id: locationId });
    const version = await reader.next();
    expect(version.event).toBe("version");
    const [menu] = await (await db()).select({ version: menus.version }).from(menus).where(eq(menus.id, menuId));
    expect(data(version)).toEqual({ version: menu!.version });

    expect((await api.patch(`sections/${sectionId}`, { as: owner.rw, body: { section: { name: "Drafts on tap" } } })).status).toBe(200);
    const changed = await reader.next();
    expect(changed.event).toBe("version");
    expect(data(changed).version).toBe(menu!.version + 1);

    // A PATCH of the board (B2's route: a write and notifyBoard in one transaction): the TV hears it.
    const database = await db();
    await database.transaction(async (tx) => {
      await tx.update(boards).set({ theme: "light", name: "Bar TV 2" }).where(eq(boards.id, board.id));
      await notifyBoard(tx, board.id, "board");
    });
    const patched = await reader.next();
    expect(patched.event).toBe("board");
    expect(data(patched)).toMatchObject({ name: "Bar TV 2", theme: "light", menu_id: menuId });
    await reader.close();
  });

  it("passes reload and identify on, and after unpairing says unpaired and then that no code is in force", async () => {
    const { answer, secret } = await pairing();
    const board = await pair(answer.body.code, "Window TV");
    const { reader } = await streamOf(secret);
    expect((await reader.next()).event).toBe("board");
    expect((await reader.next()).event).toBe("version");
    const database = await db();
    await database.transaction((tx) => notifyBoard(tx, board.id, "identify"));
    await database.transaction((tx) => notifyBoard(tx, board.id, "reload"));
    expect((await reader.next()).event).toBe("identify");
    expect((await reader.next()).event).toBe("reload");
    // A rolled-back command is never told.
    await database
      .transaction(async (tx) => {
        await notifyBoard(tx, board.id, "identify");
        throw new Error("rolled back");
      })
      .catch(() => {});
    await database.transaction(async (tx) => {
      await notifyBoard(tx, board.id, "unpaired");
      await tx.delete(boards).where(eq(boards.id, board.id));
    });
    expect((await reader.next()).event).toBe("unpaired");
    const after = await reader.next();
    expect(after.event).toBe("pairing");
    expect(data(after)).toEqual({ code: null, expires_at: null });
    await reader.close();
  });

  it("holds its board for the heartbeat: seen at open, then in one UPDATE for every board held, until it closes", async () => {
    const opened = new Date("2031-06-01T18:00:00Z");
    heartbeatSettings.now = () => opened;
    const database = await getDatabase();
    const ids: number[] = [];
    const readers = [];
    for (const name of ["Beat 1", "Beat 2"]) {
      const { answer, secret } = await pairing();
      ids.push((await pair(answer.body.code, name)).id);
      const { reader } = await streamOf(secret);
      expect((await reader.next()).event).toBe("board");
      readers.push(reader);
    }
    const { answer: idle } = await pairing();
    const quiet = await pair(idle.body.code, "Not open");
    const seen = async (id: number) => (await database.db.select().from(boards).where(eq(boards.id, id)))[0]!.lastSeenAt;
    expect(await seen(ids[0]!)).toEqual(opened);
    expect(boardsHeld(database)).toEqual(expect.arrayContaining(ids));
    expect(boardsHeld(database)).not.toContain(quiet.id);

    const tick = new Date("2031-06-01T18:00:30Z");
    const { result, statements } = await countStatements(() => writeHeartbeats(database, tick));
    expect(statements).toBe(1);
    expect(result).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(await seen(id)).toEqual(tick);
    expect(await seen(quiet.id)).toBeNull();

    await readers[0]!.close();
    await expect.poll(() => boardsHeld(database).includes(ids[0]!)).toBe(false);
    await readers[1]!.close();
  });
});

describe("POST /boards/device/shown", () => {
  it("keeps the version the TV drew and counts as a heartbeat; a bad body is 422, no cookie 401, an unpaired device 409", async () => {
    const { answer, secret } = await pairing();
    const cookie = { cookie: `${BOARD_COOKIE}=${secret}` };
    expect((await api.post("boards/device/shown", { headers: cookie, body: { version: 3 } })).status).toBe(409);
    const board = await pair(answer.body.code, "Shown TV");
    for (const body of [{}, { version: 0 }, { version: "3" }, { version: 2.5 }]) {
      const refused = await api.post("boards/device/shown", { headers: cookie, body });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].path).toBe("version");
    }
    expect((await api.post("boards/device/shown", { body: { version: 3 } })).status).toBe(401);
    // A member's token is no device: the device routes know a TV by its cookie alone.
    expect((await api.post("boards/device/shown", { as: owner.rw, body: { version: 3 } })).status).toBe(401);
    const [before] = await (await db()).select().from(boards).where(eq(boards.id, board.id));
    expect(before!.versionShown).toBeNull();
    const shown = await api.post("boards/device/shown", { headers: cookie, body: { version: 7 } });
    expect(shown.status).toBe(204);
    expect(shown.headers.get("set-cookie")).toContain(`${BOARD_COOKIE}=${secret}`);
    const [after] = await (await db()).select().from(boards).where(eq(boards.id, board.id));
    expect(after!.versionShown).toBe(7);
    expect(after!.lastSeenAt).not.toBeNull();
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("the device stream across two instances", () => {
  let first: Database;
  let second: Database | undefined;

  afterAll(async () => {
    installDatabase(first);
    await second?.close();
  });

  it("hears the board, identify and unpaired sent on the other instance, and its heartbeat is written by the instance holding it", async () => {
    first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);
    const { answer, secret } = await pairing();
    installDatabase(second);
    const { reader } = await streamOf(secret);
    expect((await reader.next()).event).toBe("pairing");
    installDatabase(first);
    const board = await pair(answer.body.code, "Far TV");
    expect((await reader.next()).event).toBe("board");
    expect((await reader.next()).event).toBe("version");
    expect(boardsHeld(second)).toContain(board.id);
    expect(boardsHeld(first)).not.toContain(board.id);
    await first.db.transaction((tx) => notifyBoard(tx, board.id, "identify"));
    expect((await reader.next()).event).toBe("identify");
    await first.db.transaction(async (tx) => {
      await notifyBoard(tx, board.id, "unpaired");
      await tx.delete(boards).where(eq(boards.id, board.id));
    });
    expect((await reader.next()).event).toBe("unpaired");
    expect((await reader.next()).event).toBe("pairing");
    await reader.close();
  });
});
