import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import type { TestDatabase } from "../database";
import { snapshot } from "../snapshot";
import { getDatabase, migrationsFolder, openPostgres, POOL_TIMES, type Database } from "@/lib/db/client";
import { kegs, locations, menuChanges, pours, taps } from "@/lib/db/schema";
import { hoursOf, pourOnTap } from "@/lib/taps/pours";
import { previewMenu } from "@/lib/menus/preview";
import { tapNewKeg } from "@/lib/taps/kegs";

// venue-operations §8: taps, kegs, pours counted exactly once, the forecast on opening hours, a low keg
// told once, and a kicked keg 86'd with the next beer on the tap in one version.

let owner: Account;
let location: { id: number };
let businessId: number;
const rw = () => ({ as: owner.rw });

type Setup = { menuId: number; sectionId: number; onTap: number; next: number; later: number; tapId: number };

/** A menu with a Taps section (three items), an On deck item in another section, and tap `number` pouring the second. */
async function setup(number: number, size = 10_000): Promise<Setup> {
  const menu = (await api.post(`locations/${location.id}/menus`, { ...rw(), body: { menu: { name: `Taps ${number}` } } })).body.menu;
  const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Draft" } } })).body.section;
  const waiting = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Cellar" } } })).body.section;
  const add = async (sectionId: number, name: string) =>
    (await api.post(`sections/${sectionId}/items`, { ...rw(), body: { item: { name } } })).body.item.id as number;
  await add(section.id, "First Lager");
  const onTap = await add(section.id, "Harbor Haze");
  await add(section.id, "Third Stout");
  const next = await add(waiting.id, "Next IPA");
  const later = await add(waiting.id, "Later Pils");
  const tap = await api.post(`locations/${location.id}/taps`, {
    ...rw(),
    body: { tap: { number, item_id: onTap, on_deck: [next, later] } },
  });
  expect(tap.status).toBe(201);
  const keg = await api.post(`taps/${tap.body.tap.id}/kegs`, { as: owner.rw, body: { size_ml: size } });
  expect(keg.status).toBe(201);
  return { menuId: menu.id, sectionId: section.id, onTap, next, later, tapId: tap.body.tap.id };
}

const pour = (tapId: number, volume: number, key: string, unit = "ml") =>
  api.post(`taps/${tapId}/pours`, { as: owner.rw, body: { volume, unit, idempotency_key: key } });
const version = async (menuId: number) => (await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.version as number;
const changesOf = async (menuId: number) =>
  (
    (await api.get(`locations/${location.id}/changes?limit=500`, { as: owner.ro })).body.changes as {
      type: string;
      menu_id: number;
      version: number;
      summary: string;
    }[]
  ).filter((change) => change.menu_id === menuId);

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0];
  const [row] = await (await db()).select().from(locations).where(eq(locations.id, location.id));
  businessId = row!.businessId;
  // The demo's own taps (1–6, decision 080) make way for the numbers these tests pick.
  await (await db()).delete(taps).where(eq(taps.locationId, location.id));
});

