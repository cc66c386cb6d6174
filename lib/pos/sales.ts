import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, kegs, locations, posMappings, posSales, pours, tapSensors, taps } from "@/lib/db/schema";
import { retryConflicts } from "@/lib/taps/kick";
import { hoursOf, NoKeg, pourOnTap, takeBackPourInTransaction } from "@/lib/taps/pours";
import { ML_PER_OZ } from "@/lib/taps/schemas";
import type { PosConnection } from "./connections";
import type { PosOrder } from "./provider";

// Sales become pours (pos.md §5, decision 090): an order paid at the POS counts, for each line of a
// matched variation whose item is on a tap, the container size's volume × quantity on that tap's keg,
// through the same pour path the meters use (lib/taps/pours.ts), so the level, the forecast, the low
// keg, the kick, the 86 and the on-deck swap follow without a meter. Each line counts once, by the
// unique (connection, order, line uid) of `pos_sales`, written in the pour's own transaction; a refund
// or a void takes the order's counted lines back once. A tap with a meter keeps the meter's level: the
// sale is kept beside it as `sold_ml` for the pour variance and moves nothing.

/** Thrown inside the pour's transaction when the line was counted meanwhile: the pour rolls back. */
class AlreadyCounted extends Error {}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The key the sale's pour is counted under at its tap (the pours' unique (tap, key) index). */
export const saleKey = (connectionId: number, orderId: string, lineUid: string) => `pos:${connectionId}:${orderId}:${lineUid}`;

type Counted = { counted: number; returned: number };

/** Applies the order as the POS says it is now: paid counts its lines, refunded or voided takes them back. */
export async function applyOrder(db: Db, connection: PosConnection, order: PosOrder, now = new Date()): Promise<Counted> {
  if (order.state === "canceled" || order.refunded) return { counted: 0, returned: await takeBackOrder(db, connection, order.id, now) };
  if (order.state === "completed") return { counted: await countOrder(db, connection, order, now), returned: 0 };
  return { counted: 0, returned: 0 };
}

