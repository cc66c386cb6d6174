import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, api, db, login } from "../api";
import type { TestDatabase } from "../database";
import { getDatabase, openPostgres, type Database } from "@/lib/db/client";
import { kegs, locations, menuChanges, pours, tapSensors, taps } from "@/lib/db/schema";
import { publicAppUrl } from "@/lib/server/env";
import { KEGTRON_EVERY_MS, pollKegtrons, pollSensor } from "@/lib/taps/sensors/kegtron";
import { GET as sandboxGet, POST as sandboxPost } from "@/app/sandbox/kegtron/[...path]/route";
import { kegtronSandbox } from "@/sandbox/kegtron/server";

// venue-operations §14, decision 095: a Kegtron Pro paired to a tap is polled; what its port's dispensed
// counter rose is one pour, counted once across passes, racing pollers and instances; a counter that went
// down starts counting again; a failing device is told on the sensor and nothing is half counted; its
// temperature reaches the line. Against the app's Kegtron sandbox, on an injected clock.

let owner: Account;
let location: { id: number };
const rw = () => ({ as: owner.rw });
let nextNumber = 700;

/** The poller's clock: every poll is a pass later than the one before, so each finds every sensor due. */
let clock = Date.now();
const tick = () => {
  clock += KEGTRON_EVERY_MS * 2;
  return new Date(clock);
};
const poll = async (handle?: Database["db"], options: { timeoutMs?: number } = {}) =>
  pollKegtrons(handle ?? (await db()), { now: tick(), ...options });

const deviceUrl = (device: string) => `${publicAppUrl()}/sandbox/kegtron/devices/${device}`;

/** A menu item on a new tap (a keg of `size` ml) and a Kegtron paired to it on `port`. */
async function pairedKegtron({ size = 20_000, port = 1 }: { size?: number; port?: number } = {}) {
  const number = nextNumber++;
  const menu = (await api.post(`locations/${location.id}/menus`, { ...rw(), body: { menu: { name: `Kegtron ${number}` } } })).body.menu;
  const section = (await api.post(`menus/${menu.id}/sections`, { ...rw(), body: { section: { name: "Draft" } } })).body.section;
  const item = (await api.post(`sections/${section.id}/items`, { ...rw(), body: { item: { name: `Beer ${number}` } } })).body.item;
  const tap = (await api.post(`locations/${location.id}/taps`, { ...rw(), body: { tap: { number, item_id: item.id } } })).body.tap;
  expect((await api.post(`taps/${tap.id}/kegs`, { ...rw(), body: { size_ml: size } })).status).toBe(201);
  const device = `kt-${randomUUID().slice(0, 8)}`;
  const paired = await api.post(`locations/${location.id}/sensors`, {
    ...rw(),
    body: { tap_id: tap.id, kind: "kegtron", device_id: device, url: deviceUrl(device), port },
  });
  expect(paired.status).toBe(201);
  return {
    menuId: menu.id as number,
    tapId: tap.id as number,
    device,
    port,
    sensorId: paired.body.sensor.id as number,
    paired: paired.body,
  };
}

const kegOf = async (tapId: number) => (await (await db()).select().from(kegs).where(eq(kegs.tapId, tapId)))[0]!;
const poursOf = async (tapId: number) => (await db()).select().from(pours).where(eq(pours.tapId, tapId));
const sensorOf = async (id: number) => (await (await db()).select().from(tapSensors).where(eq(tapSensors.id, id)))[0]!;

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0];
});

