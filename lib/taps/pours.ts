import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { kegs, type locations, pours, taps } from "@/lib/db/schema";
import { listHours } from "@/lib/hours/hours";
import { listSpecialHours } from "@/lib/hours/special";
import { ApiError, invalid } from "@/lib/server/errors";
import { recordChange } from "@/lib/live/changes";
import { recordTapVersion } from "./changes";
import { forecaster, forecastEmptyAt, type Hours, rateFrom } from "./forecast";
import { kickInTransaction, retryConflicts } from "./kick";
import { tellAfterHoursPours } from "./sensors/lines";
import { ML_PER_OZ, type PourAnswer, type PourInput } from "./schemas";
import { getTap, kegJson } from "./taps";

// Pours (venue-operations §8): a batch of pours on one tap lowers its keg by one UPDATE under the keg's
// row lock, so any number of pours at once, from any number of instances, are each counted exactly
// once; the (tap, idempotency key) unique index makes a retry count once and answer what the first
// answered. In the same transaction: the forecast, `tap.keg_low` once per keg, and at zero the kick and
// swap. A single pour is a batch of one (decision 103).

type Tap = typeof taps.$inferSelect;
type Location = typeof locations.$inferSelect;
type PourRow = typeof pours.$inferSelect;

/** A pour sent to a tap with no keg in service: nothing is counted. */
export class NoKeg extends ApiError {
  constructor(number: number) {
    super("conflict", `Tap ${number} has no keg in service: tap a new keg first (POST /taps/:id/kegs).`);
  }
}

/** A pour may be sent late (a meter's buffer) but not from the future; a little clock skew is let through. */
export const SKEW_MS = 5 * 60_000;

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const thousandths = (value: number | string) => Math.round(Number(value) * 1000);

export const volumeInMl = (input: Pick<PourInput, "volume" | "unit">) =>
  round3(input.unit === "oz" ? input.volume * ML_PER_OZ : input.volume);

function pourJson(row: PourRow) {
  return {
    id: row.id,
    tap_id: row.tapId,
    keg_id: row.kegId,
    volume_ml: Number(row.volumeMl),
    at: row.at.toISOString(),
    idempotency_key: row.idempotencyKey,
  };
}

const answerOf = (row: PourRow): PourAnswer => ({ pour: pourJson(row), keg: row.answer as PourAnswer["keg"] });

/** The location's hours as the forecast counts them (read once per pour or batch, outside the lock). */
export async function hoursOf(db: Db, location: Location, now: Date): Promise<Hours> {
  const [week, special] = await Promise.all([listHours(db, { locationId: location.id }), listSpecialHours(db, location, now)]);
  return { hours: week, special, zone: location.timeZone };
}

/** Thrown inside a batch's transaction when a key was counted meanwhile: it rolls back and runs again. */
class Repeated extends Error {}

export type PourResult = { answer: PourAnswer; repeated: boolean };
/** One pour of a batch: counted now, counted before (the first answer again), or no keg to pour from. */
export type PourOutcome = { status: "created" | "repeated"; answer: PourAnswer } | { status: "no_keg" };

export type PourOptions = {
  tap: Tap;
  location: Location;
  input: PourInput;
  hours: Hours;
  now?: Date;
  /** Who counted it: a meter (the default) or a sale at the POS (pos.md §5). */
  source?: "meter" | "pos";
  /**
   * Runs in the pour's transaction once the pour is in, under the keg's lock: a sale keeps its own
   * record of the line here, so the line and the pour are counted together or not at all. Throwing
   * rolls the pour back (in a batch, the batch's transaction: every pour of it).
   */
  onCounted?: (tx: Db, pour: PourRow) => Promise<void>;
};

export type PourBatchOptions = Omit<PourOptions, "input"> & { inputs: PourInput[] };

const atOf = (input: PourInput, now: Date) => (input.at ? new Date(input.at) : now);
const inFuture = (input: PourInput, now: Date) => atOf(input, now).getTime() > now.getTime() + SKEW_MS;

/** One pour on `tap` (of `location`), `hours` read by the caller: a batch of one. */
export async function pourOnTap(db: Db, { input, ...options }: PourOptions): Promise<PourResult> {
  if (inFuture(input, options.now ?? new Date())) throw invalid([{ path: "at", message: "is in the future" }]);
  const [outcome] = await pourBatchOnTap(db, { ...options, inputs: [input] });
  if (outcome!.status === "no_keg") throw new NoKeg(options.tap.number);
  return { answer: outcome!.answer, repeated: outcome!.status === "repeated" };
}

type Pending = { index: number; input: PourInput; volume: number; at: Date };

/**
 * Pours on one tap, in order, each answered as if it had been sent alone after the one before it
 * (decision 103): a key counted before, or earlier in the batch, answers its first answer; a pour
 * after the keg ran out goes onto the on-deck keg, or finds no keg. One transaction per stretch of
 * the batch on one keg (a new one after a kick or a keg turning low, so the feed tells them as single
 * pours do), each with the keg locked once, the recent rate summed once, one insert and one update.
 */
