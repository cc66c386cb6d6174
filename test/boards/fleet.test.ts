import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { listBoards } from "@/lib/boards/fleet";
import { drawCode, issuePairingCode, recordShown } from "@/lib/boards/records";
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_SHAPE } from "@/lib/boards/schemas";
import { withSettings } from "../auth/account-snapshot";
import { boardDevices, boards, locations, rateLimits, specialHours } from "@/lib/db/schema";
import { type LiveEvent, subscribe } from "@/lib/live/bus";

// venue-operations §10, the manager's side: a board paired by the code its TV shows, listed with its
// status (online; offline after 90 s without a heartbeat; offline_expected while the location is closed,
// by its week and its special dates), changed, reloaded, identified and unpaired, each command told to
// the TV through the bus at commit. Every refusal is a clear 422 that changes nothing. Clocks injected.

let owner: Account;
let downtown: typeof locations.$inferSelect;
let menuA: number;
let menuB: number;
let harborMenu: number;
const heard: LiveEvent[] = [];
let unsubscribe: () => void;
const rw = () => ({ as: owner.rw });

/** The commands the TVs were told since the last call, as [board id, command]. */
const commands = () => heard.splice(0).flatMap((event) => (event.kind === "board" ? [[event.board_id, event.command] as const] : []));

async function code() {
  return (await issuePairingCode(await db(), { secret: null })).code;
}

