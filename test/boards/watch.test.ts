import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import type { TestDatabase } from "../database";
import { issuePairingCode } from "@/lib/boards/records";
import { watchBoards } from "@/lib/boards/watch";
import { checkIntegrity } from "@/lib/backup/integrity";
import { getDatabase, openPostgres, type Database } from "@/lib/db/client";
import { boards, locations, menuChanges, webhookDeliveries } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/server/env";
import { WebhookWorker } from "@/lib/webhooks/worker";

// venue-operations §10: a board offline for 2 minutes while its location is open is told once as
// `board.offline` (then `board.online` when it is back), never while the location is closed, exactly once
// however many passes or instances look; both reach the feed and the webhooks. Clocks are injected.

let owner: Account;
let downtown: typeof locations.$inferSelect;
let menuId: number;
const rw = () => ({ as: owner.rw });
// Downtown (America/New_York), the demo week: Monday closed, Tuesday 16:00–23:00.
const tuesday6pm = new Date("2026-12-01T23:00:00Z");
const monday6pm = new Date("2026-11-30T23:00:00Z");
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

async function pair(name: string) {
  const { code } = await issuePairingCode(await db(), { secret: null });
  const answer = await api.post(`locations/${downtown.id}/boards`, { ...rw(), body: { code, name, menu_id: menuId, theme: "dark" } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.board.id as number;
}

const seen = async (id: number, at: Date) => (await db()).update(boards).set({ lastSeenAt: at }).where(eq(boards.id, id));

/** The board changes recorded for the board named `name`, oldest first. */
async function told(name: string) {
  const rows = await (await db())
    .select()
    .from(menuChanges)
    .where(and(eq(menuChanges.menuId, menuId), like(menuChanges.type, "board.%")))
    .orderBy(menuChanges.id);
  return rows.filter((row) => row.summary?.includes(`“${name}”`)).map((row) => row.type);
}

let server: http.Server;
let base: string;
const received: { type: string; data: { summary: string; menu_id: number } }[] = [];

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  owner = await login("owner");
  downtown = (await (await db()).select().from(locations).where(eq(locations.name, "Demo Taproom Downtown")))[0]!;
  menuId = (await api.post(`locations/${downtown.id}/menus`, { ...rw(), body: { menu: { name: "Watched" } } })).body.menu.id;
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
});