export async function pourBatchOnTap(
  db: Db,
  { tap, location, inputs, hours, now = new Date(), source = "meter", onCounted }: PourBatchOptions,
): Promise<PourOutcome[]> {
  const future = inputs.flatMap((input, index) => (inFuture(input, now) ? [{ path: `${index}.at`, message: "is in the future" }] : []));
  if (future.length > 0) throw invalid(future);
  const outcomes: PourOutcome[] = new Array(inputs.length);
  // Keys counted before answer what they first answered, even on a tap with no keg now.
  const firsts = new Map(
    (
      await countedRows(
        db,
        tap.id,
        inputs.map((input) => input.idempotency_key),
      )
    ).map((row) => [row.idempotencyKey, row]),
  );
  const firstIndex = new Map<string, number>();
  let pending: Pending[] = [];
  for (const [index, input] of inputs.entries()) {
    const key = input.idempotency_key;
    const row = firsts.get(key);
    if (row) outcomes[index] = { status: "repeated", answer: answerOf(row) };
    else if (!firstIndex.has(key)) {
      firstIndex.set(key, index);
      pending.push({ index, input, volume: volumeInMl(input), at: atOf(input, now) });
    }
  }
  let current = tap;
  let repeats = 0;
  while (pending.length > 0) {
    try {
      const stretch = await retryConflicts(() =>
        db.transaction((tx) => pourStretch(tx, { tap: current, location, pending, hours, now, source, onCounted })),
      );
      for (const [index, outcome] of stretch.outcomes) outcomes[index] = outcome;
      pending = pending.slice(stretch.taken);
      current = stretch.tap;
    } catch (error) {
      // Counted meanwhile under another keg's lock (a kick between): once more, seeing it this time.
      repeats += 1;
      if (!(error instanceof Repeated) || repeats >= 5) throw error;
    }
  }
  // A key sent twice in the batch: its second answer is the first's.
  for (const [index, input] of inputs.entries()) {
    if (outcomes[index]) continue;
    const first = outcomes[firstIndex.get(input.idempotency_key)!]!;
    outcomes[index] = first.status === "no_keg" ? first : { status: "repeated", answer: first.answer };
  }
  return outcomes;
}

