import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, menus, posConnections, posMappings, posOutbox, sections } from "@/lib/db/schema";
import { eightySixInTransaction, restoreInTransaction } from "@/lib/menus/eighty-six";
import { inForce } from "@/lib/menus/in-force";
import { fromPos, recordPosChange } from "./changes";
import type { PosConnection } from "./connections";
import { type Candidate, decimalOf, minorOf, suggest } from "./matching";
import type { PosVariation } from "./provider";
import type { SyncReport } from "./schemas";

// Bringing a location in line with its POS (pos.md §3–4): the POS's variations (read whole, or the few
// a webhook named) become the connection's mappings (new ones suggested by name and size); then, in one
// transaction, each matched container takes the POS's price (unless Taproom is the source) and each
// matched item is 86'd (reason `pos`) when every matched size is sold out, or restored when one is back.
// A dry run is the same walk rolled back. Nothing here is sent back to the POS: no echo.

class DryRun extends Error {
  constructor(readonly report: SyncReport) {
    super("dry run");
  }
}

/**
 * The location's containers (or the named items'), each with its item's name and brewery, its size and
 * price: for suggestions, checks, and what Taproom writes to the POS (lib/pos/catalogue.ts).
 */
export async function candidatesOf(db: Db, locationId: number, itemIds: number[] | null = null): Promise<Candidate[]> {
  const rows = await db
    .select({
      itemId: items.id,
      containerId: containers.id,
      name: sql<string>`coalesce(${items.customName}, ${items.originalName})`,
      brewery: sql<string | null>`coalesce(${items.customBrewery}, ${items.originalBrewery})`,
      sizeName: sql<string | null>`coalesce(${containers.name}, ${containerSizes.name})`,
      ounces: containerSizes.ounces,
      price: containers.price,
    })
    .from(containers)
    .innerJoin(items, eq(items.id, containers.itemId))
    .innerJoin(sections, eq(sections.id, items.sectionId))
    .innerJoin(menus, eq(menus.id, sections.menuId))
    .leftJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
    .where(and(eq(menus.locationId, locationId), itemIds === null ? undefined : inArray(items.id, itemIds)))
    .orderBy(items.id, containers.position, containers.id);
  return rows.map((row) => ({ ...row, ounces: row.ounces === null ? null : Number(row.ounces) }));
}

/** A report of nothing done yet; `errors` start the list (a POS that failed says why). */
export const emptyReport = (dryRun: boolean, errors: SyncReport["errors"] = []): SyncReport => ({
  dry_run: dryRun,
  created: 0,
  updated: 0,
  removed: 0,
  eighty_sixed: 0,
  restored: 0,
  errors,
});

/**
 * Applies what the POS says now. `whole`: the variations are the whole catalogue (mappings of variations
 * no longer there are removed); otherwise only the named ones are refreshed.
 */