describe("the Kegtron sandbox", () => {
  it("answers Kegtron's device document over HTTP, and a pour advances the port's volDisp", async () => {
    const device = `kt-${randomUUID().slice(0, 8)}`;
    const get = () => sandboxGet(new Request(deviceUrl(device)));
    const first = await (await get()).json();
    expect(first.shadow.state.reported.config_readonly).toMatchObject({
      portCount: 2,
      temp: 4,
      port0: { volDisp: 0 },
      port1: { volDisp: 0 },
    });
    expect(first.shadow.state.reported.config.port0).toMatchObject({ volSize: 19_550, volStart: 19_550 });
    expect(first.shadow.state.reported.config.port0).toHaveProperty("dateTapped");
    expect(first.shadow.state.reported.config.port0).toHaveProperty("dateCleaned");
    const post = (action: string, body: unknown) =>
      sandboxPost(new Request(`${deviceUrl(device)}/${action}`, { method: "POST", body: JSON.stringify(body) }));
    expect((await post("pour", { port: 1, ml: 473 })).status).toBe(200);
    expect((await post("temperature", { celsius: 6.5 })).status).toBe(200);
    expect((await post("pour", { port: 2, ml: 1 })).status).toBe(400);
    const after = (await (await get()).json()).shadow.state.reported.config_readonly;
    expect(after).toMatchObject({ temp: 6.5, port0: { volDisp: 0 }, port1: { volDisp: 473 } });
    expect((await sandboxGet(new Request(`${publicAppUrl()}/sandbox/kegtron/nothing`))).status).toBe(404);
  });
});

describe("pairing a Kegtron", () => {
  it("pairs with the device's URL and port, and answers where it is read (no MQTT setup)", async () => {
    const { sensorId, device, paired } = await pairedKegtron();
    expect(paired).toMatchObject({ topic: null, pour_example: null, temperature_example: null });
    expect(paired.sensor).toMatchObject({
      kind: "kegtron",
      device_id: device,
      mqtt: null,
      kegtron: { url: deviceUrl(device), port: 1, counter_ml: null, last_error: null },
    });
    const list = await api.get(`locations/${location.id}/sensors`, { as: owner.ro });
    expect(list.body.sensors.find((row: { id: number }) => row.id === sensorId)).toMatchObject({ kegtron: { port: 1 } });
  });

  it("refuses a Kegtron without a URL, a URL that is not http(s), a port out of range, and a URL on an MQTT sensor (422)", async () => {
    const { tapId } = await pairedKegtron();
    const post = (body: unknown) => api.post(`locations/${location.id}/sensors`, { ...rw(), body });
    expect((await post({ tap_id: tapId, kind: "kegtron", device_id: "no-url" })).status).toBe(422);
    expect((await post({ tap_id: tapId, kind: "kegtron", device_id: "ftp", url: "ftp://example.com/x" })).status).toBe(422);
    expect((await post({ tap_id: tapId, kind: "kegtron", device_id: "p9", url: deviceUrl("p9"), port: 9 })).status).toBe(422);
    expect((await post({ tap_id: tapId, kind: "mqtt", device_id: "m", url: deviceUrl("m") })).status).toBe(422);
  });
});

