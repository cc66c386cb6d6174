import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations, tapSensors, taps } from "@/lib/db/schema";
import type { Hours } from "../forecast";
import { hoursOf, pourBatchOnTap, SKEW_MS } from "../pours";
import { recordTemperature } from "./lines";
import { MAX_MESSAGE_BYTES, type SensorMessage, sensorMessage } from "./schemas";

// MQTT messages (venue-operations §14, docs/keg-sensors.md), counted in batches (decision 103): each from
// a location's topic, naming its sensor by device id. A pour becomes a pour of the sensor's tap with the idempotency key
// `mqtt:<sensor id>:<message id>`, so the pours' unique (tap, key) index counts it once however often
// it arrives (the broker's redelivery after a reconnect, the meter's retry, a second instance that
// subscribes too); a temperature is kept once per (sensor, message id). What cannot be counted (not
// JSON, an unknown sensor, a tap with no keg, a time in the future) is answered with why and dropped.

export type ReadingOutcome =
  | { status: "created" | "repeated" | "recorded" }
  | { status: "ignored"; reason: "invalid" | "unknown_sensor" | "no_keg" | "future" | "wrong_topic" };

const TOPIC = /^taproom\/locations\/(\d{1,9})\/readings$/;

/** The location a topic names, or null. */
export const locationOfTopic = (topic: string) => {
  const match = TOPIC.exec(topic);
  return match ? Number(match[1]) : null;
};

export function parseMessage(payload: Uint8Array | string): SensorMessage | null {
  const text = typeof payload === "string" ? payload : Buffer.from(payload).toString("utf8");
  if (text.length > MAX_MESSAGE_BYTES) return null;
  try {
    const parsed = sensorMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A message as a connection took it off the broker, at `receivedAt`. */
export type Reading = { topic: string; payload: Uint8Array | string; receivedAt: Date };

type Row = { sensor: typeof tapSensors.$inferSelect; tap: typeof taps.$inferSelect; location: typeof locations.$inferSelect };
type Parsed = { index: number; locationId: number; message: SensorMessage; at: Date };

/** Counts one message published on `topic` at `now` (the clock is the caller's: tests inject it). */
export async function handleReading(
  db: Db,
  { topic, payload, now = new Date() }: { topic: string; payload: Uint8Array | string; now?: Date },
): Promise<ReadingOutcome> {
  const [outcome] = await countReadings(db, { readings: [{ topic, payload, receivedAt: now }], now });
  return outcome!;
}

/**
 * Counts `readings` in their order at `now`: each sensor's pours as one batch on its tap (decision
 * 103), its temperatures one by one; answers each reading's outcome. A reading's time is its own `at`,
 * or when it was taken off the broker.
 */
export async function countReadings(
  db: Db,
  { readings, now = new Date() }: { readings: Reading[]; now?: Date },
): Promise<ReadingOutcome[]> {
  const outcomes: ReadingOutcome[] = new Array(readings.length);
  const parsed: Parsed[] = [];
  for (const [index, reading] of readings.entries()) {
    const locationId = locationOfTopic(reading.topic);
    const message = locationId === null ? null : parseMessage(reading.payload);
    const at = message?.at ? new Date(message.at) : reading.receivedAt;
    if (locationId === null) outcomes[index] = { status: "ignored", reason: "wrong_topic" };
    else if (!message) outcomes[index] = { status: "ignored", reason: "invalid" };
    else if (at.getTime() > reading.receivedAt.getTime() + SKEW_MS) outcomes[index] = { status: "ignored", reason: "future" };
    else parsed.push({ index, locationId, message, at });
  }
  const sensors = await sensorsOf(db, parsed);
  const bySensor = new Map<number, { row: Row; readings: Parsed[] }>();
  for (const one of parsed) {
    const row = sensors.get(`${one.locationId}/${one.message.sensor}`);
    if (!row) outcomes[one.index] = { status: "ignored", reason: "unknown_sensor" };
    else bySensor.set(row.sensor.id, { row, readings: [...(bySensor.get(row.sensor.id)?.readings ?? []), one] });
  }
  const hours = new Map<number, Promise<Hours>>();
  for (const { row, readings: mine } of bySensor.values()) {
    const { sensor, tap, location } = row;
    if (!hours.has(location.id)) hours.set(location.id, hoursOf(db, location, now));
    const poured = mine.flatMap((one) => (one.message.type === "pour" ? [{ index: one.index, at: one.at, pour: one.message }] : []));
    const results = await pourBatchOnTap(db, {
      tap,
      location,
      inputs: poured.map(({ pour, at }) => ({
        volume: pour.volume,
        unit: pour.unit,
        at: at.toISOString(),
        idempotency_key: `mqtt:${sensor.id}:${pour.id}`,
      })),
      hours: await hours.get(location.id)!,
      now,
    });
    for (const [n, result] of results.entries())
      outcomes[poured[n]!.index] = result.status === "no_keg" ? { status: "ignored", reason: "no_keg" } : { status: result.status };
    for (const { index, message, at } of mine) {
      if (message.type !== "temperature") continue;
      const result = await recordTemperature(db, {
        tap,
        location,
        sensorId: sensor.id,
        messageId: message.id,
        celsius: message.celsius,
        at,
      });
      outcomes[index] = { status: result };
    }
    if (mine.some((one) => outcomes[one.index]!.status !== "ignored")) await heard(db, sensor.id, now);
  }
  return outcomes;
}

/** The paired MQTT sensors the readings name, by `<location id>/<device id>`, in one query. */
async function sensorsOf(db: Db, parsed: Parsed[]): Promise<Map<string, Row>> {
  if (parsed.length === 0) return new Map();
  const rows = await db
    .select({ sensor: tapSensors, tap: taps, location: locations })
    .from(tapSensors)
    .innerJoin(taps, eq(taps.id, tapSensors.tapId))
    .innerJoin(locations, eq(locations.id, tapSensors.locationId))
    .where(
      and(
        inArray(tapSensors.locationId, [...new Set(parsed.map((one) => one.locationId))]),
        eq(tapSensors.kind, "mqtt"),
        inArray(tapSensors.deviceId, [...new Set(parsed.map((one) => one.message.sensor))]),
        isNull(locations.archivedAt),
      ),
    );
  return new Map(rows.map((row) => [`${row.sensor.locationId}/${row.sensor.deviceId}`, row]));
}

/** The sensor's last reading, written at most every 10 seconds (not one more write per reading). */
async function heard(db: Db, sensorId: number, now: Date) {
  await db
    .update(tapSensors)
    .set({ lastReadingAt: now })
    .where(
      and(
        eq(tapSensors.id, sensorId),
        or(isNull(tapSensors.lastReadingAt), lt(tapSensors.lastReadingAt, sql`${now.toISOString()}::timestamptz - interval '10 seconds'`)),
      ),
    );
}