describe("taps", () => {
  it("lists taps by number with their keg, and refuses a number twice (409) and a foreign item (422), changing nothing", async () => {
    const { tapId, onTap, next, later } = await setup(1);
    const list = await api.get(`locations/${location.id}/taps`, { as: owner.ro });
    expect(list.status).toBe(200);
    expect(list.body.keg_low_percent).toBe(15);
    const tap = list.body.taps.find((row: { id: number }) => row.id === tapId);
    expect(tap).toMatchObject({
      number: 1,
      item_id: onTap,
      item_name: "Harbor Haze",
      on_deck: [next, later],
      on_deck_names: ["Next IPA", "Later Pils"],
    });
    expect(tap.keg).toMatchObject({ size_ml: 10_000, remaining_ml: 10_000, percent_remaining: 100, forecast_empty_at: null });

    const before = await snapshot();
    expect((await api.post(`locations/${location.id}/taps`, { ...rw(), body: { tap: { number: 1 } } })).status).toBe(409);
    const foreign = await api.post(`locations/${location.id}/taps`, { ...rw(), body: { tap: { number: 50, item_id: 999_999 } } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].path).toBe("tap.item_id");
    expect((await pour(tapId, -1, "bad")).status).toBe(422);
    // Smaller than the thousandth of a ml volumes are kept in: refused, never a 500 from the table's check.
    for (const [volume, unit] of [
      [1e-300, "ml"],
      [1e-300, "oz"],
      [0.0004, "ml"],
      [0.001, "oz"],
    ] as const) {
      const tiny = await pour(tapId, volume, `tiny-${volume}-${unit}`, unit);
      expect(tiny.status, `${volume} ${unit}`).toBe(422);
      expect(tiny.body.errors[0]).toMatchObject({ path: "volume", message: "must be at least 0.01 (ml or oz)" });
    }
    expect((await api.post(`taps/${tapId}/kegs`, { ...rw(), body: { size_ml: 1e-300 } })).status).toBe(422);
    expect((await api.post(`taps/${tapId}/pours`, { as: owner.rw, body: { volume: 10, unit: "l", idempotency_key: "x" } })).status).toBe(
      422,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("reorders the on-deck list with PATCH", async () => {
    const { tapId, next, later } = await setup(2);
    const patched = await api.patch(`taps/${tapId}`, { ...rw(), body: { tap: { on_deck: [later, next], name: "Left" } } });
    expect(patched.status).toBe(200);
    expect(patched.body.tap).toMatchObject({ on_deck: [later, next], name: "Left" });
  });
});

describe("pours", () => {
  it("counts a pour, answers the first answer to the same key again and counts it once; oz in ml", async () => {
    const { tapId } = await setup(3);
    const first = await pour(tapId, 500, "meter-1");
    expect(first.status).toBe(201);
    expect(first.body.keg.remaining_ml).toBe(9500);
    expect(first.body.pour).toMatchObject({ volume_ml: 500, idempotency_key: "meter-1" });
    const again = await pour(tapId, 500, "meter-1");
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const oz = await pour(tapId, 16, "meter-2", "oz");
    expect(oz.body.pour.volume_ml).toBe(473.176);
    expect(oz.body.keg.remaining_ml).toBe(9026.824);
    const counted = await (await db()).select().from(pours).where(eq(pours.tapId, tapId));
    expect(counted).toHaveLength(2);
    // With pours, a forecast.
    expect(oz.body.keg.forecast_empty_at).not.toBeNull();
  });

  it("a tap with no keg is 409 and nothing is counted", async () => {
    const empty = await api.post(`locations/${location.id}/taps`, { ...rw(), body: { tap: { number: 4 } } });
    const before = await snapshot();
    expect((await pour(empty.body.tap.id, 100, "k")).status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it("a flow meter's batch with the location's ingest token: counted once each, 401 without it, 422 for an unknown tap", async () => {
    const { tapId } = await setup(5);
    const issued = await api.post(`locations/${location.id}/ingest_token`, rw());
    expect(issued.status).toBe(201);
    const token = issued.body.ingest_token.token as string;
    expect(token).toMatch(/^tpi_/);
    const [stored] = await (await db())
      .execute(`select token_hash from tap_ingest_tokens where location_id = ${location.id}`)
      .then((result) => (result as unknown as { rows: { token_hash: string }[] }).rows);
    expect(stored!.token_hash).not.toContain(token.slice(4));
    const batch = {
      pours: [
        { tap: 5, volume: 300, unit: "ml", idempotency_key: "m-1", at: "2026-01-01T20:00:00Z" },
        { tap: 5, volume: 200, unit: "ml", idempotency_key: "m-2" },
        { tap: 5, volume: 300, unit: "ml", idempotency_key: "m-1" },
      ],
    };
    const headers = { authorization: `Bearer ${token}` };
    const sent = await api.post(`locations/${location.id}/pours`, { body: batch, headers });
    expect(sent.status).toBe(200);
    expect(sent.body.results.map((result: { status: string }) => result.status)).toEqual(["created", "created", "repeated"]);
    expect(sent.body.results[1].keg.remaining_ml).toBe(9500);
    expect((await api.get(`taps/${tapId}`, { as: owner.ro })).body.tap.keg.remaining_ml).toBe(9500);

    const before = await snapshot();
    expect((await api.post(`locations/${location.id}/pours`, { body: batch })).status).toBe(401);
    expect(
      (await api.post(`locations/${location.id}/pours`, { body: batch, headers: { authorization: `Bearer tpi_${"x".repeat(43)}` } }))
        .status,
    ).toBe(401);
    const unknown = await api.post(`locations/${location.id}/pours`, {
      body: {
        pours: [
          { tap: 5, volume: 1, unit: "ml", idempotency_key: "n-1" },
          { tap: 777, volume: 1, unit: "ml", idempotency_key: "n-2" },
        ],
      },
      headers,
    });
    expect(unknown.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe("a keg drained", () => {
  it("is told low once, then kicked: 86'd and the on-deck beer onto the tap at its place, in one version", async () => {
    const { tapId, menuId, sectionId, onTap, next, later } = await setup(6, 1000);
    const start = await version(menuId);
    await pour(tapId, 800, "a"); // 20% left
    await pour(tapId, 100, "b"); // 10%: low
    await pour(tapId, 50, "c"); // 5%: still low, not told again
    expect((await changesOf(menuId)).filter((change) => change.type === "tap.keg_low")).toHaveLength(1);
    expect(await version(menuId)).toBe(start + 1); // a low keg is a version: boards may show "almost gone"
    expect((await previewMenu(await db(), { id: menuId, viewerBusinessId: businessId }))!.almost_gone).toEqual([onTap]);

    const last = await pour(tapId, 100, "d"); // past empty: counted to zero
    expect(last.status).toBe(201);
    expect(last.body.keg).toMatchObject({ remaining_ml: 0, percent_remaining: 0 });
    expect(last.body.keg.kicked_at).not.toBeNull();

    expect(await version(menuId)).toBe(start + 2);
    const changes = await changesOf(menuId);
    const kicked = changes.find((change) => change.type === "tap.kicked")!;
    const swapped = changes.find((change) => change.type === "tap.swapped")!;
    expect(kicked.version).toBe(start + 2);
    expect(swapped.version).toBe(start + 2);
    expect(kicked.summary).toContain("Harbor Haze");
    expect(swapped.summary).toContain("Next IPA");

    const item = (await api.get(`items/${onTap}`, { as: owner.ro })).body.item;
    expect(item.eighty_sixed).toBe(true);
    // Why, in the item and in the 86'd list (venue-operations §8).
    expect(item.eighty_sixed_reason).toBe("kicked");
    const listed = (await api.get(`locations/${location.id}/eighty_sixed`, { as: owner.ro })).body.items as { id: number }[];
    expect(listed.find((row) => row.id === onTap)).toMatchObject({ eighty_sixed_reason: "kicked" });
    const draft = (await api.get(`sections/${sectionId}/items`, { as: owner.ro })).body.items as {
      id: number;
      name: string;
      position: number;
    }[];
    expect(draft.map((row) => row.id)).toEqual([draft[0]!.id, next, onTap, draft[3]!.id]);
    const tap = (await api.get(`taps/${tapId}`, { as: owner.ro })).body.tap;
    expect(tap).toMatchObject({ item_id: next, on_deck: [later] });
    expect(tap.keg).toMatchObject({ size_ml: 1000, remaining_ml: 1000, item_id: next });
    // The fresh keg is not low: nothing is "almost gone" any more.
    expect((await previewMenu(await db(), { id: menuId, viewerBusinessId: businessId }))!.almost_gone).toEqual([]);
  });

  it("with nothing on deck: 86'd and the tap left empty; kicked by hand the same", async () => {
    const { tapId, onTap } = await setup(7);
    await api.patch(`taps/${tapId}`, { ...rw(), body: { tap: { on_deck: [] } } });
    const kicked = await api.post(`taps/${tapId}/kick`, { as: owner.rw });
    expect(kicked.status).toBe(200);
    expect(kicked.body.tap).toMatchObject({ item_id: onTap, keg: null, item_eighty_sixed: true });
    expect((await api.get(`items/${onTap}`, { as: owner.ro })).body.item.eighty_sixed_reason).toBe("kicked");
    // A new keg of it: back on the menus.
    const keg = await api.post(`taps/${tapId}/kegs`, { as: owner.rw, body: { size_ml: 19_500 } });
    expect(keg.body.tap).toMatchObject({ item_id: onTap, item_eighty_sixed: false });
    expect((await api.get(`items/${onTap}`, { as: owner.ro })).body.item).toMatchObject({ eighty_sixed: false, eighty_sixed_reason: null });
    await expect((await db()).execute(sql`select eighty_sixed_reason from items where id = ${onTap}`)).resolves.toMatchObject({
      rows: [{ eighty_sixed_reason: null }],
    });
    expect(keg.body.tap.keg.remaining_ml).toBe(19_500);
  });
});

describe("forecast by opening hours (injected clock)", () => {
  it("a keg drained across a closing time forecasts by the venue's hours", async () => {
    const { tapId } = await setup(8, 45_000);
    const database = await db();
    const [row] = await database.select().from(locations).where(eq(locations.id, location.id));
    // New York, open 16:00–23:00 every day.
    await database.update(locations).set({ timeZone: "America/New_York" }).where(eq(locations.id, location.id));
    const week = (await api.get(`locations/${location.id}/hours`, { as: owner.ro })).body.hours;
    const days = week.map((day: { id: number }) => ({
      id: day.id,
      always_open: false,
      closed: false,
      open_at: "16:00",
      close_at: "23:00",
    }));
    expect((await api.patch(`locations/${location.id}/hours`, { ...rw(), body: { hours: days } })).status).toBe(200);
    await tapNewKeg(database, { businessId, id: tapId, input: { size_ml: 45_000 }, now: new Date("2026-12-01T21:00:00Z") });
    const [tap] = await database.select().from(taps).where(eq(taps.id, tapId));
    const now = new Date("2026-12-01T23:00:00Z");
    const hours = await hoursOf(database, row!, now);
    const { answer } = await pourOnTap(database, {
      tap: tap!,
      location: { ...row!, timeZone: "America/New_York" },
      input: { volume: 10_000, unit: "ml", idempotency_key: "f-1", at: "2026-12-01T22:00:00Z" },
      hours,
      now,
    });
    // 10 l in the 2 open hours since tapping; 35 l left = 7 open hours: to 23:00, then Wednesday 16:00 + 2 h.
    expect(answer.keg.forecast_empty_at).toBe("2026-12-02T23:00:00.000Z");
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("two instances on one PostgreSQL", () => {
  let second: Database;
  afterAll(async () => {
    await second?.close();
  });

  it("200 concurrent pours leave exactly the right volume; one key sent on both counts once", async () => {
    const { tapId } = await setup(9, 100_000);
    const first = await getDatabase();
    // Its 200 pours queue for the pool's 10 connections: each waits its turn, however loaded the machine.
    second = await openPostgres((first as TestDatabase).url!, 10, migrationsFolder, { ...POOL_TIMES, waitMs: 0 });
    const [tap] = await first.db.select().from(taps).where(eq(taps.id, tapId));
    const [row] = await first.db.select().from(locations).where(eq(locations.id, location.id));
    const now = new Date();
    const hours = await hoursOf(first.db, row!, now);
    const send = (instance: Database, key: string, volume: number) =>
      pourOnTap(instance.db, { tap: tap!, location: row!, input: { volume, unit: "ml", idempotency_key: key }, hours, now });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) => send(index % 2 === 0 ? first : second, `c-${index}`, 100 + (index % 7))),
    );
    expect(results.every((result) => !result.repeated)).toBe(true);
    const poured = Array.from({ length: 200 }, (_, index) => 100 + (index % 7)).reduce((sum, volume) => sum + volume, 0);
    const [keg] = await first.db
      .select()
      .from(kegs)
      .where(and(eq(kegs.tapId, tapId)));
    expect(Number(keg!.remainingMl)).toBe(100_000 - poured);

    const twice = await Promise.all([send(first, "same", 250), send(second, "same", 250), send(first, "same", 250)]);
    expect(twice.filter((result) => !result.repeated)).toHaveLength(1);
    expect(new Set(twice.map((result) => JSON.stringify(result.answer))).size).toBe(1);
    const [after] = await first.db.select().from(kegs).where(eq(kegs.tapId, tapId));
    expect(Number(after!.remainingMl)).toBe(100_000 - poured - 250);
    expect(await first.db.select().from(pours).where(eq(pours.tapId, tapId))).toHaveLength(201);
  });
});

describe("kicked on both databases", () => {
  it("the feed's changes are kept in the outbox with their words", async () => {
    const { tapId, menuId } = await setup(10, 500);
    await pour(tapId, 600, "all");
    const rows = await (await db()).select().from(menuChanges).where(eq(menuChanges.menuId, menuId));
    const types = rows.map((change) => change.type);
    expect(types).toEqual(expect.arrayContaining(["tap.keg_low", "tap.kicked", "tap.swapped"]));
    // One version for the kick and the swap.
    const kick = rows.filter((change) => change.type === "tap.kicked" || change.type === "tap.swapped");
    expect(new Set(kick.map((change) => change.version)).size).toBe(1);
  });
});

describe("the location's keg_low_percent", () => {
  it("is set with PATCH /locations/:id and decides when a keg is told low", async () => {
    const patched = await api.patch(`locations/${location.id}`, { ...rw(), body: { location: { keg_low_percent: 40 } } });
    expect(patched.status).toBe(200);
    expect(patched.body.location.keg_low_percent).toBe(40);
    const before = await snapshot();
    expect((await api.patch(`locations/${location.id}`, { ...rw(), body: { location: { keg_low_percent: 101 } } })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
    const { tapId, menuId } = await setup(11, 1000);
    await pour(tapId, 500, "half"); // 50%: not yet
    expect((await changesOf(menuId)).filter((change) => change.type === "tap.keg_low")).toHaveLength(0);
    await pour(tapId, 150, "more"); // 35%: low at 40
    expect((await changesOf(menuId)).filter((change) => change.type === "tap.keg_low")).toHaveLength(1);
    await api.patch(`locations/${location.id}`, { ...rw(), body: { location: { keg_low_percent: 15 } } });
  });
});

describe("integration keys", () => {
  it("a taps:write key records pours; a menus:read key reads no taps and pours nothing (403 forbidden_scope)", async () => {
    const { tapId } = await setup(12);
    const key = async (scopes: string[]) =>
      (await api.post("api_keys", { ...rw(), body: { api_key: { name: `Meter ${scopes[0]}`, scopes } } })).body.api_key.secret as string;
    const meter = { authorization: `Bearer ${await key(["taps:write"])}` };
    const board = { authorization: `Bearer ${await key(["menus:read"])}` };
    const body = { volume: 100, unit: "ml", idempotency_key: "key-1" };
    expect((await api.post(`taps/${tapId}/pours`, { body, headers: meter })).status).toBe(201);
    expect((await api.get(`locations/${location.id}/taps`, { headers: meter })).status).toBe(200);
    const before = await snapshot();
    const refused = await api.post(`taps/${tapId}/pours`, { body: { ...body, idempotency_key: "key-2" }, headers: board });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden_scope");
    expect(await snapshot()).toEqual(before);
  });
});
