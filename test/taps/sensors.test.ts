import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import mqtt from "mqtt";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, api, db, login } from "../api";
import { snapshot } from "../snapshot";
import { kegs, locations, menuChanges, pours, sensorInbox, taps } from "@/lib/db/schema";
import { hoursOf, pourOnTap } from "@/lib/taps/pours";
import { watchLines } from "@/lib/taps/sensors/lines";
import { startSubscriber, type Subscriber } from "@/lib/taps/sensors/mqtt";
import { CLAIM_MS, drainInbox, keepReading } from "@/lib/taps/sensors/inbox";
import { countReadings, handleReading } from "@/lib/taps/sensors/readings";
import { topicOf } from "@/lib/taps/sensors/sensors";
import { WEEKDAYS } from "@/lib/shared/weekdays";

// venue-operations §14: sensors paired to taps, each reading counted once (by the sensor's message id)
// through duplicates, a reconnect, a restart and two subscribing instances, against the real broker;
// the line's temperature, cleaning and after-hours pours told once each, on an injected clock.

const BROKER = process.env.MQTT_TEST_URL ?? "mqtt://127.0.0.1:1883";

let owner: Account;
let location: { id: number };
const rw = () => ({ as: owner.rw });
let nextNumber = 900;

/** A menu with one item on a new tap (a 20 l keg) and an MQTT sensor paired to it. */
async function pairedTap(size = 20_000) {
  const number = nextNumber++;
  const menu = (await api.post(`locations/${location.id}/menus`, { ...rw(), body: { menu: { name: `Sensors ${number}` } } })).body.menu;
  const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Draft" } } })).body.section;
  const item = (await api.post(`sections/${section.id}/items`, { ...rw(), body: { item: { name: `Beer ${number}` } } })).body.item;
  const tap = (await api.post(`locations/${location.id}/taps`, { ...rw(), body: { tap: { number, item_id: item.id } } })).body.tap;
  expect((await api.post(`taps/${tap.id}/kegs`, { ...rw(), body: { size_ml: size } })).status).toBe(201);
  const device = `meter-${randomUUID().slice(0, 8)}`;
  const paired = await api.post(`locations/${location.id}/sensors`, { ...rw(), body: { tap_id: tap.id, kind: "mqtt", device_id: device } });
  expect(paired.status).toBe(201);
  return {
    menuId: menu.id as number,
    itemId: item.id as number,
    tapId: tap.id as number,
    number,
    device,
    sensorId: paired.body.sensor.id as number,
  };
}

const pourMessage = (device: string, id: string, volume: number, at?: Date) =>
  JSON.stringify({ type: "pour", sensor: device, id, volume, unit: "ml", ...(at && { at: at.toISOString() }) });
const temperature = (device: string, id: string, celsius: number, at: Date) =>
  JSON.stringify({ type: "temperature", sensor: device, id, celsius, at: at.toISOString() });

async function kegOf(tapId: number) {
  const [keg] = await (await db()).select().from(kegs).where(eq(kegs.tapId, tapId));
  return keg!;
}
const pourCount = async (tapId: number) => (await (await db()).select().from(pours).where(eq(pours.tapId, tapId))).length;
const changesOf = async (menuId: number, type: string) =>
  (await db())
    .select()
    .from(menuChanges)
    .where(and(eq(menuChanges.menuId, menuId), eq(menuChanges.type, type)));

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0];
});