async function countOrder(db: Db, connection: PosConnection, order: PosOrder, now: Date): Promise<number> {
  const variationIds = [...new Set(order.lines.flatMap((line) => (line.variationId ? [line.variationId] : [])))];
  if (variationIds.length === 0) return 0;
  // The matched sizes the order names, with the volume of each (a container without a size pours nothing known).
  const matched = await db
    .select({ variationId: posMappings.posVariationId, itemId: posMappings.itemId, ounces: containerSizes.ounces })
    .from(posMappings)
    .innerJoin(containers, eq(containers.id, posMappings.containerId))
    .innerJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
    .where(
      and(
        eq(posMappings.connectionId, connection.id),
        eq(posMappings.status, "matched"),
        inArray(posMappings.posVariationId, variationIds),
      ),
    );
  const byVariation = new Map(matched.map((row) => [row.variationId, row]));
  const itemIds = [...new Set(matched.flatMap((row) => (row.itemId === null ? [] : [row.itemId])))];
  if (itemIds.length === 0) return 0;
  // The taps pouring those items now, with a keg in service; an item on two taps is sold from the lower number.
  const tapped = await db
    .select({ tap: taps, kegId: kegs.id })
    .from(taps)
    .innerJoin(kegs, and(eq(kegs.tapId, taps.id), isNull(kegs.endedAt)))
    .where(and(eq(taps.locationId, connection.locationId), inArray(taps.itemId, itemIds)))
    .orderBy(asc(taps.number));
  const tapOf = new Map<number, (typeof tapped)[number]>();
  for (const row of tapped) if (!tapOf.has(row.tap.itemId!)) tapOf.set(row.tap.itemId!, row);
  if (tapOf.size === 0) return 0;
  const metered = await meteredTaps(db, [...tapOf.values()]);
  const [location] = await db.select().from(locations).where(eq(locations.id, connection.locationId));
  const hours = await hoursOf(db, location!, now);
  // When the order was paid, as the POS says (never ahead of this clock), so a late webhook counts on its day.
  const at = order.closedAt && order.closedAt < now ? order.closedAt : now;
  let counted = 0;
  for (const line of order.lines) {
    const mapping = line.variationId ? byVariation.get(line.variationId) : undefined;
    const here = mapping?.itemId ? tapOf.get(mapping.itemId) : undefined;
    if (!mapping || !here || !(line.quantity > 0)) continue;
    const volume = round3(Number(mapping.ounces) * ML_PER_OZ * line.quantity);
    if (!(volume > 0)) continue;
    const sale = {
      connectionId: connection.id,
      orderId: order.id,
      lineUid: line.uid,
      tapId: here.tap.id,
      itemId: mapping.itemId,
      volumeMl: volume.toFixed(3),
      saleMinor: line.totalMinor,
      soldAt: at,
    };
    const [seen] = await db
      .select({ id: posSales.id })
      .from(posSales)
      .where(and(eq(posSales.connectionId, connection.id), eq(posSales.orderId, order.id), eq(posSales.lineUid, line.uid)));
    if (seen) continue;
    if (metered.has(here.tap.id)) {
      const [kept] = await db
        .insert(posSales)
        .values({ ...sale, kegId: here.kegId })
        .onConflictDoNothing()
        .returning({ id: posSales.id });
      if (kept) counted++;
      continue;
    }
    try {
      const { repeated } = await pourOnTap(db, {
        tap: here.tap,
        location: location!,
        input: { volume, unit: "ml", at: at.toISOString(), idempotency_key: saleKey(connection.id, order.id, line.uid) },
        hours,
        now,
        source: "pos",
        onCounted: async (tx, pour) => {
          const [kept] = await tx
            .insert(posSales)
            .values({ ...sale, kegId: pour.kegId, pourId: pour.id })
            .onConflictDoNothing()
            .returning({ id: posSales.id });
          if (!kept) throw new AlreadyCounted();
        },
      });
      if (!repeated) counted++;
    } catch (error) {
      // Counted meanwhile (another instance, a repeat racing this one), or the keg ran out under it.
      if (!(error instanceof AlreadyCounted) && !(error instanceof NoKeg)) throw error;
    }
  }
  return counted;
}

/**
 * The taps whose level a meter keeps: a sensor is paired to it, or its keg in service has a metered
 * pour. A sale there is kept as sold, not poured a second time.
 */
async function meteredTaps(db: Db, rows: { tap: { id: number }; kegId: number }[]): Promise<Set<number>> {
  const tapIds = rows.map((row) => row.tap.id);
  const sensed = await db.select({ tapId: tapSensors.tapId }).from(tapSensors).where(inArray(tapSensors.tapId, tapIds));
  const poured = await db
    .selectDistinct({ tapId: pours.tapId })
    .from(pours)
    .where(
      and(
        inArray(
          pours.kegId,
          rows.map((row) => row.kegId),
        ),
        eq(pours.source, "meter"),
      ),
    );
  return new Set([...sensed, ...poured].map((row) => row.tapId));
}

/** Takes back every line of the order still counted, once: the marks and the kegs' volumes in one transaction. */
async function takeBackOrder(db: Db, connection: PosConnection, orderId: string, now: Date): Promise<number> {
  const [location] = await db.select().from(locations).where(eq(locations.id, connection.locationId));
  const hours = await hoursOf(db, location!, now);
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      const returned = await tx
        .update(posSales)
        .set({ returnedAt: now })
        .where(and(eq(posSales.connectionId, connection.id), eq(posSales.orderId, orderId), isNull(posSales.returnedAt)))
        .returning({ pourId: posSales.pourId });
      for (const sale of returned) if (sale.pourId !== null) await takeBackPourInTransaction(tx, { pourId: sale.pourId, hours, now });
      return returned.length;
    }),
  );
}
