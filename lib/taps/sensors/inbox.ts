import { and, asc, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sensorInbox } from "@/lib/db/schema";
import { errorFields, log } from "@/lib/server/log";
import { countReadings } from "./readings";
import { MAX_MESSAGE_BYTES } from "./schemas";

// The MQTT readings' inbox (decision 103). MQTT hands a connection its next message only after the
// last one's acknowledgement, and a reading may be acknowledged only once it is committed: so a
// connection commits each message here (one INSERT) and acknowledges it, and the drain counts what is
// waiting in batches, one batch per tap (lib/taps/pours.ts), and deletes it. The drain claims its rows
// in order with a lease (`FOR UPDATE SKIP LOCKED`, then `claimed_until`): drains on several instances
// share the rows; a drain that died leaves its rows to the next claim once the lease is out. A row
// counted twice (a lapsed lease, a crash between the count and the delete) is harmless: the pours' and
// temperatures' keys count a reading once.

/** The most readings one claim takes: one batch per tap of at most this many pours. */
export const DRAIN_BATCH = 500;
/** How long a claim is the drain's own before another may take its rows. */
export const CLAIM_MS = 30_000;
/** How long a drain that was woken waits for more readings before it claims (at most DRAIN_BATCH). */
export const GATHER_MS = 20;
/** How often an idle drain looks for rows nobody is counting (another instance stopped with some). */
export const IDLE_MS = 1000;
/** How long to wait before trying again while the database is away. */
const RETRY_MS = [250, 1000, 5000, 15_000] as const;

type Kept = { topic: string; payload: Uint8Array; receivedAt: Date };

/** A message too large to be a reading, or not text PostgreSQL can hold: never kept, it could never be counted. */
export const keepable = (payload: Uint8Array) => payload.byteLength <= MAX_MESSAGE_BYTES && !payload.includes(0);

/** Commits one message taken off the broker; after this it may be acknowledged. False: not keepable. */
export async function keepReading(db: Db, reading: Kept) {
  if (!keepable(reading.payload)) return false;
  await keepAll(db, [reading]);
  return true;
}

const keepAll = (db: Db, readings: Kept[]) =>
  db
    .insert(sensorInbox)
    .values(readings.map(({ topic, payload, receivedAt }) => ({ topic, payload: Buffer.from(payload).toString("utf8"), receivedAt })));

/**
 * `keepReading` for an instance's connections together (group commit): what they hand in while one
 * INSERT runs goes into the next one, so N connections cost one commit, not N. Each promise settles
 * when its message is committed (or the INSERT failed).
 */
export function keeper(db: Db): (reading: Kept) => Promise<boolean> {
  let waiting: { reading: Kept; settle: (error?: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      const error = await keepAll(
        db,
        group.map((one) => one.reading),
      ).then(
        () => undefined,
        (failed: unknown) => failed ?? new Error("not kept"),
      );
      for (const one of group) one.settle(error);
    }
    writing = false;
  };
  return (reading) => {
    if (!keepable(reading.payload)) return Promise.resolve(false);
    return new Promise<boolean>((resolve, reject) => {
      waiting.push({ reading, settle: (error) => (error ? reject(error) : resolve(true)) });
      if (!writing) void write();
    });
  };
}

/** One claim of the inbox at `now`: counted and deleted. Answers how many readings it took. */
export async function drainInbox(db: Db, { now = new Date(), limit = DRAIN_BATCH }: { now?: Date; limit?: number } = {}): Promise<number> {
  const free = or(isNull(sensorInbox.claimedUntil), lt(sensorInbox.claimedUntil, now));
  const claimed = (
    await db
      .update(sensorInbox)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          inArray(
            sensorInbox.id,
            db
              .select({ id: sensorInbox.id })
              .from(sensorInbox)
              .where(free)
              .orderBy(asc(sensorInbox.id))
              .limit(limit)
              .for("update", { skipLocked: true }),
          ),
          free,
        ),
      )
      .returning()
  ).sort((a, b) => a.id - b.id);
  if (claimed.length === 0) return 0;
  const ids = claimed.map((row) => row.id);
  let outcomes: Awaited<ReturnType<typeof countReadings>>;
  try {
    outcomes = await countReadings(db, { readings: claimed, now });
  } catch (error) {
    // Given back at once (not when the lease is out), when the database lets us.
    await db
      .update(sensorInbox)
      .set({ claimedUntil: null })
      .where(inArray(sensorInbox.id, ids))
      .catch(() => undefined);
    throw error;
  }
  for (const [index, outcome] of outcomes.entries())
    if (outcome.status === "ignored")
      log().warn({ topic: claimed[index]!.topic, reason: outcome.reason }, "A sensor reading was not counted");
  await db.delete(sensorInbox).where(inArray(sensorInbox.id, ids));
  return claimed.length;
}

/** A running drain: `kick` says a reading was kept; `stop` waits for the claim in progress. */
export type Drain = { kick: () => void; stop: () => Promise<void> };

/**
 * Drains the inbox until stopped: at once when kicked (a batch is what was kept while the last one was
 * counted, at most DRAIN_BATCH), else every IDLE_MS.
 */
export function startDrain(db: Db, { now = () => new Date() }: { now?: () => Date } = {}): Drain {
  let stopping = false;
  let kicked = false;
  let wake: (() => void) | null = null;
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });
  const loop = (async () => {
    for (let failures = 0; !stopping; ) {
      kicked = false;
      try {
        const taken = await drainInbox(db, { now: now() });
        failures = 0;
        if (taken === DRAIN_BATCH) continue;
        if (!kicked) await rest(IDLE_MS);
        // A batch gathers for a moment: under load one claim takes many readings, not one each.
        if (!stopping) await new Promise((resolve) => setTimeout(resolve, GATHER_MS).unref());
      } catch (error) {
        log().error(errorFields(error), "Sensor readings could not be counted; trying again");
        await rest(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!);
      }
    }
  })();
  return {
    kick: () => {
      kicked = true;
      wake?.();
    },
    stop: async () => {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