describe("polling, exactly once", () => {
  it("the first reading starts the count; a pour on the device is one pour on the tap's keg; a poll with no change counts nothing", async () => {
    const { tapId, device, port, sensorId } = await pairedKegtron({ size: 20_000 });
    kegtronSandbox.pour(device, port, 1000); // before Taproom first read it: not Taproom's to count
    expect((await poll()).get(sensorId)).toEqual({ status: "started" });
    expect(await poursOf(tapId)).toHaveLength(0);
    expect((await sensorOf(sensorId)).counterMl).toBe("1000.000");

    kegtronSandbox.pour(device, port, 473.25);
    expect((await poll()).get(sensorId)).toEqual({ status: "counted", volumeMl: 473.25 });
    const counted = await poursOf(tapId);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ volumeMl: "473.250", idempotencyKey: `kegtron:${sensorId}:2:1473.25` });
    expect((await kegOf(tapId)).remainingMl).toBe("19526.750");

    expect((await poll()).get(sensorId)).toEqual({ status: "unchanged" });
    expect((await poll()).get(sensorId)).toEqual({ status: "unchanged" });
    expect(await poursOf(tapId)).toHaveLength(1);
    expect((await kegOf(tapId)).remainingMl).toBe("19526.750");
    // The other port of the device is not this tap's.
    kegtronSandbox.pour(device, 0, 300);
    expect((await poll()).get(sensorId)).toEqual({ status: "unchanged" });
    const sensor = (await api.get(`locations/${location.id}/sensors`, { as: owner.ro })).body.sensors.find(
      (row: { id: number }) => row.id === sensorId,
    );
    expect(sensor.kegtron).toMatchObject({ counter_ml: 1473.25, last_error: null });
    expect(sensor.last_reading_at).not.toBeNull();
  });

  it("pollers racing (several passes at once, and two reads of the same stale row) count the rise once", async () => {
    const { tapId, device, port, sensorId } = await pairedKegtron({ size: 10_000 });
    await poll();
    kegtronSandbox.pour(device, port, 300);
    const handle = await db();
    const now = tick();
    await Promise.all([1, 2, 3, 4].map(() => pollKegtrons(handle, { now })));
    expect(await poursOf(tapId)).toHaveLength(1);
    expect((await kegOf(tapId)).remainingMl).toBe("9700.000");

    // Both read the sensor as it was before either counted (what the lease keeps from happening, the
    // compare-and-set holds anyway): one counts, the other's pour rolls back.
    kegtronSandbox.pour(device, port, 200);
    const stale = await sensorOf(sensorId);
    const [tap] = await handle.select().from(taps).where(eq(taps.id, tapId));
    const [place] = await handle.select().from(locations).where(eq(locations.id, tap!.locationId));
    const at = tick();
    const outcomes = await Promise.all([
      pollSensor(handle, { sensor: stale, tap: tap!, location: place! }, { now: at }),
      pollSensor(handle, { sensor: stale, tap: tap!, location: place! }, { now: at }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["counted", "raced"]);
    expect(await poursOf(tapId)).toHaveLength(2);
    expect((await kegOf(tapId)).remainingMl).toBe("9500.000");
    // A reader later still with the same stale row counts nothing either.
    expect((await pollSensor(handle, { sensor: stale, tap: tap!, location: place! }, { now: tick() })).status).toBe("raced");
    expect(await poursOf(tapId)).toHaveLength(2);
  });

  it("a counter that went down (the keg reset on the device) starts counting again, with no negative pour", async () => {
    const { tapId, device, port, sensorId } = await pairedKegtron({ size: 10_000 });
    await poll();
    kegtronSandbox.pour(device, port, 800);
    await poll();
    kegtronSandbox.reset(device, port);
    kegtronSandbox.pour(device, port, 120);
    expect((await poll()).get(sensorId)).toEqual({ status: "reset" });
    expect((await sensorOf(sensorId)).counterMl).toBe("120.000");
    kegtronSandbox.pour(device, port, 80);
    expect((await poll()).get(sensorId)).toEqual({ status: "counted", volumeMl: 80 });
    const counted = await poursOf(tapId);
    expect(counted.map((row) => row.volumeMl).sort()).toEqual(["80.000", "800.000"]);
    expect((await kegOf(tapId)).remainingMl).toBe("9120.000");
    // A rise no tap pours between two reads (the device swapped for one with a higher counter): no pour either.
    kegtronSandbox.pour(device, port, 250_000);
    expect((await poll()).get(sensorId)).toEqual({ status: "reset" });
    expect((await sensorOf(sensorId)).lastError).toMatch(/rose by 250000 ml in one read/);
    kegtronSandbox.pour(device, port, 20);
    expect((await poll()).get(sensorId)).toEqual({ status: "counted", volumeMl: 20 });
    expect((await sensorOf(sensorId)).lastError).toBeNull();
    expect((await kegOf(tapId)).remainingMl).toBe("9100.000");
  });

  it("a device that answers 500, garbage or nothing in time is told on the sensor, counts nothing, and is read again at the next pass", async () => {
    const { tapId, device, port, sensorId } = await pairedKegtron({ size: 10_000 });
    await poll();
    kegtronSandbox.pour(device, port, 250);
    for (const [mode, error] of [
      ["500", "The device answered 500"],
      ["garbage", "The device's answer is not JSON"],
      ["hang", "No answer within 0.1 s"],
    ] as const) {
      kegtronSandbox.fail(device, mode);
      const before = await sensorOf(sensorId);
      expect((await poll(undefined, { timeoutMs: 100 })).get(sensorId)).toEqual({ status: "failed", error });
      const after = await sensorOf(sensorId);
      expect(after.lastError).toBe(error);
      expect({ counter: after.counterMl, seq: after.counterSeq }).toEqual({ counter: before.counterMl, seq: before.counterSeq });
      expect(await poursOf(tapId)).toHaveLength(0);
      expect((await kegOf(tapId)).remainingMl).toBe("10000.000");
    }
    const listed = (await api.get(`locations/${location.id}/sensors`, { as: owner.ro })).body.sensors.find(
      (row: { id: number }) => row.id === sensorId,
    );
    expect(listed.kegtron.last_error).toBe("No answer within 0.1 s");
    kegtronSandbox.fail(device, null);
    expect((await poll()).get(sensorId)).toEqual({ status: "counted", volumeMl: 250 });
    expect((await sensorOf(sensorId)).lastError).toBeNull();
    expect((await kegOf(tapId)).remainingMl).toBe("9750.000");
    expect((await poll()).get(sensorId)).toEqual({ status: "unchanged" });
    expect(await poursOf(tapId)).toHaveLength(1);
  });

  it("a document without the tap's port is an error, not a reading", async () => {
    const { sensorId } = await pairedKegtron({ port: 3 });
    expect((await poll()).get(sensorId)).toEqual({ status: "failed", error: "The device reports no dispensed volume for port 3" });
  });
});