describe("pairing", () => {
  it("pairs an MQTT sensor to a tap and answers the topic and the two messages it publishes", async () => {
    const { tapId, device } = await pairedTap();
    const list = await api.get(`locations/${location.id}/sensors`, { as: owner.ro });
    const sensor = list.body.sensors.find((row: { device_id: string }) => row.device_id === device);
    expect(sensor).toMatchObject({ tap_id: tapId, kind: "mqtt", mqtt: { topic: topicOf(location.id) } });
    expect(sensor.mqtt.pour_example).toMatchObject({ type: "pour", sensor: device, unit: "ml" });
    expect(sensor.mqtt.temperature_example).toMatchObject({ type: "temperature", sensor: device });
    const tap = (await api.get(`taps/${tapId}`, { as: owner.ro })).body.tap;
    expect(tap.sensor).toMatchObject({ id: sensor.id, kind: "mqtt", device_id: device });
    // The examples are what the subscriber counts: one of them published is a pour.
    const outcome = await handleReading(await db(), { topic: sensor.mqtt.topic, payload: JSON.stringify(sensor.mqtt.pour_example) });
    expect(outcome).toEqual({ status: "created" });
  });

  it("refuses another location's tap (422), a second sensor on a tap or a device twice (409), a bad body (422), changing nothing", async () => {
    const { tapId, device } = await pairedTap();
    const rival = await login("rival");
    const theirs = (await api.get("locations", { as: rival.ro })).body.locations[0];
    const before = await snapshot();
    const post = (body: unknown, as = owner.rw, at = location.id) => api.post(`locations/${at}/sensors`, { as, body });
    expect((await post({ tap_id: tapId, kind: "mqtt", device_id: "other" }, rival.rw, theirs.id)).status).toBe(422);
    expect((await post({ tap_id: tapId, kind: "mqtt", device_id: "other" })).status).toBe(409);
    expect((await post({ tap_id: tapId + 1_000_000, kind: "mqtt", device_id: "x" })).status).toBe(422);
    const twice = await api.post(`locations/${location.id}/sensors`, { ...rw(), body: { tap_id: tapId, kind: "mqtt", device_id: device } });
    expect(twice.status).toBe(409);
    expect((await post({ tap_id: tapId, kind: "wifi", device_id: "x" })).status).toBe(422);
    expect((await post({ tap_id: tapId, kind: "mqtt", device_id: "has space" })).status).toBe(422);
    expect((await post({ tap_id: tapId, kind: "mqtt", device_id: "x" }, owner.ro)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("unpairs (DELETE /sensors/:id); another business's sensor is 404", async () => {
    const { sensorId, device } = await pairedTap();
    const rival = await login("rival");
    expect((await api.delete(`sensors/${sensorId}`, { as: rival.rw })).status).toBe(404);
    expect((await api.delete(`sensors/${sensorId}`, { as: owner.rw })).status).toBe(200);
    const outcome = await handleReading(await db(), { topic: topicOf(location.id), payload: pourMessage(device, "late", 100) });
    expect(outcome).toEqual({ status: "ignored", reason: "unknown_sensor" });
  });
});

describe("readings, exactly once", () => {
  it("counts a pour once by its message id, whatever arrives twice; drops what it cannot count", async () => {
    const { tapId, device } = await pairedTap(10_000);
    const topic = topicOf(location.id);
    const handle = async (payload: string, on = topic) => (await handleReading(await db(), { topic: on, payload })).status;
    expect(await handle(pourMessage(device, "p1", 500))).toBe("created");
    expect(await handle(pourMessage(device, "p1", 500))).toBe("repeated");
    expect(await handle(pourMessage(device, "p2", 250.5))).toBe("created");
    expect((await kegOf(tapId)).remainingMl).toBe("9249.500");
    expect(await handleReading(await db(), { topic, payload: "not json" })).toEqual({ status: "ignored", reason: "invalid" });
    expect(await handleReading(await db(), { topic, payload: pourMessage(device, "p3", -5) })).toMatchObject({ reason: "invalid" });
    expect(await handleReading(await db(), { topic, payload: pourMessage("nobody", "p4", 5) })).toMatchObject({ reason: "unknown_sensor" });
    // Another location's topic does not reach this location's sensor.
    expect(await handleReading(await db(), { topic: topicOf(location.id + 1), payload: pourMessage(device, "p5", 5) })).toMatchObject({
      reason: "unknown_sensor",
    });
    const future = new Date(Date.now() + 3_600_000);
    expect(await handleReading(await db(), { topic, payload: pourMessage(device, "p6", 5, future) })).toMatchObject({ reason: "future" });
    expect(await pourCount(tapId)).toBe(2);
  });
});

describe("readings in batches (decision 103)", () => {
  it("counts each sensor's pours as one batch on its tap: a message twice once, what cannot be counted answered in its place", async () => {
    const one = await pairedTap(10_000);
    const two = await pairedTap(10_000);
    const empty = await pairedTap(10_000);
    await api.patch(`taps/${empty.tapId}`, { ...rw(), body: { tap: { on_deck: [] } } });
    expect((await api.post(`taps/${empty.tapId}/kick`, { as: owner.rw })).status).toBe(200);
    const topic = topicOf(location.id);
    const now = new Date("2026-03-02T20:00:00Z");
    const reading = (payload: string, on = topic) => ({ topic: on, payload, receivedAt: new Date(now.getTime() - 1000) });
    const outcomes = await countReadings(await db(), {
      readings: [
        reading(pourMessage(one.device, "b1", 100)),
        reading(pourMessage(two.device, "b1", 200)),
        reading(pourMessage(one.device, "b1", 100)),
        reading(temperature(one.device, "t1", 4.5, new Date("2026-03-02T19:59:00Z"))),
        reading("{"),
        reading(pourMessage("nobody", "b2", 5)),
        reading(pourMessage(one.device, "b2", 50.25)),
        reading(pourMessage(one.device, "b3", 5, new Date(now.getTime() + 3_600_000))),
        reading(pourMessage(empty.device, "b1", 5)),
        reading(pourMessage(one.device, "b4", 5), "taproom/elsewhere"),
      ],
      now,
    });
    expect(outcomes).toEqual([
      { status: "created" },
      { status: "created" },
      { status: "repeated" },
      { status: "recorded" },
      { status: "ignored", reason: "invalid" },
      { status: "ignored", reason: "unknown_sensor" },
      { status: "created" },
      { status: "ignored", reason: "future" },
      { status: "ignored", reason: "no_keg" },
      { status: "ignored", reason: "wrong_topic" },
    ]);
    expect((await kegOf(one.tapId)).remainingMl).toBe("9849.750");
    expect((await kegOf(two.tapId)).remainingMl).toBe("9800.000");
    expect(await pourCount(one.tapId)).toBe(2);
    // The readings' own time, or when they were taken off the broker.
    const [first] = await (await db()).select().from(pours).where(eq(pours.tapId, two.tapId));
    expect(first!.at).toEqual(new Date(now.getTime() - 1000));
  });

  it("the inbox: kept by an instance that stopped before counting, counted by the next drain once its lease is out; kept twice, counted once", async () => {
    const { tapId, device } = await pairedTap(10_000);
    const database = await db();
    const t0 = new Date("2026-03-02T20:00:00Z");
    const keep = (id: string) =>
      keepReading(database, { topic: topicOf(location.id), payload: Buffer.from(pourMessage(device, id, 100, t0)), receivedAt: t0 });
    for (const id of ["i1", "i2", "i3"]) expect(await keep(id)).toBe(true);
    // Not kept: more than a reading can be, or not text PostgreSQL holds (neither could be counted).
    const topic = topicOf(location.id);
    expect(await keepReading(database, { topic, payload: Buffer.alloc(5000, 32), receivedAt: t0 })).toBe(false);
    expect(await keepReading(database, { topic, payload: Buffer.from([123, 0, 125]), receivedAt: t0 })).toBe(false);
    const mine = async () => (await database.select().from(sensorInbox)).filter((row) => row.payload.includes(device));
    // A drain claimed them and died: until its lease is out they are nobody else's.
    await database.update(sensorInbox).set({ claimedUntil: new Date(t0.getTime() + CLAIM_MS) });
    await drainInbox(database, { now: new Date(t0.getTime() + CLAIM_MS - 1) });
    expect(await pourCount(tapId)).toBe(0);
    expect(await mine()).toHaveLength(3);
    await drainInbox(database, { now: new Date(t0.getTime() + CLAIM_MS + 1) });
    expect(await pourCount(tapId)).toBe(3);
    expect(await mine()).toHaveLength(0);
    // Kept again (a redelivery after a crash between the count and the delete; a second instance): once.
    for (const id of ["i1", "i2", "i3", "i4"]) await keep(id);
    await drainInbox(database, { now: new Date(t0.getTime() + CLAIM_MS + 2) });
    expect(await pourCount(tapId)).toBe(4);
    expect((await kegOf(tapId)).remainingMl).toBe("9600.000");
    expect(await mine()).toHaveLength(0);
  });
});

/** Whether the broker answers; the broker tests are skipped (with the reason) only when it does not. */
async function brokerUp(): Promise<boolean> {
  const client = mqtt.connect(BROKER, { connectTimeout: 2000, reconnectPeriod: 0 });
  const up = await new Promise<boolean>((resolve) => {
    client.once("connect", () => resolve(true));
    client.once("error", () => resolve(false));
    client.once("close", () => resolve(false));
  });
  await client.endAsync(true);
  return up;
}
const reachable = await brokerUp();
if (!reachable) console.warn(`MQTT broker tests skipped: no broker at ${BROKER} (start it: mosquitto -d -c /etc/mosquitto/mosquitto.conf)`);

describe.skipIf(!reachable)("through the MQTT broker", () => {
  const publisher = mqtt.connect(BROKER, { clientId: `test-pub-${randomUUID().slice(0, 8)}` });
  const sessions: string[] = [];
  const running: Subscriber[] = [];

  async function subscriber(clientId: string, consumers = 1, onCounted?: (consumer: number) => void) {
    for (let index = 0; index < consumers; index++) sessions.push(`${clientId}-${index}`);
    const started = await startSubscriber(await db(), { url: BROKER, clientId, consumers, onCounted });
    running.push(started);
    await started.ready;
    return started;
  }
  const publish = (payload: string) => publisher.publishAsync(topicOf(location.id), payload, { qos: 1 });

  /** Waits until the tap has `count` pours (the subscriber works on its own time), at most 2 minutes (a safety net for a loaded machine, not the assertion). */
  async function counted(tapId: number, count: number) {
    const deadline = Date.now() + 120_000;
    while ((await pourCount(tapId)) < count) {
      if (Date.now() > deadline) throw new Error(`only ${await pourCount(tapId)} of ${count} pours were counted`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Readings `from`..`to` published while the instance `clientId` (four connections) is away, then the
   * instance back: every one counted, then a repeat of one counted before and a fence: `to` + 1 pours.
   */
  async function backAfter(
    clientId: string,
    { tapId, device, id, from, to, volume }: { tapId: number; device: string; id: string; from: number; to: number; volume: number },
  ) {
    for (let index = from; index < to; index++) await publish(pourMessage(device, `${id}${index}`, volume));
    const back = await subscriber(clientId, 4);
    await counted(tapId, to);
    await publish(pourMessage(device, `${id}0`, volume)); // a repeat of one already counted
    await publish(pourMessage(device, "fence", volume / 2));
    await counted(tapId, to + 1);
    expect(await pourCount(tapId)).toBe(to + 1);
    return back;
  }

  afterAll(async () => {
    for (const one of running) await one.stop();
    await publisher.endAsync();
    // The persistent sessions this file made are cleared at the broker.
    for (const clientId of sessions) {
      const clear = mqtt.connect(BROKER, { clientId, clean: true, reconnectPeriod: 0 });
      await new Promise((resolve) => clear.once("connect", resolve));
      await clear.endAsync();
    }
  });

  it("two subscribing instances, every message published twice: each pour counted once, the keg exact to the thousandth", async () => {
    const { tapId, device } = await pairedTap(50_000);
    const a = await subscriber(`test-a-${randomUUID().slice(0, 8)}`);
    const b = await subscriber(`test-b-${randomUUID().slice(0, 8)}`);
    const volumes = Array.from({ length: 40 }, (_, index) => 100 + index * 1.5);
    for (const [index, volume] of volumes.entries()) {
      await publish(pourMessage(device, `m${index}`, volume));
      await publish(pourMessage(device, `m${index}`, volume));
    }
    await counted(tapId, volumes.length);
    // Both instances have taken every message (they ack after the count): nothing more can arrive.
    await publish(pourMessage(device, "fence", 1));
    await counted(tapId, volumes.length + 1);
    const total = volumes.reduce((sum, volume) => sum + volume * 1000, 0) + 1000;
    expect(await pourCount(tapId)).toBe(volumes.length + 1);
    expect((await kegOf(tapId)).remainingMl).toBe(((50_000_000 - total) / 1000).toFixed(3));
    await a.stop();
    await b.stop();
  });

  it("one instance on four connections (its own shared subscription): every message counted once, by more than one connection, a restart losing nothing", async () => {
    const { tapId, device } = await pairedTap(50_000);
    const clientId = `test-s-${randomUUID().slice(0, 8)}`;
    const byConsumer = [0, 0, 0, 0];
    const first = await subscriber(clientId, 4, (consumer) => {
      byConsumer[consumer]! += 1;
    });
    await Promise.all(Array.from({ length: 60 }, (_, index) => publish(pourMessage(device, `s${index}`, 100))));
    await counted(tapId, 60);
    // The broker shared the messages out: more than one connection counted some (each one at a time).
    expect(byConsumer.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect(byConsumer.reduce((sum, count) => sum + count, 0)).toBe(60);
    await first.stop();
    // Published while the whole instance is away: its four sessions keep them at the broker.
    const second = await backAfter(clientId, { tapId, device, id: "s", from: 60, to: 80, volume: 100 });
    expect((await kegOf(tapId)).remainingMl).toBe("41950.000");
    await second.stop();
  });

  it("a restart mid-batch (messages in flight, kept, being counted) loses nothing and doubles nothing", async () => {
    const { tapId, device } = await pairedTap(100_000);
    const clientId = `test-m-${randomUUID().slice(0, 8)}`;
    let kept = 0;
    let stopped: Promise<void> | null = null;
    const first = await subscriber(clientId, 4, () => {
      kept += 1;
      // Stopped from inside the stream: some messages acknowledged, some in flight, the drain mid-claim.
      if (kept === 80) stopped = first.stop();
    });
    await Promise.all(Array.from({ length: 200 }, (_, index) => publish(pourMessage(device, `x${index}`, 10))));
    while (!stopped) await new Promise((resolve) => setTimeout(resolve, 20));
    await stopped;
    const second = await backAfter(clientId, { tapId, device, id: "x", from: 200, to: 230, volume: 10 });
    expect((await kegOf(tapId)).remainingMl).toBe("97695.000");
    await second.stop();
  });

  it("a subscriber away (disconnected, restarted under its client id) loses nothing: the broker kept its session", async () => {
    const { tapId, device } = await pairedTap(20_000);
    const clientId = `test-r-${randomUUID().slice(0, 8)}`;
    const first = await subscriber(clientId);
    await publish(pourMessage(device, "r0", 100));
    await counted(tapId, 1);
    await first.stop();
    for (let index = 1; index <= 20; index += 1) await publish(pourMessage(device, `r${index}`, 100));
    expect(await pourCount(tapId)).toBe(1); // nobody is listening for this sensor's location now
    await subscriber(clientId); // the restart
    await counted(tapId, 21);
    await publish(pourMessage(device, "r20", 100)); // the meter's retry of one already counted
    await publish(pourMessage(device, "fence", 50));
    await counted(tapId, 22);
    expect((await kegOf(tapId)).remainingMl).toBe("17850.000");
  });
});

describe("the line", () => {
  const t0 = new Date("2026-03-02T20:00:00Z");
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  it("tells tap.too_warm once when the line stays above the limit for 10 minutes by the readings' times, again after it cooled", async () => {
    const { tapId, menuId, device } = await pairedTap();
    const topic = topicOf(location.id);
    const read = async (id: string, celsius: number, minutes: number) =>
      (await handleReading(await db(), { topic, payload: temperature(device, id, celsius, at(minutes)), now: at(minutes) })).status;
    expect(await read("t1", 8.5, 0)).toBe("recorded");
    expect(await read("t2", 9, 9)).toBe("recorded");
    expect(await changesOf(menuId, "tap.too_warm")).toHaveLength(0);
    expect(await read("t3", 7.01, 10)).toBe("recorded");
    expect(await read("t3", 7.01, 10)).toBe("repeated");
    expect(await read("t4", 9, 12)).toBe("recorded");
    const told = await changesOf(menuId, "tap.too_warm");
    expect(told).toHaveLength(1);
    expect(told[0]!.summary).toMatch(/7\.0 °C, above 7\.0 °C for 10 minutes/);
    const tap = (await api.get(`taps/${tapId}`, { as: owner.ro })).body.tap;
    expect(tap).toMatchObject({ temperature_c: 9, temperature_at: at(12).toISOString(), too_warm: true });
    // At the limit (not above) ends the spell; an older reading moves nothing.
    expect(await read("t5", 7, 13)).toBe("recorded");
    expect(await read("t0", 20, 1)).toBe("recorded");
    expect((await api.get(`taps/${tapId}`, { as: owner.ro })).body.tap).toMatchObject({ temperature_c: 7, too_warm: false });
    await read("t6", 8, 20);
    await read("t7", 8, 29);
    expect(await changesOf(menuId, "tap.too_warm")).toHaveLength(1);
    await read("t8", 8, 30);
    expect(await changesOf(menuId, "tap.too_warm")).toHaveLength(2);
    // In the feed, with the menu's version unchanged, and not in the menu's history.
    const feed = (await api.get(`locations/${location.id}/changes?limit=500`, { as: owner.ro })).body.changes;
    expect(
      feed.filter((change: { type: string; menu_id: number }) => change.menu_id === menuId && change.type === "tap.too_warm"),
    ).toHaveLength(2);
    const versions = (await api.get(`menus/${menuId}/versions`, { as: owner.ro })).body;
    expect(JSON.stringify(versions)).not.toContain("tap.too_warm");
  });

  it("follows the location's max_temperature_c", async () => {
    const patched = await api.patch(`locations/${location.id}`, { ...rw(), body: { location: { max_temperature_c: 4.5 } } });
    expect(patched.status).toBe(200);
    expect(patched.body.location.max_temperature_c).toBe(4.5);
    expect((await api.patch(`locations/${location.id}`, { ...rw(), body: { location: { max_temperature_c: 99 } } })).status).toBe(422);
    const { menuId, device } = await pairedTap();
    const topic = topicOf(location.id);
    await handleReading(await db(), { topic, payload: temperature(device, "a", 5, at(0)), now: at(0) });
    await handleReading(await db(), { topic, payload: temperature(device, "b", 5, at(10)), now: at(10) });
    expect(await changesOf(menuId, "tap.too_warm")).toHaveLength(1);
    await api.patch(`locations/${location.id}`, { ...rw(), body: { location: { max_temperature_c: 7 } } });
  });

  it("tells tap.line_cleaning_due once per cleaning when the line is past line_cleaning_days", async () => {
    const { tapId, menuId } = await pairedTap();
    const database = await db();
    const [row] = await database.select().from(taps).where(eq(taps.id, tapId));
    const created = row!.createdAt.getTime();
    const day = 86_400_000;
    await watchLines(database, new Date(created + 13 * day));
    expect(await changesOf(menuId, "tap.line_cleaning_due")).toHaveLength(0);
    await watchLines(database, new Date(created + 14 * day));
    await watchLines(database, new Date(created + 15 * day));
    expect(await changesOf(menuId, "tap.line_cleaning_due")).toHaveLength(1);
    const cleaned = new Date(created + 15 * day);
    // POST line_cleaned takes a time up to now; a time ahead is 422.
    expect(
      (await api.post(`taps/${tapId}/line_cleaned`, { ...rw(), body: { at: new Date(Date.now() + 86_400_000).toISOString() } })).status,
    ).toBe(422);
    await database.update(taps).set({ lineCleanedAt: cleaned, cleaningToldAt: null }).where(eq(taps.id, tapId));
    await watchLines(database, new Date(cleaned.getTime() + 14 * day - 1));
    expect(await changesOf(menuId, "tap.line_cleaning_due")).toHaveLength(1);
    await watchLines(database, new Date(cleaned.getTime() + 14 * day));
    expect(await changesOf(menuId, "tap.line_cleaning_due")).toHaveLength(2);
    const answer = await api.post(`taps/${tapId}/line_cleaned`, { ...rw(), body: {} });
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.tap.line_cleaned_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.body.tap.line_cleaning_due_at).toBe(new Date(Date.parse(answer.body.tap.line_cleaned_at) + 14 * day).toISOString());
  });

  it("tells tap.after_hours_pour for a pour counted while the location is closed, not while open", async () => {
    const { tapId, menuId } = await pairedTap();
    const database = await db();
    const [place] = await database.select().from(locations).where(eq(locations.id, location.id));
    const [tap] = await database.select().from(taps).where(eq(taps.id, tapId));
    // Open 16:00–23:00 every day on the location's clock.
    const week = WEEKDAYS.map((day) => ({ day, closed: false, open_at: "16:00", close_at: "23:00", always_open: false }));
    const hours = { ...(await hoursOf(database, place!, new Date())), hours: week, special: [] };
    const zone = place!.timeZone;
    const when = (time: string) => DateTime.fromISO(`2026-03-02T${time}`, { zone }).toJSDate();
    const now = new Date("2026-03-03T12:00:00Z");
    await pourOnTap(database, {
      tap: tap!,
      location: place!,
      input: { volume: 300, unit: "ml", at: when("18:00").toISOString(), idempotency_key: "open" },
      hours,
      now,
    });
    expect(await changesOf(menuId, "tap.after_hours_pour")).toHaveLength(0);
    await pourOnTap(database, {
      tap: tap!,
      location: place!,
      input: { volume: 300, unit: "ml", at: when("03:00").toISOString(), idempotency_key: "closed" },
      hours,
      now,
    });
    await pourOnTap(database, {
      tap: tap!,
      location: place!,
      input: { volume: 300, unit: "ml", at: when("03:00").toISOString(), idempotency_key: "closed" },
      hours,
      now,
    });
    const told = await changesOf(menuId, "tap.after_hours_pour");
    expect(told).toHaveLength(1);
    expect(told[0]!.summary).toBe(`Tap ${tap!.number}: 300 ml poured while closed`);
  });
});
