import { z } from "zod";
import { envelope, recordId, resourceFields, timestamp } from "../../shared/schemas";

// Keg sensors (venue-operations §14): isomorphic, the Taps page checks a pairing with the same schemas.
// docs/keg-sensors.md documents the MQTT messages.

export const SENSOR_KINDS = ["mqtt", "kegtron"] as const;
/** Sensors a location may pair (one per tap at most). */
export const MAX_SENSORS_PER_LOCATION = 200;
/** An MQTT message larger than this is dropped unread. */
export const MAX_MESSAGE_BYTES = 4096;

const deviceId = z
  .string({ error: "must be the sensor's own id" })
  .min(1, "can't be blank")
  .max(64, "must be at most 64 characters")
  .regex(/^[A-Za-z0-9._:-]+$/, "may hold only letters, digits and . _ : -");

export const sensorInput = z
  .object(
    {
      tap_id: recordId,
      kind: z.enum(SENSOR_KINDS, { error: 'must be "mqtt" or "kegtron"' }),
      device_id: deviceId,
      /** Kegtron: the URL of the device's document (Kegtron's device API, or the app's /sandbox/kegtron/devices/<id>). */
      url: z
        .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
        .max(2000, "must be at most 2000 characters")
        .optional(),
      /** Kegtron: the device's port the tap is on (0 or 1 on a Kegtron Pro; default 0). */
      port: z.number().int("must be a whole number").min(0, "must be 0 to 3").max(3, "must be 0 to 3").optional(),
    },
    { error: "must be a JSON object with tap_id, kind and device_id" },
  )
  .superRefine((input, context) => {
    if (input.kind === "kegtron" && !input.url)
      context.addIssue({ code: "custom", path: ["url"], message: "is required for a Kegtron sensor" });
    if (input.kind === "mqtt" && (input.url !== undefined || input.port !== undefined))
      context.addIssue({ code: "custom", path: [input.url !== undefined ? "url" : "port"], message: "is only for a Kegtron sensor" });
  });
export const pairSensorBody = resourceFields("sensor", sensorInput);
export type SensorInput = z.infer<typeof sensorInput>;

// ---- MQTT messages (one topic per location: taproom/locations/<id>/readings) ----

const messageId = z.string().min(1).max(200);
const at = z.iso.datetime({ offset: true });

/** A pour as a meter publishes it: the sensor's id, its own message id (counted once), the volume. */
export const pourMessage = z.object({
  type: z.literal("pour"),
  sensor: deviceId,
  id: messageId,
  volume: z.number().min(0.01).max(100_000),
  unit: z.enum(["ml", "oz"]),
  at: at.optional(),
});
/** A temperature reading of the line or the keg, in °C. */
export const temperatureMessage = z.object({
  type: z.literal("temperature"),
  sensor: deviceId,
  id: messageId,
  celsius: z.number().min(-50).max(150),
  at: at.optional(),
});
export const sensorMessage = z.discriminatedUnion("type", [pourMessage, temperatureMessage]);
export type SensorMessage = z.infer<typeof sensorMessage>;

// ---- answers ----

const mqttSetup = z.strictObject({
  /** Where the sensor publishes (QoS 1). */
  topic: z.string(),
  /** The JSON it publishes after each pour (a new `id` each time; a message sent again with its id is counted once). */
  pour_example: z.record(z.string(), z.unknown()),
  /** The JSON it publishes per temperature reading. */
  temperature_example: z.record(z.string(), z.unknown()),
});
export type MqttSetup = z.infer<typeof mqttSetup>;

export const sensorResponse = z.strictObject({
  id: recordId,
  location_id: recordId,
  tap_id: recordId,
  kind: z.enum(SENSOR_KINDS),
  device_id: z.string(),
  last_reading_at: timestamp.nullable(),
  created_at: timestamp,
  /** For an MQTT sensor, everything the device needs; null for a Kegtron (Taproom polls it). */
  mqtt: mqttSetup.nullable(),
  /** For a Kegtron, where Taproom reads it (every 5 s) and the last read's problem; null for MQTT. */
  kegtron: z
    .strictObject({ url: z.string(), port: z.number().int(), counter_ml: z.number().nullable(), last_error: z.string().nullable() })
    .nullable(),
});
export type SensorResponse = z.infer<typeof sensorResponse>;

export const sensorsEnvelope = z.strictObject({ sensors: z.array(sensorResponse) });
export const sensorEnvelope = envelope("sensor", sensorResponse);
/** The pairing's answer: the sensor and, for MQTT, its topic and the two messages it publishes. */
export const pairedAnswer = z.strictObject({
  sensor: sensorResponse,
  topic: z.string().nullable(),
  pour_example: z.record(z.string(), z.unknown()).nullable(),
  temperature_example: z.record(z.string(), z.unknown()).nullable(),
});
export type PairedAnswer = z.infer<typeof pairedAnswer>;

export const lineCleanedBody = z.object(
  { at: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }).optional() },
  { error: "must be a JSON object (at is optional)" },
);
