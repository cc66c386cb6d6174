import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db } from "@/lib/db/client";
import { locations, tapSensors, taps } from "@/lib/db/schema";
import { env } from "@/lib/server/env";
import type { Job } from "@/lib/server/jobs";
import { errorFields, log } from "@/lib/server/log";
import { hoursOf, NoKeg, pourOnTap } from "../pours";
import { type DeviceTransport, deviceTransport } from "./kegtron-transport";
import { recordTemperature } from "./lines";

// The Kegtron Pro poller (venue-operations §14, decision 095): a pass job that reads each paired
// Kegtron's port and counts what its dispensed counter (`volDisp`, ml) rose since the counter last
// counted (`counter_ml`) as ONE pour of the tap, in the transaction that advances the counter. Each
// sensor is polled by one instance at a time (a lease, `poll_lease_until`, taken by a conditional
// UPDATE), and the counter's advance is a compare-and-set on `counter_seq`: a pour whose advance lost
// is rolled back, so a reading is counted once across instances, restarts and stale reads. A counter
// that went down (the keg reset on the device), or rose by more than 100 l in one read (another
// device), starts again from its new value; the first reading only sets where counting starts. A failure (no answer in time, not 2xx, not the device's shape) is
// written to `last_error` and tried again at the next pass; a good reading clears it.

type Sensor = typeof tapSensors.$inferSelect;
type Tap = typeof taps.$inferSelect;
type Location = typeof locations.$inferSelect;

/** How often the pass runs (and so how often a sensor is read). */
export const KEGTRON_EVERY_MS = 5_000;
/** How long one read of a device may take. */
export const KEGTRON_TIMEOUT_MS = 3_000;
/** The most sensors one pass of one instance reads. */
export const KEGTRON_SENSORS_PER_PASS = 50;
/** The largest device document read. */
export const KEGTRON_MAX_BYTES = 64 * 1024;
/** A rise larger than this between two reads is no pour (a device swapped for one with a higher counter): counting starts again. */
export const KEGTRON_MAX_RISE_ML = 100_000;
/** How long a claimed sensor stays with its instance (longer than a read; a crashed instance's claim lapses). */
const LEASE_MS = 30_000;
/** A temperature that did not change is recorded again after this long (the too-warm spell needs later readings). */
const TEMPERATURE_EVERY_MS = 60_000;

/** Where a Kegtron sensor is read: its device document's URL and the port its tap is on. */
export const kegtronConfig = z.object({ url: z.string(), port: z.number().int().min(0).max(3) });
export type KegtronConfig = z.infer<typeof kegtronConfig>;

const volume = z.number().finite().min(0).max(1e9);
/** The part of Kegtron's device document the poller reads (docs/keg-sensors.md). */
const deviceDocument = z.object({
  shadow: z.object({
    state: z.object({
      reported: z.object({
        config_readonly: z.looseObject({ temp: z.number().finite().min(-50).max(150).nullish() }),
      }),
    }),
  }),
});

export type Reading = { volDisp: number; celsius: number | null };

/** The port's dispensed counter and the device's temperature, or why the document is not usable. */
export function readDocument(text: string, port: number): Reading | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return "The device's answer is not JSON";
  }
  const document = deviceDocument.safeParse(parsed);
  if (!document.success) return "The device's answer is not a Kegtron device document";
  const readonly = document.data.shadow.state.reported.config_readonly;
  const counter = z.object({ volDisp: volume }).safeParse(readonly[`port${port}`]);
  if (!counter.success) return `The device reports no dispensed volume for port ${port}`;
  return { volDisp: Math.round(counter.data.volDisp * 1000) / 1000, celsius: readonly.temp ?? null };
}

export type PollOutcome =
  | { status: "counted"; volumeMl: number }
  | { status: "unchanged" | "started" | "reset" | "raced" }
  | { status: "failed"; error: string };

/** Thrown in the pour's transaction when another reading advanced the counter first: the pour rolls back. */
class Raced extends Error {}

const thousandths = (value: number | string) => Math.round(Number(value) * 1000);