describe("the board watch", () => {
  it("tells board.offline once at 2 minutes in opening hours, and board.online when it is back", async () => {
    const id = await pair("Bar TV");
    await seen(id, tuesday6pm);
    // 91 s: offline on the list, but not told yet.
    await watchBoards(await db(), plus(tuesday6pm, 91_000));
    expect(await told("Bar TV")).toEqual([]);
    await watchBoards(await db(), plus(tuesday6pm, 119_000));
    expect(await told("Bar TV")).toEqual([]);
    await watchBoards(await db(), plus(tuesday6pm, 121_000));
    expect(await told("Bar TV")).toEqual(["board.offline"]);
    // Later passes while it stays dark tell nothing more.
    await watchBoards(await db(), plus(tuesday6pm, 10 * 60_000));
    await watchBoards(await db(), plus(tuesday6pm, 20 * 60_000));
    expect(await told("Bar TV")).toEqual(["board.offline"]);
    // Its heartbeat is back.
    await seen(id, plus(tuesday6pm, 30 * 60_000));
    await watchBoards(await db(), plus(tuesday6pm, 30 * 60_000 + 5000));
    await watchBoards(await db(), plus(tuesday6pm, 30 * 60_000 + 20_000));
    expect(await told("Bar TV")).toEqual(["board.offline", "board.online"]);
    // And dark again later: told again.
    await watchBoards(await db(), plus(tuesday6pm, 33 * 60_000));
    expect(await told("Bar TV")).toEqual(["board.offline", "board.online", "board.offline"]);
  });

  it("never tells a board dark while the location is closed, and tells it once the location opens", async () => {
    const id = await pair("Closed TV");
    // Monday: closed all day.
    await seen(id, monday6pm);
    for (const minutes of [3, 30, 300]) await watchBoards(await db(), plus(monday6pm, minutes * 60_000));
    expect(await told("Closed TV")).toEqual([]);
    // Tuesday 16:00 New York: open, and the board has been dark since Monday.
    await watchBoards(await db(), new Date("2026-12-01T21:00:30Z"));
    expect(await told("Closed TV")).toEqual(["board.offline"]);
  });

  it("puts the changes in the feed with their words, at the menu's version, not in its history nor announcements", async () => {
    const id = await pair("Feed TV");
    const version = (await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version;
    await seen(id, tuesday6pm);
    await watchBoards(await db(), plus(tuesday6pm, 3 * 60_000));
    const feed = (await api.get(`locations/${downtown.id}/changes?limit=500`, { as: owner.ro })).body.changes as {
      type: string;
      summary: string;
      version: number;
      actor: { via: string };
    }[];
    const mine = feed.filter((change) => change.summary.includes("“Feed TV”"));
    expect(mine).toEqual([
      expect.objectContaining({
        type: "board.offline",
        version,
        summary: "Board “Feed TV” went dark: no signal for 2 minutes during opening hours",
        actor: expect.objectContaining({ via: "system" }),
      }),
    ]);
    expect((await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version).toBe(version);
    const history = (await api.get(`menus/${menuId}/versions`, { as: owner.ro })).body.versions as { changes: { type: string }[] }[];
    expect(history.flatMap((entry) => entry.changes.map((change) => change.type)).filter((type) => type.startsWith("board."))).toEqual([]);
    const announced = (await api.get(`locations/${downtown.id}/menu_announcements?limit=100`, { as: owner.ro })).body
      .menu_announcements as {
      type: string;
    }[];
    expect(announced.filter((entry) => entry.type.startsWith("board."))).toEqual([]);
    // The versions still agree with their change records.
    const { problems } = await checkIntegrity(await db());
    expect(problems.filter((problem) => problem.startsWith(`menu ${menuId}:`) || problem.startsWith(`location ${downtown.id}:`))).toEqual(
      [],
    );
  });

  it("delivers board.offline and board.online to a webhook that asked for them", async () => {
    const hook = await api.post(`locations/${downtown.id}/webhooks`, {
      ...rw(),
      body: { webhook: { url: `${base}/boards`, events: ["board.offline", "board.online"] } },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const id = await pair("Hooked TV");
    await seen(id, tuesday6pm);
    await watchBoards(await db(), plus(tuesday6pm, 3 * 60_000));
    await seen(id, plus(tuesday6pm, 4 * 60_000));
    await watchBoards(await db(), plus(tuesday6pm, 4 * 60_000));
    await new WebhookWorker(await db()).runDue();
    const mine = received.filter((body) => body.data.summary.includes("“Hooked TV”"));
    expect(mine.map((body) => body.type)).toEqual(["board.offline", "board.online"]);
    expect(mine[0]!.data.menu_id).toBe(menuId);
    const deliveries = await (await db()).select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.body.webhook.id));
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
  });

  it("tells it exactly once when several passes run at once", async () => {
    const id = await pair("Busy TV");
    await seen(id, tuesday6pm);
    const now = plus(tuesday6pm, 3 * 60_000);
    const database = await db();
    await Promise.all([watchBoards(database, now), watchBoards(database, now), watchBoards(database, now)]);
    expect(await told("Busy TV")).toEqual(["board.offline"]);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("two instances on one PostgreSQL", () => {
  let second: Database;
  afterAll(async () => {
    await second?.close();
  });

  it("tell each board.offline and board.online exactly once between them", async () => {
    const first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);
    const ids = await Promise.all(["Twin 1", "Twin 2", "Twin 3"].map(pair));
    for (const id of ids) await seen(id, tuesday6pm);
    const dark = plus(tuesday6pm, 3 * 60_000);
    await Promise.all([
      watchBoards(first.db, dark),
      watchBoards(second.db, dark),
      watchBoards(first.db, dark),
      watchBoards(second.db, dark),
    ]);
    for (const id of ids) await seen(id, plus(tuesday6pm, 5 * 60_000));
    const back = plus(tuesday6pm, 5 * 60_000 + 1000);
    await Promise.all([
      watchBoards(first.db, back),
      watchBoards(second.db, back),
      watchBoards(first.db, back),
      watchBoards(second.db, back),
    ]);
    for (const name of ["Twin 1", "Twin 2", "Twin 3"]) expect(await told(name)).toEqual(["board.offline", "board.online"]);
  });
});
