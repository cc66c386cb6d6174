import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import type { TestDatabase } from "../database";
import { getDatabase, openPostgres, type Database } from "@/lib/db/client";
import { menuChanges } from "@/lib/db/schema";
import { recordScheduleBoundaries } from "@/lib/menus/schedule-boundaries";

// venue-operations §7: each boundary of a menu's schedules and happy hours is recorded once in the
// change feed as `menu.schedule_changed` (actor system), with one version, whatever the number of
// passes or instances; the clock is injected.

let owner: Account;
let location: { id: number };
let pint: number;
const rw = () => ({ as: owner.rw });
const at = (iso: string) => new Date(iso);

async function happyHourMenu() {
  const menu = (await api.post(`locations/${location.id}/menus`, { ...rw(), body: { menu: { name: "Boundaries" } } })).body.menu;
  const taps = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Taps" } } })).body.section;
  const item = (await api.post(`sections/${taps.id}/items`, { ...rw(), body: { item: { name: "House Lager" } } })).body.item;
  const container = await api.post(`items/${item.id}/containers`, {
    ...rw(),
    body: {
      container: { container_size_id: pint, price: "7.50", time_prices: [{ days: ["fri"], start: "16:00", end: "18:00", price: "5.00" }] },
    },
  });
  expect(container.status).toBe(201);
  return menu.id as number;
}

const told = async (menuId: number) =>
  (
    await (
      await db()
    )
      .select()
      .from(menuChanges)
      .where(and(eq(menuChanges.menuId, menuId), eq(menuChanges.type, "menu.schedule_changed")))
  ).length;
const version = async (menuId: number) => (await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version as number;

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0];
  const sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes as { id: number; name: string }[];
  pint = sizes.find((size) => size.name === "Pint")!.id;
});

describe("a boundary in the feed", () => {
  it("is recorded once however many passes see it, with one version, and the next boundary again", async () => {
    const menuId = await happyHourMenu();
    const before = await version(menuId);
    // Friday 27 November 2026 in New York (EST): the happy hour starts at 16:00 = 21:00Z.
    expect(await recordScheduleBoundaries(await db(), at("2026-11-27T20:59:59Z"))).toBe(0);
    expect(await recordScheduleBoundaries(await db(), at("2026-11-27T21:00:05Z"))).toBeGreaterThanOrEqual(1);
    expect(await recordScheduleBoundaries(await db(), at("2026-11-27T21:00:20Z"))).toBe(0);
    expect(await told(menuId)).toBe(1);
    expect(await version(menuId)).toBe(before + 1);
    const feed = (await api.get(`locations/${location.id}/changes?limit=500`, { as: owner.ro })).body.changes as {
      type: string;
      menu_id: number;
      actor: { via: string };
    }[];
    const mine = feed.filter((change) => change.menu_id === menuId && change.type === "menu.schedule_changed");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.actor.via).toBe("system");
    // 18:00: it ends, and that is told too.
    await recordScheduleBoundaries(await db(), at("2026-11-27T23:00:30Z"));
    expect(await told(menuId)).toBe(2);
  });

  it("an old boundary first seen long after (the schedule written since) is not told", async () => {
    const menuId = await happyHourMenu();
    await recordScheduleBoundaries(await db(), at("2026-11-27T21:30:00Z"));
    expect(await told(menuId)).toBe(0);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("two instances on one PostgreSQL", () => {
  let second: Database;
  afterAll(async () => {
    await second?.close();
  });

  it("record each boundary exactly once between them", async () => {
    const menuId = await happyHourMenu();
    const first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);
    const now = at("2026-11-27T21:00:10Z");
    await Promise.all([
      recordScheduleBoundaries(first.db, now),
      recordScheduleBoundaries(second.db, now),
      recordScheduleBoundaries(first.db, now),
      recordScheduleBoundaries(second.db, now),
    ]);
    expect(await told(menuId)).toBe(1);
  });
});