/**
 * Advances the sensor's counter from what `sensor` read (its `counter_seq`) to `counter`, in `tx`, only
 * if nobody advanced it meanwhile; clears the error. Whether it advanced.
 */
async function advance(tx: Db, sensor: Sensor, counter: number, now: Date, lastError: string | null = null) {
  const moved = await tx
    .update(tapSensors)
    .set({ counterMl: counter.toFixed(3), counterSeq: sensor.counterSeq + 1, lastError, lastReadingAt: now, updatedAt: now })
    .where(and(eq(tapSensors.id, sensor.id), eq(tapSensors.counterSeq, sensor.counterSeq)))
    .returning({ id: tapSensors.id });
  return moved.length > 0;
}

/** A reading that counted nothing new: the sensor was heard and its error clears. */
async function heard(db: Db, sensor: Sensor, now: Date) {
  await db
    .update(tapSensors)
    .set({ lastError: null, lastReadingAt: now })
    .where(and(eq(tapSensors.id, sensor.id), eq(tapSensors.counterSeq, sensor.counterSeq)));
}

/** Counts one reading of `sensor` (as it was read, before the device was asked). */
export async function countReading(
  db: Db,
  { sensor, tap, location, reading, now }: { sensor: Sensor; tap: Tap; location: Location; reading: Reading; now: Date },
): Promise<PollOutcome> {
  const previous = sensor.counterMl === null ? null : Number(sensor.counterMl);
  const counter = reading.volDisp;
  let outcome: PollOutcome;
  if (previous === null || counter < previous) {
    // The first reading, or the device's counter went down (reset, a new keg): counting starts from here.
    outcome = (await advance(db, sensor, counter, now)) ? { status: previous === null ? "started" : "reset" } : { status: "raced" };
  } else if (counter - previous > KEGTRON_MAX_RISE_ML) {
    const why = `The counter rose by ${Math.round(counter - previous)} ml in one read: counting starts again from ${counter} ml`;
    outcome = (await advance(db, sensor, counter, now, why)) ? { status: "reset" } : { status: "raced" };
  } else if (thousandths(counter) === thousandths(previous)) {
    await heard(db, sensor, now);
    outcome = { status: "unchanged" };
  } else {
    const volumeMl = (thousandths(counter) - thousandths(previous)) / 1000;
    const key = `kegtron:${sensor.id}:${sensor.counterSeq + 1}:${counter}`;
    try {
      const { repeated } = await pourOnTap(db, {
        tap,
        location,
        input: { volume: volumeMl, unit: "ml", at: now.toISOString(), idempotency_key: key },
        hours: await hoursOf(db, location, now),
        now,
        onCounted: async (tx) => {
          if (!(await advance(tx, sensor, counter, now))) throw new Raced();
        },
      });
      outcome = repeated ? { status: "raced" } : { status: "counted", volumeMl };
    } catch (error) {
      if (error instanceof Raced) outcome = { status: "raced" };
      else if (error instanceof NoKeg) {
        // Nothing to pour it from: the counter moves on (the next keg does not inherit it), and says why.
        const why = `Tap ${tap.number} has no keg in service: ${volumeMl} ml not counted`;
        outcome = (await advance(db, sensor, counter, now, why)) ? { status: "unchanged" } : { status: "raced" };
      } else throw error;
    }
  }
  if (reading.celsius !== null && outcome.status !== "raced")
    await temperature(db, { sensor, tap, location, celsius: reading.celsius, now });
  return outcome;
}

/** The device's temperature on the tap's line, when it changed or has not been told for a minute. */
async function temperature(
  db: Db,
  { sensor, tap, location, celsius, now }: { sensor: Sensor; tap: Tap; location: Location; celsius: number; now: Date },
) {
  const [current] = await db.select({ c: taps.temperatureC, at: taps.temperatureAt }).from(taps).where(eq(taps.id, tap.id));
  const same = current?.c !== null && current?.c !== undefined && Math.round(Number(current.c) * 100) === Math.round(celsius * 100);
  if (same && current?.at && now.getTime() - current.at.getTime() < TEMPERATURE_EVERY_MS) return;
  await recordTemperature(db, { tap, location, sensorId: sensor.id, messageId: `kegtron:${now.toISOString()}`, celsius, at: now });
}

