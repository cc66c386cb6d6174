import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations, tapSensors, taps } from "@/lib/db/schema";
import { hoursOf, NoKeg, pourOnTap, SKEW_MS } from "../pours";
import { recordTemperature } from "./lines";
import { MAX_MESSAGE_BYTES, type SensorMessage, sensorMessage } from "./schemas";

// One MQTT message (venue-operations §14, docs/keg-sensors.md): from a location's topic, naming its
// sensor by device id. A pour becomes a pour of the sensor's tap with the idempotency key
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

/** Counts one message published on `topic` at `now` (the clock is the caller's: tests inject it). */
export async function handleReading(
  db: Db,
  { topic, payload, now = new Date() }: { topic: string; payload: Uint8Array | string; now?: Date },
): Promise<ReadingOutcome> {
  const locationId = locationOfTopic(topic);
  if (locationId === null) return { status: "ignored", reason: "wrong_topic" };
  const message = parseMessage(payload);
  if (!message) return { status: "ignored", reason: "invalid" };
  const at = message.at ? new Date(message.at) : now;
  if (at.getTime() > now.getTime() + SKEW_MS) return { status: "ignored", reason: "future" };
  const [row] = await db
    .select({ sensor: tapSensors, tap: taps, location: locations })
    .from(tapSensors)
    .innerJoin(taps, eq(taps.id, tapSensors.tapId))
    .innerJoin(locations, eq(locations.id, tapSensors.locationId))
    .where(
      and(
        eq(tapSensors.locationId, locationId),
        eq(tapSensors.kind, "mqtt"),
        eq(tapSensors.deviceId, message.sensor),
        isNull(locations.archivedAt),
      ),
    );
  if (!row) return { status: "ignored", reason: "unknown_sensor" };
  const { sensor, tap, location } = row;
  let outcome: ReadingOutcome;
  if (message.type === "pour") {
    try {
      const { repeated } = await pourOnTap(db, {
        tap,
        location,
        input: { volume: message.volume, unit: message.unit, at: at.toISOString(), idempotency_key: `mqtt:${sensor.id}:${message.id}` },
        hours: await hoursOf(db, location, now),
        now,
      });
      outcome = { status: repeated ? "repeated" : "created" };
    } catch (error) {
      if (!(error instanceof NoKeg)) throw error;
      return { status: "ignored", reason: "no_keg" };
    }
  } else {
    const result = await recordTemperature(db, { tap, location, sensorId: sensor.id, messageId: message.id, celsius: message.celsius, at });
    outcome = { status: result };
  }
  await heard(db, sensor.id, now);
  return outcome;
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
