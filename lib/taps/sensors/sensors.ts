import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { locations, tapSensors, taps } from "@/lib/db/schema";
import { env } from "@/lib/server/env";
import { ApiError, invalid } from "@/lib/server/errors";
import { targetProblem } from "@/lib/server/outbound/target";
import { found, type Scope } from "@/lib/server/scope";
import { isSandboxDevice } from "./kegtron-transport";
import { MAX_SENSORS_PER_LOCATION, type MqttSetup, type SensorInput, type SensorResponse } from "./schemas";

// Pairing (venue-operations §14): a sensor is paired to one tap of its location; one sensor per tap,
// one pairing per device id and kind at a location. An MQTT sensor's pairing answers what the device
// must publish, so it can be set up from the API alone.

type Location = typeof locations.$inferSelect;
type Sensor = typeof tapSensors.$inferSelect;

/** The one MQTT topic of a location: every meter there publishes its pours and temperatures on it. */
export const topicOf = (locationId: number) => `taproom/locations/${locationId}/readings`;
/** The topic filter the subscriber follows (every location). */
export const TOPIC_FILTER = "taproom/locations/+/readings";

export function mqttSetup(locationId: number, deviceId: string): MqttSetup {
  return {
    topic: topicOf(locationId),
    pour_example: { type: "pour", sensor: deviceId, id: `${deviceId}-000042`, volume: 473, unit: "ml", at: "2026-05-01T19:30:00Z" },
    temperature_example: { type: "temperature", sensor: deviceId, id: `${deviceId}-t-000042`, celsius: 3.8, at: "2026-05-01T19:30:00Z" },
  };
}

export function sensorJson(sensor: Sensor): SensorResponse {
  return {
    id: sensor.id,
    location_id: sensor.locationId,
    tap_id: sensor.tapId,
    kind: sensor.kind as SensorResponse["kind"],
    device_id: sensor.deviceId,
    last_reading_at: sensor.lastReadingAt?.toISOString() ?? null,
    created_at: sensor.createdAt.toISOString(),
    mqtt: sensor.kind === "mqtt" ? mqttSetup(sensor.locationId, sensor.deviceId) : null,
    kegtron:
      sensor.kind === "kegtron"
        ? {
            url: String(sensor.config.url ?? ""),
            port: Number(sensor.config.port ?? 0),
            counter_ml: sensor.counterMl === null ? null : Number(sensor.counterMl),
            last_error: sensor.lastError,
          }
        : null,
  };
}

/** GET /locations/:id/sensors. */
export async function listSensors(db: Db, { location }: { location: Location }) {
  const rows = await db.select().from(tapSensors).where(eq(tapSensors.locationId, location.id)).orderBy(asc(tapSensors.id));
  return { sensors: rows.map(sensorJson) };
}

/** POST /locations/:id/sensors: pairs the sensor to a tap of this location (422 for another's tap, 409 when taken). */
export async function pairSensor(db: Db, { location, input }: { location: Location; input: SensorInput }) {
  const [tap] = await db
    .select({ id: taps.id, number: taps.number })
    .from(taps)
    .where(and(eq(taps.id, input.tap_id), eq(taps.locationId, location.id)));
  if (!tap) throw invalid([{ path: "tap_id", message: "must be a tap of this location" }]);
  if (input.kind === "kegtron" && input.url && !isSandboxDevice(input.url)) {
    const problem = targetProblem(input.url, env().WEBHOOK_ALLOW_PRIVATE);
    if (problem) throw invalid([{ path: "url", message: problem }]);
  }
  const [{ value: paired } = { value: 0 }] = await db
    .select({ value: count() })
    .from(tapSensors)
    .where(eq(tapSensors.locationId, location.id));
  if (paired >= MAX_SENSORS_PER_LOCATION)
    throw new ApiError("conflict", `A location pairs at most ${MAX_SENSORS_PER_LOCATION} sensors: unpair one first.`);
  try {
    const [row] = await db
      .insert(tapSensors)
      .values({
        locationId: location.id,
        tapId: tap.id,
        kind: input.kind,
        deviceId: input.device_id,
        config: input.kind === "kegtron" ? { url: input.url, port: input.port ?? 0 } : {},
      })
      .returning();
    const sensor = sensorJson(row!);
    return {
      sensor,
      topic: sensor.mqtt?.topic ?? null,
      pour_example: sensor.mqtt?.pour_example ?? null,
      temperature_example: sensor.mqtt?.temperature_example ?? null,
    };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [byTap] = await db.select({ id: tapSensors.id }).from(tapSensors).where(eq(tapSensors.tapId, tap.id));
    throw new ApiError(
      "conflict",
      byTap
        ? `Tap ${tap.number} already has a sensor: unpair it first.`
        : `A ${input.kind} sensor "${input.device_id}" is already paired at this location.`,
    );
  }
}

/** The sensor's record where the caller's business owns its location. */
export async function getSensor(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ sensor: tapSensors })
    .from(tapSensors)
    .innerJoin(locations, eq(locations.id, tapSensors.locationId))
    .where(and(eq(tapSensors.id, id), eq(locations.businessId, businessId)));
  return found(row, "sensor").sensor;
}

/** DELETE /sensors/:id: unpaired; its readings already counted stay counted. */
export async function unpairSensor(db: Db, scope: Scope) {
  const sensor = await getSensor(db, scope);
  await db.delete(tapSensors).where(eq(tapSensors.id, sensor.id));
  return sensorJson(sensor);
}