/** The pours of `tapId` already counted under `keys`. */
const countedRows = (db: Db, tapId: number, keys: string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(pours)
        .where(and(eq(pours.tapId, tapId), inArray(pours.idempotencyKey, keys)));

type Stretch = { outcomes: Map<number, PourOutcome>; taken: number; tap: Tap };

/**
 * In one transaction: the pours of `pending` on the tap's keg, from the first up to the end, a kick or
 * a keg turning low (each of those is its own version in the feed, as a single pour makes it).
 */
async function pourStretch(
  tx: Db,
  {
    tap,
    location,
    pending,
    hours,
    now,
    source,
    onCounted,
  }: {
    tap: Tap;
    location: Location;
    pending: Pending[];
    hours: Hours;
    now: Date;
    source: "meter" | "pos";
    onCounted: PourOptions["onCounted"];
  },
): Promise<Stretch> {
  const outcomes = new Map<number, PourOutcome>();
  // The one lock: the keg's row, held until commit, so pours on a keg queue here and each batch reads
  // the level the one before it left.
  const [keg] = await tx
    .select()
    .from(kegs)
    .where(and(eq(kegs.tapId, tap.id), isNull(kegs.endedAt)))
    .for("update");
  if (!keg) {
    for (const pour of pending) outcomes.set(pour.index, { status: "no_keg" });
    return { outcomes, taken: pending.length, tap };
  }
  // Under the lock every other pour of this tap has committed or waits: what it counted is seen here.
  const seen = new Map(
    (
      await countedRows(
        tx,
        tap.id,
        pending.map((pour) => pour.input.idempotency_key),
      )
    ).map((row) => [row.idempotencyKey, row]),
  );
  const from = rateFrom(keg.tappedAt, now);
  const [before] = await tx
    .select({ ml: sql<string>`coalesce(sum(${pours.volumeMl}), 0)` })
    .from(pours)
    .where(and(eq(pours.kegId, keg.id), gte(pours.at, from), lte(pours.at, now)));
  // In thousandths of a millilitre (the column's scale): whole numbers, so the count is exact.
  const forecast = forecaster({ from, now, hours });
  let left = thousandths(keg.remainingMl);
  let pouredMl = Number(before?.ml ?? 0);
  let after = keg;
  let kicked = false;
  let low = false;
  let taken = 0;
  const rows: (typeof pours.$inferInsert)[] = [];
  for (const pour of pending) {
    taken += 1;
    const first = seen.get(pour.input.idempotency_key);
    if (first) {
      outcomes.set(pour.index, { status: "repeated", answer: answerOf(first) });
      continue;
    }
    left = Math.max(left - thousandths(pour.volume), 0);
    const remaining = left / 1000;
    pouredMl += pour.at >= from && pour.at <= now ? pour.volume : 0;
    kicked = left === 0;
    low = after.lowAt === null && (remaining / Number(keg.sizeMl)) * 100 <= location.kegLowPercent;
    after = {
      ...after,
      remainingMl: remaining.toFixed(3),
      forecastEmptyAt: kicked ? null : forecast({ remainingMl: remaining, pouredMl }),
      lowAt: low ? now : after.lowAt,
      updatedAt: now,
    };
    const answered = kicked ? { ...after, kickedAt: now, endedAt: now } : after;
    rows.push({
      tapId: tap.id,
      kegId: keg.id,
      volumeMl: String(pour.volume),
      at: pour.at,
      idempotencyKey: pour.input.idempotency_key,
      source,
      answer: kegJson(answered),
    });
    if (kicked || low) break;
  }
  if (rows.length === 0) return { outcomes, taken, tap };
  const inserted = await tx
    .insert(pours)
    .values(rows)
    .onConflictDoNothing({ target: [pours.tapId, pours.idempotencyKey] })
    .returning();
  if (inserted.length < rows.length) throw new Repeated();
  const byKey = new Map(inserted.map((row) => [row.idempotencyKey, row]));
  for (const pour of pending.slice(0, taken)) {
    const row = byKey.get(pour.input.idempotency_key);
    if (!row) continue;
    if (onCounted) await onCounted(tx, row);
    outcomes.set(pour.index, { status: "created", answer: answerOf(row) });
  }
  await tx
    .update(kegs)
    .set({ remainingMl: after.remainingMl, forecastEmptyAt: after.forecastEmptyAt, lowAt: after.lowAt, updatedAt: now })
    .where(eq(kegs.id, keg.id));
  let next = tap;
  if (kicked) {
    const [locked] = await tx.select().from(taps).where(eq(taps.id, tap.id)).for("update");
    next = await kickInTransaction(tx, { tap: locked!, keg: after, now });
  }
  if (low) {
    const menuId = await menuOf(tx, keg.itemId ?? tap.itemId);
    const percent = Math.round((Number(after.remainingMl) / Number(keg.sizeMl)) * 100);
    if (menuId !== null) {
      const told = { menuId, type: "tap.keg_low" as const, summary: `Tap ${tap.number}: the keg is low (${percent}% left)` };
      await (kicked ? recordChange(tx, told) : recordTapVersion(tx, told));
    }
  }
  // Last: the kick's and the low keg's own changes name every change of this transaction first.
  await tellAfterHoursPours(tx, { tap, hours, pours: inserted.map((row) => ({ at: row.at, volumeMl: Number(row.volumeMl) })) });
  return { outcomes, taken, tap: next };
}

/**
 * Takes a pour back (a sale refunded or voided, pos.md §5) in the caller's transaction: the pour is
 * removed, so the forecast's rate and the pour report no longer count it, and its keg, while still in
 * service, gets the volume back (never over its size) and its forecast again at the rate without it. A
 * keg that was kicked or replaced meanwhile stays as it is: what was poured from it is gone, and the
 * kick and swap are not undone.
 */
export async function takeBackPourInTransaction(tx: Db, { pourId, hours, now }: { pourId: number; hours: Hours; now: Date }) {
  const [pour] = await tx.select().from(pours).where(eq(pours.id, pourId));
  if (!pour) return;
  const [keg] = await tx
    .select()
    .from(kegs)
    .where(and(eq(kegs.id, pour.kegId), isNull(kegs.endedAt)))
    .for("update");
  await tx.delete(pours).where(eq(pours.id, pourId));
  if (!keg) return;
  const back = Math.min(thousandths(keg.remainingMl) + thousandths(pour.volumeMl), thousandths(keg.sizeMl));
  const from = rateFrom(keg.tappedAt, now);
  const [left] = await tx
    .select({ ml: sql<string>`coalesce(sum(${pours.volumeMl}), 0)` })
    .from(pours)
    .where(and(eq(pours.kegId, keg.id), gte(pours.at, from), lte(pours.at, now)));
  const forecast = forecastEmptyAt({ remainingMl: back / 1000, from, pouredMl: Number(left?.ml ?? 0), now, hours });
  await tx
    .update(kegs)
    .set({ remainingMl: (back / 1000).toFixed(3), forecastEmptyAt: forecast, updatedAt: now })
    .where(eq(kegs.id, keg.id));
}

async function menuOf(tx: Db, itemId: number | null): Promise<number | null> {
  if (itemId === null) return null;
  const result = (await tx.execute(
    sql`select s.menu_id from items i join sections s on s.id = i.section_id where i.id = ${itemId}`,
  )) as unknown as {
    rows: { menu_id: number }[];
  };
  return result.rows[0] ? Number(result.rows[0].menu_id) : null;
}

/** POST /taps/:id/pours. */
export async function pourOnTapById(
  db: Db,
  { businessId, id, input, now = new Date() }: { businessId: number; id: number; input: PourInput; now?: Date },
) {
  const { tap, location } = await getTap(db, { businessId, id });
  return pourOnTap(db, { tap, location, input, hours: await hoursOf(db, location, now), now });
}
