import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, stamp, timestamps } from "./columns";
import { taps } from "./taps";
import { locations } from "./venues";

// Keg sensors (venue-operations §14, decision 086): a sensor the bar already owns, paired to one tap. An
// MQTT meter publishes on its location's topic and names itself by `device_id`; a Kegtron Pro is polled
// at its address, one port per tap. A reading becomes a pour once: the pour's idempotency key is built
// from the sensor's own message id (MQTT) or its dispensed counter (Kegtron), and the pours' unique
// (tap, key) index holds it on every instance; a temperature once by (sensor, message id).

export const tapSensors = pgTable(
  "tap_sensors",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    tapId: integer("tap_id")
      .notNull()
      .references(() => taps.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    // The device's own name for itself (MQTT: the message's `sensor`; Kegtron: its device id).
    deviceId: text("device_id").notNull(),
    // Kegtron: the device's base URL and the port (0 or 1) the tap is on.
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    // Kegtron: the dispensed counter (ml) last counted, and when it was last read.
    counterMl: numeric("counter_ml", { precision: 14, scale: 3 }),
    lastReadingAt: stamp("last_reading_at"),
    lastError: text("last_error"),
    // Kegtron: how many counter readings were committed (the compare-and-set of each poll, and part of
    // its pour's idempotency key), and until when one instance holds the sensor's poll (decision 095).
    counterSeq: integer("counter_seq").notNull().default(0),
    pollLeaseUntil: stamp("poll_lease_until"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tap_sensors_tap_key").on(t.tapId),
    uniqueIndex("tap_sensors_device_key").on(t.locationId, t.kind, t.deviceId),
    check("tap_sensors_kind", sql`${t.kind} in ('mqtt', 'kegtron')`),
  ],
);

/** One temperature reading per (sensor, message id); the tap's latest is on the tap's row. */
export const tapTemperatures = pgTable(
  "tap_temperatures",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tapId: integer("tap_id")
      .notNull()
      .references(() => taps.id, { onDelete: "cascade" }),
    sensorId: integer("sensor_id")
      .notNull()
      .references(() => tapSensors.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    celsius: numeric({ precision: 5, scale: 2 }).notNull(),
    at: stamp("at").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tap_temperatures_message_key").on(t.sensorId, t.messageId), index("tap_temperatures_tap_at_idx").on(t.tapId, t.at)],
);

/**
 * MQTT readings taken off the broker and not counted yet (decision 103): a connection writes each
 * message here and only then acknowledges it, so an acknowledged reading is committed; the subscriber's
 * drain claims rows in order (`claimed_until`, a lease another instance waits out), counts them in
 * batches per tap and deletes them. Counting twice is harmless: the pours' keys count a reading once.
 */
export const sensorInbox = pgTable("sensor_inbox", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  topic: text().notNull(),
  payload: text().notNull(),
  receivedAt: stamp("received_at").notNull(),
  claimedUntil: stamp("claimed_until"),
});
