import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { kegs, type locations, pours, taps } from "@/lib/db/schema";
import { listHours } from "@/lib/hours/hours";
import { listSpecialHours } from "@/lib/hours/special";
import { ApiError, invalid } from "@/lib/server/errors";
import { recordChange } from "@/lib/live/changes";
import { recordTapVersion } from "./changes";
import { forecastEmptyAt, type Hours, rateFrom } from "./forecast";
import { kickInTransaction, retryConflicts } from "./kick";
import { tellAfterHoursPour } from "./sensors/lines";
import { ML_PER_OZ, type PourAnswer, type PourInput } from "./schemas";
import { getTap, kegJson } from "./taps";

// Pours (venue-operations §8): each one lowers its keg by one atomic UPDATE under the keg's row lock, so
// any number of pours at once, from any number of instances, are each counted exactly once; the
// (tap, idempotency key) unique index makes a retry count once and answer what the first answered.
// In the same transaction: the forecast, `tap.keg_low` once per keg, and at zero the kick and swap.

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

async function earlier(db: Db, tapId: number, key: string) {
  const [row] = await db
    .select()
    .from(pours)
    .where(and(eq(pours.tapId, tapId), eq(pours.idempotencyKey, key)));
  return row ? answerOf(row) : null;
}

/** The location's hours as the forecast counts them (read once per pour or batch, outside the lock). */
export async function hoursOf(db: Db, location: Location, now: Date): Promise<Hours> {
  const [week, special] = await Promise.all([listHours(db, { locationId: location.id }), listSpecialHours(db, location, now)]);
  return { hours: week, special, zone: location.timeZone };
}

/** Thrown inside the transaction when the key was counted meanwhile: the transaction rolls back. */
class Repeated extends Error {}

export type PourResult = { answer: PourAnswer; repeated: boolean };

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
   * rolls the pour back.
   */
  onCounted?: (tx: Db, pour: PourRow) => Promise<void>;
};

/** One pour on `tap` (of `location`), `hours` read by the caller. */
export async function pourOnTap(
  db: Db,
  { tap, location, input, hours, now = new Date(), source = "meter", onCounted }: PourOptions,
): Promise<PourResult> {
  const at = input.at ? new Date(input.at) : now;
  if (at.getTime() > now.getTime() + SKEW_MS) throw invalid([{ path: "at", message: "is in the future" }]);
  const volume = volumeInMl(input);
  const first = await earlier(db, tap.id, input.idempotency_key);
  if (first) return { answer: first, repeated: true };
  try {
    const answer = await retryConflicts(() =>
      db.transaction(async (tx) => {
        // The one lock: the keg's row, held until commit, so pours on a keg queue here and each reads
        // the level the one before it left. Four statements while it is held.
        const [keg] = await tx
          .select()
          .from(kegs)
          .where(and(eq(kegs.tapId, tap.id), isNull(kegs.endedAt)))
          .for("update");
        if (!keg) throw new NoKeg(tap.number);
        // In thousandths of a millilitre (the column's scale): whole numbers, so the count is exact.
        const left = Math.max(thousandths(keg.remainingMl) - thousandths(volume), 0);
        const remaining = left / 1000;
        const from = rateFrom(keg.tappedAt, now);
        const [before] = await tx
          .select({ ml: sql<string>`coalesce(sum(${pours.volumeMl}), 0)` })
          .from(pours)
          .where(and(eq(pours.kegId, keg.id), gte(pours.at, from), lte(pours.at, now)));
        const pouredMl = Number(before?.ml ?? 0) + (at >= from && at <= now ? volume : 0);
        const kicked = left === 0;
        const low = keg.lowAt === null && (remaining / Number(keg.sizeMl)) * 100 <= location.kegLowPercent;
        const after = {
          ...keg,
          remainingMl: (left / 1000).toFixed(3),
          forecastEmptyAt: kicked ? null : forecastEmptyAt({ remainingMl: remaining, from, pouredMl, now, hours }),
          lowAt: low ? now : keg.lowAt,
          updatedAt: now,
        };
        const answered = kicked ? { ...after, kickedAt: now, endedAt: now } : after;
        const [inserted] = await tx
          .insert(pours)
          .values({
            tapId: tap.id,
            kegId: keg.id,
            volumeMl: String(volume),
            at,
            idempotencyKey: input.idempotency_key,
            source,
            answer: kegJson(answered),
          })
          .onConflictDoNothing({ target: [pours.tapId, pours.idempotencyKey] })
          .returning();
        if (!inserted) throw new Repeated();
        if (onCounted) await onCounted(tx, inserted);
        await tx
          .update(kegs)
          .set({ remainingMl: after.remainingMl, forecastEmptyAt: after.forecastEmptyAt, lowAt: after.lowAt, updatedAt: now })
          .where(eq(kegs.id, keg.id));
        if (kicked) {
          const [locked] = await tx.select().from(taps).where(eq(taps.id, tap.id)).for("update");
          await kickInTransaction(tx, { tap: locked!, keg: after, now });
        }
        if (low) {
          const menuId = await menuOf(tx, keg.itemId ?? tap.itemId);
          const percent = Math.round((remaining / Number(keg.sizeMl)) * 100);
          if (menuId !== null) {
            const told = { menuId, type: "tap.keg_low" as const, summary: `Tap ${tap.number}: the keg is low (${percent}% left)` };
            await (kicked ? recordChange(tx, told) : recordTapVersion(tx, told));
          }
        }
        // Last: the kick's and the low keg's own changes name every change of this transaction first.
        await tellAfterHoursPour(tx, { tap, hours, at, volumeMl: volume });
        return answerOf(inserted);
      }),
    );
    return { answer, repeated: false };
  } catch (error) {
    if (!(error instanceof Repeated)) throw error;
    return { answer: (await earlier(db, tap.id, input.idempotency_key))!, repeated: true };
  }
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