export async function applyPosState(
  db: Db,
  {
    connection,
    variations,
    whole,
    dryRun = false,
    now = new Date(),
  }: { connection: PosConnection; variations: PosVariation[]; whole: boolean; dryRun?: boolean; now?: Date },
): Promise<SyncReport> {
  const report = emptyReport(dryRun);
  // The location's containers, read only when a variation is new (a webhook's few seldom are).
  let candidates: Candidate[] | null = null;
  const perItem = new Map<string, number>();
  for (const variation of variations) perItem.set(variation.posItemId, (perItem.get(variation.posItemId) ?? 0) + 1);
  try {
    await db.transaction(async (tx) => {
      // The connection's row, locked: a disconnect meanwhile ends the pass with nothing applied; two passes take turns.
      const [live] = await tx.select().from(posConnections).where(eq(posConnections.id, connection.id)).for("update");
      if (live?.status !== "connected") return;
      await fromPos(tx, connection.id);
      // A whole pass reads every mapping; a webhook's pass the ones it names.
      const named = variations.map((variation) => variation.posVariationId);
      const mappingRows = whole
        ? await tx.select().from(posMappings).where(eq(posMappings.connectionId, connection.id))
        : named.length === 0
          ? []
          : await tx
              .select()
              .from(posMappings)
              .where(and(eq(posMappings.connectionId, connection.id), inArray(posMappings.posVariationId, named)));
      const existing = new Map(mappingRows.map((row) => [row.posVariationId, row]));
      const touchedItems = new Set<number>();
      // Statements in proportion to what changed, not to the catalogue (a whole pass over 2,000
      // variations otherwise holds the embedded database for seconds): the matched containers' prices in
      // one read, a mapping written only when the POS says something new of it.
      const matchedContainers = [...existing.values()].flatMap((row) =>
        row.status === "matched" && row.containerId !== null ? [row.containerId] : [],
      );
      const prices = new Map<number, string>();
      for (let start = 0; start < matchedContainers.length; start += 1000) {
        const rows = await tx
          .select({ id: containers.id, price: containers.price })
          .from(containers)
          .where(inArray(containers.id, matchedContainers.slice(start, start + 1000)));
        for (const row of rows) prices.set(row.id, row.price);
      }
      const soldOutNow = new Map<string, boolean>();
      for (const variation of variations) {
        const before = existing.get(variation.posVariationId);
        soldOutNow.set(variation.posVariationId, variation.soldOut);
        const values = {
          posItemId: variation.posItemId,
          posName: variation.name.slice(0, 200),
          posVariationName: variation.variationName.slice(0, 200),
          posPriceMinor: variation.priceMinor,
          soldOut: variation.soldOut,
          updatedAt: now,
        };
        if (!before) {
          candidates ??= await candidatesOf(tx as unknown as Db, connection.locationId);
          const suggestion = suggest(variation.name, variation.variationName, perItem.get(variation.posItemId) ?? 1, candidates);
          await tx.insert(posMappings).values({
            connectionId: connection.id,
            posVariationId: variation.posVariationId,
            ...values,
            itemId: suggestion?.itemId ?? null,
            containerId: suggestion?.containerId ?? null,
            status: suggestion ? "suggested" : "unmatched",
          });
          report.created += 1;
          continue;
        }
        const changed =
          before.posItemId !== values.posItemId ||
          before.posName !== values.posName ||
          before.posVariationName !== values.posVariationName ||
          before.posPriceMinor !== values.posPriceMinor ||
          before.soldOut !== values.soldOut;
        if (changed)
          await tx
            .update(posMappings)
            .set(values)
            .where(and(eq(posMappings.connectionId, connection.id), eq(posMappings.posVariationId, variation.posVariationId)));
        if (before.status !== "matched" || before.itemId === null) continue;
        if (before.soldOut !== variation.soldOut || whole) touchedItems.add(before.itemId);
        // Prices follow the POS unless Taproom is their source.
        if (live.direction !== "taproom_to_pos" && before.containerId !== null && variation.priceMinor !== null) {
          const price = prices.get(before.containerId);
          if (price !== undefined && minorOf(price) !== variation.priceMinor) {
            await recordPosChange(tx, { type: "pos.synced", provider: connection.provider });
            await tx
              .update(containers)
              .set({ price: decimalOf(variation.priceMinor), updatedAt: now })
              .where(eq(containers.id, before.containerId));
            prices.set(before.containerId, decimalOf(variation.priceMinor));
            report.updated += 1;
          }
        }
      }
      const seen = new Set(variations.map((variation) => variation.posVariationId));
      if (whole) {
        const gone = [...existing.keys()].filter((id) => !seen.has(id));
        if (gone.length) {
          await tx.delete(posMappings).where(and(eq(posMappings.connectionId, connection.id), inArray(posMappings.posVariationId, gone)));
          report.removed += gone.length;
        }
      }
      // Each item's matched sizes as they stand now: what this pass said of them, else what was kept
      // (a whole pass has removed the ones it did not see; a webhook's pass reads the touched items' others).
      const sizesOf = new Map<number, boolean[]>();
      const sizeRows =
        whole || touchedItems.size === 0
          ? [...existing.values()]
          : await tx
              .select()
              .from(posMappings)
              .where(
                and(
                  eq(posMappings.connectionId, connection.id),
                  eq(posMappings.status, "matched"),
                  inArray(posMappings.itemId, [...touchedItems]),
                ),
              );
      for (const row of sizeRows) {
        if (row.status !== "matched" || row.itemId === null) continue;
        if (whole && !seen.has(row.posVariationId)) continue;
        const list = sizesOf.get(row.itemId) ?? [];
        list.push(soldOutNow.get(row.posVariationId) ?? row.soldOut);
        sizesOf.set(row.itemId, list);
      }
      // Sold out both ways: an item is 86'd when every matched size is sold out at the POS. An item whose
      // 86 or restore in Taproom is still owed to this POS (lib/pos/outbound.ts) is Taproom's word until
      // it is sent: the POS's older state must not undo it.
      const owed = new Set(
        (
          await tx
            .select({ itemId: posOutbox.itemId })
            .from(posOutbox)
            .where(and(eq(posOutbox.connectionId, connection.id), eq(posOutbox.kind, "sold_out"), isNull(posOutbox.doneAt)))
        ).map((row) => row.itemId),
      );
      const deciding = [...touchedItems].filter((itemId) => !owed.has(itemId) && (sizesOf.get(itemId)?.length ?? 0) > 0);
      const itemRows = new Map<number, typeof items.$inferSelect>();
      for (let start = 0; start < deciding.length; start += 1000) {
        for (const row of await tx
          .select()
          .from(items)
          .where(inArray(items.id, deciding.slice(start, start + 1000))))
          itemRows.set(row.id, row);
      }
      for (const itemId of deciding) {
        const soldOut = sizesOf.get(itemId)!.every(Boolean);
        const item = itemRows.get(itemId);
        if (!item) continue;
        const eightySixed = inForce({ set: item.eightySixedAt !== null, until: item.eightySixedUntil?.toISOString() ?? null }, now);
        if (soldOut && !eightySixed) {
          await recordPosChange(tx, { type: "item.86d", provider: connection.provider });
          await eightySixInTransaction(tx as unknown as Db, itemId, now, "pos");
          report.eighty_sixed += 1;
        } else if (!soldOut && eightySixed && item.eightySixedReason === "pos") {
          await recordPosChange(tx, { type: "item.restored", provider: connection.provider });
          if (await restoreInTransaction(tx as unknown as Db, itemId, now)) report.restored += 1;
        }
      }
      if (whole)
        await tx
          .update(posConnections)
          .set({ lastSyncAt: now, lastError: null, updatedAt: now })
          .where(eq(posConnections.id, connection.id));
      if (dryRun) throw new DryRun(report);
    });
  } catch (error) {
    if (error instanceof DryRun) return error.report;
    throw error;
  }
  return report;
}