describe("temperature", () => {
  it("reaches the tap's line, and tap.too_warm is told once after 10 minutes above the limit", async () => {
    const { tapId, menuId, device } = await pairedKegtron();
    kegtronSandbox.temperature(device, 3.5);
    await poll();
    expect((await api.get(`taps/${tapId}`, { as: owner.ro })).body.tap).toMatchObject({ temperature_c: 3.5, too_warm: false });
    kegtronSandbox.temperature(device, 9);
    const warmFrom = clock + KEGTRON_EVERY_MS * 2;
    while (clock < warmFrom + 11 * 60_000) {
      clock += 50_000; // a pass each minute or so: the readings do not change, and are told again each minute
      await poll();
    }
    const told = await (await db())
      .select()
      .from(menuChanges)
      .where(and(eq(menuChanges.menuId, menuId), eq(menuChanges.type, "tap.too_warm")));
    expect(told).toHaveLength(1);
    expect((await api.get(`taps/${tapId}`, { as: owner.ro })).body.tap).toMatchObject({ temperature_c: 9, too_warm: true });
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("two instances on one PostgreSQL", () => {
  let second: Database;
  afterAll(async () => {
    await second?.close();
  });

  it("count each rise once between them", async () => {
    const { tapId, device, port } = await pairedKegtron({ size: 10_000 });
    const first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);
    await poll();
    for (const ml of [100, 250, 333.5]) {
      kegtronSandbox.pour(device, port, ml);
      const now = tick();
      await Promise.all([
        pollKegtrons(first.db, { now }),
        pollKegtrons(second.db, { now }),
        pollKegtrons(first.db, { now }),
        pollKegtrons(second.db, { now }),
      ]);
    }
    expect(await poursOf(tapId)).toHaveLength(3);
    expect((await kegOf(tapId)).remainingMl).toBe("9316.500");
  });
});