async function pair(name = "Bar TV", menuId = menuA) {
  const answer = await api.post(`locations/${downtown.id}/boards`, {
    ...rw(),
    body: { code: await code(), name, menu_id: menuId, theme: "dark" },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.board as { id: number; name: string; menu_id: number; theme: string; status: string };
}

const boardCount = async () => (await (await db()).select().from(boards)).length;

beforeAll(async () => {
  owner = await login("owner");
  const database = await db();
  const all = await database.select().from(locations).where(eq(locations.businessId, 1));
  downtown = all.find((location) => location.name === "Demo Taproom Downtown")!;
  const harbor = all.find((location) => location.name === "Demo Taproom Harbor")!;
  const menu = async (locationId: number, name: string) =>
    (await api.post(`locations/${locationId}/menus`, { ...rw(), body: { menu: { name } } })).body.menu.id as number;
  menuA = await menu(downtown.id, "Draft list");
  menuB = await menu(downtown.id, "Cocktails");
  harborMenu = await menu(harbor.id, "Harbor drafts");
  unsubscribe = await subscribe((event) => heard.push(event));
});

afterAll(() => unsubscribe?.());

describe("pairing a board", () => {
  it("pairs the screen showing the code, tells its TV, and the code is spent", async () => {
    const { code: shown, device } = await issuePairingCode(await db(), { secret: null });
    commands();
    const answer = await api.post(`locations/${downtown.id}/boards`, {
      ...rw(),
      body: { code: shown, name: "  Bar TV ", menu_id: menuA, theme: "light" },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const board = answer.body.board;
    expect(board).toMatchObject({ location_id: downtown.id, name: "Bar TV", menu_id: menuA, menu_name: "Draft list", theme: "light" });
    expect(board.status).toBe("online");
    expect(board.version_shown).toBeNull();
    expect(board.menu_version).toBeGreaterThanOrEqual(1);
    expect(commands()).toEqual([[board.id, "board"]]);
    const [row] = await (await db()).select().from(boards).where(eq(boards.id, board.id));
    expect(row!.deviceId).toBe(device.id);
    // One code pairs one board.
    const again = await api.post(`locations/${downtown.id}/boards`, { ...rw(), body: { code: shown, name: "Twice", menu_id: menuA } });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].path).toBe("code");
  });

  it("refuses an unknown or expired code, another location's menu, a bad theme or name with a 422 that changes nothing", async () => {
    const database = await db();
    const { code: shown, device } = await issuePairingCode(database, { secret: null });
    const before = await boardCount();
    const refused = async (body: Record<string, unknown>, path: string) => {
      const answer = await api.post(`locations/${downtown.id}/boards`, {
        ...rw(),
        body: { code: shown, name: "Patio", menu_id: menuA, ...body },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path);
      expect(answer.body.errors[0].message.length).toBeGreaterThan(10);
      return answer.body;
    };
    await refused({ menu_id: harborMenu }, "menu_id");
    await refused({ theme: "blue" }, "theme");
    await refused({ name: "   " }, "name");
    await refused({ code: "12ab56" }, "code");
    await refused({ code: "K7RD4QX0" }, "code"); // 0 is not in the alphabet
    await refused({ menu_id: "seven" }, "menu_id");
    // A code no screen shows: another device's code, with its last character changed, and not drawn by anyone.
    const unknown = `${shown.slice(0, 7)}${shown.endsWith("2") ? "3" : "2"}`;
    await database.update(boardDevices).set({ pairingCode: null, codeExpiresAt: null }).where(eq(boardDevices.pairingCode, unknown));
    const none = await refused({ code: unknown }, "code");
    expect(none.errors[0].message).toMatch(/code/);
    // The device still shows its code: nothing was taken by the refusals.
    const [still] = await database.select().from(boardDevices).where(eq(boardDevices.id, device.id));
    expect(still!.pairingCode).toBe(shown);
    // Ten minutes on, the code is spent.
    await database
      .update(boardDevices)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(boardDevices.id, device.id));
    await refused({}, "code");
    expect(await boardCount()).toBe(before);
  });
});

// Issue 47 row 9: 600 guesses at 58 a second were never throttled, and paired a victim's TV to another
// business's location. Codes tried are limited per client address and per business, and codes are
// eight characters of a 31-letter alphabet (decision 075 computes the odds).
describe("guessing a pairing code", () => {
  const SOCKET = "x-taproom-socket-address";
  const tryCode = (as: Account, locationId: number, menuId: number, code: string, address: string) =>
    api.post(`locations/${locationId}/boards`, {
      as: as.rw,
      body: { code, name: "Guess", menu_id: menuId, theme: "dark" },
      headers: { [SOCKET]: address },
    });
  /** A well-formed code no screen shows. */
  const unshown = async () => {
    for (;;) {
      const candidate = drawCode();
      const [taken] = await (await db()).select().from(boardDevices).where(eq(boardDevices.pairingCode, candidate));
      if (!taken) return candidate;
    }
  };
  const expectLimited = (answer: { status: number; body: { code: string }; headers: Headers }) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(429);
    expect(answer.body.code).toBe("rate_limited");
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  };

  it("is limited per client address and per business: 429 with Retry-After, the TV left unpaired; another business goes on", async () => {
    await (await db()).delete(rateLimits);
    const rival = await login("rival");
    const rivalLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id as number;
    const rivalMenu = (await api.get(`locations/${rivalLocation}/menus`, { as: rival.ro })).body.menus[0].id as number;
    const { code: victim, device } = await issuePairingCode(await db(), { secret: null });
    const before = await boardCount();
    await withSettings(
      { TAPROOM_SERVER: "true", BOARD_PAIRING_GUESSES_PER_ADDRESS: "3", BOARD_PAIRING_GUESSES_PER_BUSINESS: "4" },
      async () => {
        for (let i = 0; i < 3; i++) expect((await tryCode(owner, downtown.id, menuA, await unshown(), "198.51.100.71")).status).toBe(422);
        // Past the address's limit even the right code is refused, and counts as tried.
        expectLimited(await tryCode(owner, downtown.id, menuA, victim, "198.51.100.71"));
        // From a second address, the business's own limit (4 tried) holds.
        expectLimited(await tryCode(owner, downtown.id, menuA, victim, "198.51.100.72"));
        const [still] = await (await db()).select().from(boardDevices).where(eq(boardDevices.id, device.id));
        expect(still!.pairingCode).toBe(victim);
        expect(await boardCount()).toBe(before);
        // Another business is counted apart.
        expect((await tryCode(rival, rivalLocation, rivalMenu, victim, "198.51.100.74")).status).toBe(201);
      },
    );
  });

  it("draws eight characters of an alphabet without 0, 1, I, L or O, and takes them typed in any case", async () => {
    for (let i = 0; i < 200; i++) expect(drawCode()).toMatch(PAIRING_CODE_SHAPE);
    expect(PAIRING_CODE_ALPHABET).toHaveLength(31);
    expect(PAIRING_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    const shown = await code();
    const typed = `${shown.slice(0, 4).toLowerCase()}-${shown.slice(4)}`;
    const answer = await api.post(`locations/${downtown.id}/boards`, { ...rw(), body: { code: typed, name: "Typed", menu_id: menuA } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});

describe("the fleet's statuses", () => {
  // Downtown (America/New_York), the demo week: Monday closed, Tuesday 16:00–23:00.
  const tuesday6pm = new Date("2026-12-01T23:00:00Z");
  const monday6pm = new Date("2026-11-30T23:00:00Z");
  const seen = async (id: number, at: Date) => (await db()).update(boards).set({ lastSeenAt: at }).where(eq(boards.id, id));
  const statusAt = async (id: number, now: Date) =>
    (await listBoards(await db(), { location: downtown, now })).boards.find((board) => board.id === id)!.status;

  it("is online within 90 s of a heartbeat, then offline while open and offline_expected while closed", async () => {
    const board = await pair("Status TV");
    await seen(board.id, new Date(tuesday6pm.getTime() - 90_000));
    expect(await statusAt(board.id, tuesday6pm)).toBe("online");
    await seen(board.id, new Date(tuesday6pm.getTime() - 91_000));
    expect(await statusAt(board.id, tuesday6pm)).toBe("offline");
    await seen(board.id, new Date(monday6pm.getTime() - 91_000));
    expect(await statusAt(board.id, monday6pm)).toBe("offline_expected");
    // A board never heard since pairing counts from its pairing.
    await (await db())
      .update(boards)
      .set({ lastSeenAt: null, createdAt: new Date(tuesday6pm.getTime() - 60_000) })
      .where(eq(boards.id, board.id));
    expect(await statusAt(board.id, tuesday6pm)).toBe("online");
  });

  it("follows the special hours: a closed Tuesday expects it offline, an open Monday does not", async () => {
    const board = await pair("Special TV");
    const database = await db();
    await database.insert(specialHours).values([
      { locationId: downtown.id, date: "2026-12-01", closed: true },
      { locationId: downtown.id, date: "2026-11-30", closed: false, openAt: "12:00", closeAt: "22:00" },
    ]);
    try {
      await seen(board.id, new Date(tuesday6pm.getTime() - 5 * 60_000));
      expect(await statusAt(board.id, tuesday6pm)).toBe("offline_expected");
      await seen(board.id, new Date(monday6pm.getTime() - 5 * 60_000));
      expect(await statusAt(board.id, monday6pm)).toBe("offline");
    } finally {
      await database.delete(specialHours).where(eq(specialHours.locationId, downtown.id));
    }
  });

  it("shows the version the TV drew beside the menu's current one", async () => {
    const board = await pair("Versions TV");
    const [row] = await (await db()).select().from(boards).where(eq(boards.id, board.id));
    await recordShown(await db(), { deviceId: row!.deviceId, version: 1 });
    const section = await api.post(`menus/${menuA}/sections`, { ...rw(), body: { section: { name: "New" } } });
    expect(section.status).toBe(201);
    const listed = (await api.get(`locations/${downtown.id}/boards`, { as: owner.ro })).body.boards.find(
      (entry: { id: number }) => entry.id === board.id,
    );
    const menu = (await api.get(`menus/${menuA}`, { as: owner.ro })).body.menu;
    expect(listed).toMatchObject({ version_shown: 1, menu_version: menu.version, status: "online" });
    expect(menu.version).toBeGreaterThan(1);
  });
});

describe("a board's changes and commands", () => {
  it("renames it, moves it to another menu and theme; the TV is told; another location's menu is refused", async () => {
    const board = await pair("Rename TV");
    commands();
    const changed = await api.patch(`boards/${board.id}`, { ...rw(), body: { name: "Window TV", menu_id: menuB, theme: "light" } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.board).toMatchObject({ name: "Window TV", menu_id: menuB, menu_name: "Cocktails", theme: "light" });
    expect(commands()).toEqual([[board.id, "board"]]);
    for (const body of [{ menu_id: harborMenu }, { theme: "sepia" }, { name: "" }, {}, { menu_id: null }]) {
      const refused = await api.patch(`boards/${board.id}`, { ...rw(), body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect(commands()).toEqual([]);
    const after = (await api.get(`boards/${board.id}`, { as: owner.ro })).body.board;
    expect(after).toMatchObject({ name: "Window TV", menu_id: menuB, theme: "light" });
  });

  it("reloads and identifies it: each told to its TV", async () => {
    const board = await pair("Nudge TV");
    commands();
    expect((await api.post(`boards/${board.id}/reload`, rw())).status).toBe(200);
    expect((await api.post(`boards/${board.id}/identify`, rw())).status).toBe(200);
    expect(commands()).toEqual([
      [board.id, "reload"],
      [board.id, "identify"],
    ]);
  });

  it("unpairs it: the TV is told, the board is gone, the device stays to show a new code", async () => {
    const board = await pair("Gone TV");
    const [row] = await (await db()).select().from(boards).where(eq(boards.id, board.id));
    commands();
    const gone = await api.delete(`boards/${board.id}`, rw());
    expect(gone.status).toBe(200);
    expect(gone.body.board.id).toBe(board.id);
    expect(commands()).toEqual([[board.id, "unpaired"]]);
    expect((await api.get(`boards/${board.id}`, { as: owner.ro })).status).toBe(404);
    const listed = (await api.get(`locations/${downtown.id}/boards`, { as: owner.ro })).body.boards;
    expect(listed.map((entry: { id: number }) => entry.id)).not.toContain(board.id);
    const [device] = await (await db()).select().from(boardDevices).where(eq(boardDevices.id, row!.deviceId));
    expect(device).toBeDefined();
    expect((await api.delete(`boards/${board.id}`, rw())).status).toBe(404);
  });
});
