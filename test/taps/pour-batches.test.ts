import { and, eq, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { type Account, api, db, login } from "../api";
import { snapshot } from "../snapshot";
import { items, kegs, locations, menuChanges, pours, taps } from "@/lib/db/schema";
import type { Hours } from "@/lib/taps/forecast";
import { tapNewKeg } from "@/lib/taps/kegs";
import { NoKeg, type PourOutcome, pourBatchOnTap, pourOnTap } from "@/lib/taps/pours";
import type { PourInput } from "@/lib/taps/schemas";
import { WEEKDAYS } from "@/lib/shared/weekdays";

// Decision 103: a batch of pours on one tap answers exactly what the same pours sent one by one answer
// (the keg to the thousandth, the forecast, low once, a kick mid-batch onto the on-deck keg, then no
// keg), counts a key sent twice once, within a batch and across batches, and tells the feed the same.
// Clocks are injected: every pour is at a fixed time and counted at a fixed `now`.

let owner: Account;
let location: typeof locations.$inferSelect;
let businessId: number;
const rw = () => ({ as: owner.rw });
let nextNumber = 700;

/** Open 16:00–23:00 every day on the location's clock (so the forecast counts only those hours). */
const hoursOn = (zone: string): Hours => ({
  hours: WEEKDAYS.map((day) => ({ day, closed: false, open_at: "16:00", close_at: "23:00", always_open: false })),
  special: [],
  zone,
});

/** A menu with a tap pouring one item, `onDeck` items waiting, and a keg of `size` ml tapped at `tappedAt`. */
async function setupTap(size: number, tappedAt: Date, onDeck = 1) {
  const number = nextNumber++;
  const menu = (await api.post(`locations/${location.id}/menus`, { ...rw(), body: { menu: { name: `Batch ${number}` } } })).body.menu;
  const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Draft" } } })).body.section;
  const add = async (name: string) =>
    (await api.post(`sections/${section.id}/items`, { ...rw(), body: { item: { name } } })).body.item.id as number;
  const onTap = await add("Harbor Haze");
  const waiting: number[] = [];
  for (let index = 0; index < onDeck; index++) waiting.push(await add(`Next ${index}`));
  const tap = await api.post(`locations/${location.id}/taps`, { ...rw(), body: { tap: { number, item_id: onTap, on_deck: waiting } } });
  expect(tap.status).toBe(201);
  await tapNewKeg(await db(), { businessId, id: tap.body.tap.id, input: { size_ml: size }, now: tappedAt });
  return { tapId: tap.body.tap.id as number, menuId: menu.id as number, number, onTap, waiting };
}

const tapRow = async (tapId: number) => (await (await db()).select().from(taps).where(eq(taps.id, tapId)))[0]!;

/** What an answer says apart from the rows' own ids and the tap's number. */
const shape = (outcome: PourOutcome) =>
  outcome.status === "no_keg"
    ? outcome
    : {
        status: outcome.status,
        pour: { volume_ml: outcome.answer.pour.volume_ml, at: outcome.answer.pour.at, key: outcome.answer.pour.idempotency_key },
        keg: {
          size_ml: outcome.answer.keg.size_ml,
          remaining_ml: outcome.answer.keg.remaining_ml,
          percent_remaining: outcome.answer.keg.percent_remaining,
          tapped_at: outcome.answer.keg.tapped_at,
          forecast_empty_at: outcome.answer.keg.forecast_empty_at,
          kicked_at: outcome.answer.keg.kicked_at,
        },
      };

/** The menu's feed as types, versions from the first and words without the tap's number. */
async function feedOf(menuId: number, number: number) {
  const rows = await (await db()).select().from(menuChanges).where(eq(menuChanges.menuId, menuId)).orderBy(menuChanges.id);
  const first = rows[0]?.version ?? 0;
  return rows.map((row) => ({ type: row.type, version: row.version - first, summary: row.summary?.replace(`Tap ${number}`, "Tap N") }));
}

/** Each pour sent alone, in order, the tap read again before each (as a sensor's reading is). */
async function oneByOne(tapId: number, inputs: PourInput[], hours: Hours, now: Date): Promise<PourOutcome[]> {
  const outcomes: PourOutcome[] = [];
  for (const input of inputs) {
    try {
      const { answer, repeated } = await pourOnTap(await db(), { tap: await tapRow(tapId), location, input, hours, now });
      outcomes.push({ status: repeated ? "repeated" : "created", answer });
    } catch (error) {
      if (!(error instanceof NoKeg)) throw error;
      outcomes.push({ status: "no_keg" });
    }
  }
  return outcomes;
}

beforeAll(async () => {
  owner = await login("owner");
  const id = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  location = (await (await db()).select().from(locations).where(eq(locations.id, id)))[0]!;
  businessId = location.businessId;
});

describe("a batch of pours on one tap", () => {
  const zone = () => location.timeZone;
  const at = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone: zone() }).toJSDate();

  it("answers what the same pours one by one answer: the keg to the thousandth, the forecast, low once, two kicks, then no keg", async () => {
    const tappedAt = at("2026-03-02", "16:00");
    const now = at("2026-03-02", "21:00");
    const hours = hoursOn(zone());
    const keyed = (volume: number, time: string, key: string, unit: "ml" | "oz" = "ml"): PourInput => ({
      volume,
      unit,
      at: at("2026-03-02", time).toISOString(),
      idempotency_key: key,
    });
    const inputs = [
      keyed(300, "16:30", "a"),
      keyed(333.333, "17:05", "b"),
      keyed(8.5, "17:40", "c", "oz"), // 251.375 ml: 11.5% left, low
      keyed(50, "18:00", "d"),
      keyed(49.5, "18:10", "e"), // 1.6% left
      keyed(40, "18:20", "a"), // a repeat within the batch: the first answer
      keyed(200, "18:30", "f"), // past empty: the kick, the on-deck keg goes on
      keyed(400.001, "19:00", "g"), // on the new keg
      keyed(599.999, "19:30", "h"), // empties it: kicked, nothing left on deck
      keyed(10, "20:00", "i"), // no keg
      keyed(5, "20:30", "g"), // a repeat of a pour on the second keg
    ];
    const single = await setupTap(1000, tappedAt);
    const batch = await setupTap(1000, tappedAt);
    const expected = await oneByOne(single.tapId, inputs, hours, now);
    const outcomes = await pourBatchOnTap(await db(), { tap: await tapRow(batch.tapId), location, inputs, hours, now });

    expect(outcomes.map(shape)).toEqual(expected.map(shape));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      ...["created", "created", "created", "created", "created", "repeated", "created", "created", "created", "no_keg", "repeated"],
    ]);
    const [second] = outcomes.slice(7);
    expect(second).toMatchObject({ answer: { keg: { remaining_ml: 599.999, forecast_empty_at: null } } });
    expect(outcomes[4]).toMatchObject({ answer: { keg: { remaining_ml: 15.792, percent_remaining: 1.6 } } });

    // The same feed: low once per keg (the first its own version, the second at its kick's), each kick
    // and swap at one version.
    const feed = await feedOf(batch.menuId, batch.number);
    expect(feed).toEqual(await feedOf(single.menuId, single.number));
    expect(feed.filter((change) => change.type === "tap.keg_low")).toHaveLength(2);
    expect(feed.filter((change) => change.type === "tap.kicked")).toHaveLength(2);
    // The same rows: each pour once, on the keg it was poured from; the tap ends empty, both beers 86'd.
    const rowsOf = async (tapId: number) =>
      (await (await db()).select().from(pours).where(eq(pours.tapId, tapId)).orderBy(pours.id)).map((row) => [
        row.idempotencyKey,
        row.volumeMl,
        row.at.toISOString(),
      ]);
    expect(await rowsOf(batch.tapId)).toEqual(await rowsOf(single.tapId));
    expect(await rowsOf(batch.tapId)).toHaveLength(8);
    const inService = await (await db())
      .select()
      .from(kegs)
      .where(and(eq(kegs.tapId, batch.tapId), isNull(kegs.endedAt)));
    expect(inService).toHaveLength(0);
    const eightySixed = await (await db()).select({ id: items.id, reason: items.eightySixedReason }).from(items);
    for (const id of [batch.onTap, ...batch.waiting]) expect(eightySixed.find((row) => row.id === id)).toMatchObject({ reason: "kicked" });
  });

  it("counts a key once within a batch, across batches and after a single pour; a second batch answers the first answers", async () => {
    const tappedAt = at("2026-03-03", "16:00");
    const now = at("2026-03-03", "20:00");
    const hours = hoursOn(zone());
    const { tapId } = await setupTap(50_000, tappedAt);
    const input = (key: string, volume = 100): PourInput => ({
      volume,
      unit: "ml",
      at: at("2026-03-03", "17:00").toISOString(),
      idempotency_key: key,
    });
    const alone = await pourOnTap(await db(), { tap: await tapRow(tapId), location, input: input("x"), hours, now });
    const first = await pourBatchOnTap(await db(), {
      tap: await tapRow(tapId),
      location,
      inputs: [input("k1"), input("k2"), input("k1", 999), input("x")],
      hours,
      now,
    });
    expect(first.map((outcome) => outcome.status)).toEqual(["created", "created", "repeated", "repeated"]);
    expect(first[2]).toEqual({ status: "repeated", answer: (first[0] as { answer: unknown }).answer });
    expect(first[3]).toEqual({ status: "repeated", answer: alone.answer });
    const again = await pourBatchOnTap(await db(), {
      tap: await tapRow(tapId),
      location,
      inputs: [input("k2"), input("k3"), input("k1")],
      hours,
      now,
    });
    expect(again.map((outcome) => outcome.status)).toEqual(["repeated", "created", "repeated"]);
    expect(again[0]).toEqual({ ...first[1], status: "repeated" });
    // Two batches at once with keys in common (two instances given the same readings): each once.
    const both = await Promise.all(
      [0, 1].map(async () =>
        pourBatchOnTap(await db(), { tap: await tapRow(tapId), location, inputs: [input("r1"), input("r2"), input("k3")], hours, now }),
      ),
    );
    expect(both.flat().filter((outcome) => outcome.status === "created")).toHaveLength(2);
    const [keg] = await (await db()).select().from(kegs).where(eq(kegs.tapId, tapId));
    expect(keg!.remainingMl).toBe("49400.000");
    expect(await (await db()).select().from(pours).where(eq(pours.tapId, tapId))).toHaveLength(6);
  });

  it("one after-hours change for the batch's pours while closed; a pour in the future is 422 and counts nothing; onCounted throwing rolls the batch back", async () => {
    const tappedAt = at("2026-03-04", "16:00");
    const now = at("2026-03-05", "12:00");
    const hours = hoursOn(zone());
    const { tapId, menuId, number } = await setupTap(20_000, tappedAt);
    const input = (key: string, time: string): PourInput => ({
      volume: 10.4,
      unit: "ml",
      at: at("2026-03-04", time).toISOString(),
      idempotency_key: key,
    });
    await pourBatchOnTap(await db(), {
      tap: await tapRow(tapId),
      location,
      inputs: [input("o1", "17:00"), input("c1", "23:30"), input("c2", "23:40"), input("c3", "23:50")],
      hours,
      now,
    });
    const told = (await db())
      .select()
      .from(menuChanges)
      .where(and(eq(menuChanges.menuId, menuId), eq(menuChanges.type, "tap.after_hours_pour")));
    expect((await told).map((change) => change.summary)).toEqual([`Tap ${number}: 31 ml poured while closed (3 pours)`]);

    const before = await snapshot();
    const future = { ...input("f1", "17:00"), at: new Date(now.getTime() + 3_600_000).toISOString() };
    await expect(
      pourBatchOnTap(await db(), { tap: await tapRow(tapId), location, inputs: [input("f0", "18:00"), future], hours, now }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    class Refused extends Error {}
    let seen = 0;
    await expect(
      pourBatchOnTap(await db(), {
        tap: await tapRow(tapId),
        location,
        inputs: [input("n1", "18:00"), input("n2", "18:10")],
        hours,
        now,
        onCounted: async () => {
          seen += 1;
          if (seen === 2) throw new Refused();
        },
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await snapshot()).toEqual(before);
  });
});