export type PollOptions = { now?: Date; transport?: DeviceTransport; timeoutMs?: number; limit?: number };

/** Reads one claimed sensor and counts what it read; a failure is written to the sensor. */
export async function pollSensor(
  db: Db,
  { sensor, tap, location }: { sensor: Sensor; tap: Tap; location: Location },
  { now = new Date(), transport = deviceTransport(env().WEBHOOK_ALLOW_PRIVATE), timeoutMs = KEGTRON_TIMEOUT_MS }: PollOptions = {},
): Promise<PollOutcome> {
  const config = kegtronConfig.safeParse(sensor.config);
  let failure: string;
  if (!config.success) failure = "The sensor has no device URL and port";
  else {
    const answer = await transport(config.data.url, { timeoutMs, maxBytes: KEGTRON_MAX_BYTES });
    if (answer.status === null) failure = answer.error;
    else if (answer.status < 200 || answer.status > 299) failure = `The device answered ${answer.status}`;
    else {
      const reading = readDocument(answer.text, config.data.port);
      if (typeof reading !== "string") return countReading(db, { sensor, tap, location, reading, now });
      failure = reading;
    }
  }
  await db
    .update(tapSensors)
    .set({ lastError: failure.slice(0, 500) })
    .where(eq(tapSensors.id, sensor.id));
  return { status: "failed", error: failure };
}

/**
 * One pass at `now`: claims up to `limit` Kegtron sensors due for a read (each by a conditional UPDATE
 * of its lease, so another instance's pass skips it), reads and counts each, and hands each back due at
 * the next pass. The outcomes by sensor id.
 */
export async function pollKegtrons(db: Db, options: PollOptions = {}): Promise<Map<number, PollOutcome>> {
  const now = options.now ?? new Date();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const due = or(isNull(tapSensors.pollLeaseUntil), lte(tapSensors.pollLeaseUntil, nowSql));
  const candidates = await db
    .select({ id: tapSensors.id })
    .from(tapSensors)
    .innerJoin(locations, eq(locations.id, tapSensors.locationId))
    .where(and(eq(tapSensors.kind, "kegtron"), isNull(locations.archivedAt), due))
    .orderBy(sql`${tapSensors.pollLeaseUntil} asc nulls first`, asc(tapSensors.id))
    .limit(options.limit ?? KEGTRON_SENSORS_PER_PASS);
  const outcomes = new Map<number, PollOutcome>();
  for (const { id } of candidates) {
    const lease = new Date(now.getTime() + LEASE_MS);
    const [claimed] = await db
      .update(tapSensors)
      .set({ pollLeaseUntil: lease })
      .where(and(eq(tapSensors.id, id), eq(tapSensors.kind, "kegtron"), due))
      .returning();
    if (!claimed) continue; // another instance has it
    try {
      const [row] = await db
        .select({ tap: taps, location: locations })
        .from(taps)
        .innerJoin(locations, eq(locations.id, taps.locationId))
        .where(eq(taps.id, claimed.tapId));
      if (row) outcomes.set(id, await pollSensor(db, { sensor: claimed, ...row }, { ...options, now }));
    } catch (error) {
      log().error({ ...errorFields(error), sensorId: id }, "A Kegtron reading could not be counted; trying again at the next pass");
    } finally {
      // Due again at the next pass (a little before it, so the pass finds it due).
      await db
        .update(tapSensors)
        .set({ pollLeaseUntil: new Date(now.getTime() + KEGTRON_EVERY_MS - 1_000) })
        .where(and(eq(tapSensors.id, id), eq(tapSensors.pollLeaseUntil, lease)));
    }
  }
  return outcomes;
}

export const kegtronPollJob: Job<Database> = {
  name: "kegtron-poll",
  everyMs: KEGTRON_EVERY_MS,
  run: (database) => pollKegtrons(database.db),
};
