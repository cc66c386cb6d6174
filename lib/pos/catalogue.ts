import { createHash } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containers, items, locations, posMappings } from "@/lib/db/schema";
import type { PosConnection } from "./connections";
import { minorOf } from "./matching";
import { candidatesOf } from "./sync";
import type { CatalogueWrite, CatalogueWritten, PosCredentials, PosProvider, PosVariation } from "./provider";

// Taproom's catalogue to the POS (pos.md §2, §4: `taproom_to_pos`, decision 102). Taproom owns an item's
// name and its containers' sizes and prices; the POS keeps everything else. What a matched item should
// read at the POS is built here from Taproom's rows and the connection's matches; the provider reads the
// POS's objects as they are now and writes only what differs. An item with no match of any kind is
// created at the POS, a matched item's unmatched container as a new size of its POS item, and what the
// POS answers for them is stored as matched (the sync made them, so no person confirms). An item with
// only suggested or unmatched rows is left for a person to match.

type Mapping = typeof posMappings.$inferSelect;
type Wanted = {
  itemId: number;
  name: string;
  soldOut: boolean;
  sizes: { containerId: number; sizeName: string | null; priceMinor: number }[];
};

/** The location's items (or the named ones) as Taproom has them: name, 86, and each container's size and price. */
async function taproomItems(db: Db, locationId: number, itemIds: number[] | null, now: Date): Promise<Map<number, Wanted>> {
  const rows = await candidatesOf(db, locationId, itemIds);
  const ids = [...new Set(rows.map((row) => row.itemId))];
  const out = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: items.id })
            .from(items)
            .where(
              and(
                inArray(items.id, ids),
                isNotNull(items.eightySixedAt),
                or(isNull(items.eightySixedUntil), gt(items.eightySixedUntil, now)),
              ),
            )
        ).map((row) => row.id),
  );
  const wanted = new Map<number, Wanted>();
  for (const row of rows) {
    const item = wanted.get(row.itemId) ?? { itemId: row.itemId, name: row.name, soldOut: out.has(row.itemId), sizes: [] };
    item.sizes.push({ containerId: row.containerId, sizeName: row.sizeName, priceMinor: minorOf(row.price) });
    wanted.set(row.itemId, item);
  }
  return wanted;
}

/**
 * What the POS should say of the location's items (or the named ones), one write a POS item: matched
 * sizes with Taproom's name and price, unmatched containers of a matched item as new sizes, items with
 * no match at all as new items. A POS item two Taproom items are matched to is written once, both
 * items' sizes in it, and keeps the POS's name (neither item's is the whole truth).
 */
export async function catalogueWanted(
  db: Db,
  connection: PosConnection,
  itemIds: number[] | null = null,
  now = new Date(),
): Promise<CatalogueWrite[]> {
  if (itemIds?.length === 0) return [];
  const [location] = await db.select({ currency: locations.currency }).from(locations).where(eq(locations.id, connection.locationId));
  const currency = (location?.currency ?? "USD").toUpperCase();
  const wanted = await taproomItems(db, connection.locationId, itemIds, now);
  const mappings = await db.select().from(posMappings).where(eq(posMappings.connectionId, connection.id));
  const byItem = new Map<number, Mapping[]>();
  const mappedContainers = new Set<number>();
  /** Per POS item: the Taproom items matched to it, and the variations a person or the sync has spoken for. */
  const owners = new Map<string, Set<number>>();
  const reserved = new Map<string, string[]>();
  for (const row of mappings) {
    if (row.containerId !== null) mappedContainers.add(row.containerId);
    if (row.status !== "unmatched" && row.itemId !== null)
      reserved.set(row.posItemId, [...(reserved.get(row.posItemId) ?? []), row.posVariationId]);
    if (row.itemId === null) continue;
    if (row.status === "matched") owners.set(row.posItemId, (owners.get(row.posItemId) ?? new Set()).add(row.itemId));
    byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), row]);
  }
  const perPosItem = new Map<string, CatalogueWrite>();
  const writes: CatalogueWrite[] = [];
  for (const item of wanted.values()) {
    const rows = byItem.get(item.itemId) ?? [];
    const matched = rows.filter((row) => row.status === "matched" && row.containerId !== null);
    if (rows.length > 0 && matched.length === 0) continue; // suggested or unmatched only: a person matches it first
    const sizeOf = new Map(item.sizes.map((size) => [size.containerId, size]));
    const fresh: CatalogueWrite = { posItemId: null, ref: `i${item.itemId}`, name: item.name, variations: [], reserved: [] };
    const writeFor = (posItemId: string | null) => {
      if (posItemId === null) return fresh;
      const shared = (owners.get(posItemId)?.size ?? 0) > 1;
      const write = perPosItem.get(posItemId) ?? {
        posItemId,
        ref: `i${item.itemId}`,
        name: shared ? null : item.name,
        variations: [],
        reserved: reserved.get(posItemId) ?? [],
      };
      perPosItem.set(posItemId, write);
      return write;
    };
    const sizeWrite = (size: Wanted["sizes"][number], posVariationId: string | null) => ({
      posVariationId,
      ref: `c${size.containerId}`,
      name: size.sizeName,
      priceMinor: size.priceMinor,
      currency,
      soldOut: item.soldOut,
    });
    for (const row of matched) {
      const size = sizeOf.get(row.containerId!);
      if (size) writeFor(row.posItemId).variations.push(sizeWrite(size, row.posVariationId));
    }
    // Containers no row names become sizes of the item's (first) POS item, or of a new item.
    const home = matched[0]?.posItemId ?? null;
    for (const size of item.sizes) if (!mappedContainers.has(size.containerId)) writeFor(home).variations.push(sizeWrite(size, null));
    if (fresh.variations.length > 0) writes.push(fresh);
  }
  return [...writes, ...perPosItem.values()];
}

/**
 * The writes whose POS side, as a whole read just said (`seen`), differs from Taproom's: the drift. A
 * size or item not yet at the POS is drift too.
 */
export function catalogueDrift(writes: CatalogueWrite[], seen: PosVariation[]): CatalogueWrite[] {
  const byId = new Map(seen.map((variation) => [variation.posVariationId, variation]));
  return writes.filter((write) =>
    write.variations.some((wanted) => {
      const there = wanted.posVariationId === null ? undefined : byId.get(wanted.posVariationId);
      if (wanted.posVariationId === null) return true;
      if (!there) return false; // gone at the POS: the whole pass removed its mapping
      return (
        (write.name !== null && there.name !== write.name) ||
        (wanted.name !== null && there.variationName !== wanted.name) ||
        there.priceMinor !== wanted.priceMinor
      );
    }),
  );
}

/** Counts a set of writes as the sync's report does: sizes created, and sizes or names corrected. */
export const countWrites = (writes: CatalogueWrite[]) => ({
  created: writes.reduce((sum, write) => sum + write.variations.filter((variation) => variation.posVariationId === null).length, 0),
  updated: writes.reduce((sum, write) => sum + write.variations.filter((variation) => variation.posVariationId !== null).length, 0),
});

/**
 * Sends the writes to the POS and stores what it created as matched: the POS's ids from its answer (Square's
 * id_mappings). A created size may already be in the mappings (the POS's own webhook for the write came
 * back first and suggested it): it is matched to its container all the same.
 */
export async function writeCatalogue(
  db: Db,
  {
    connection,
    provider,
    credentials,
    writes,
    idempotencyKey,
    now = new Date(),
  }: {
    connection: PosConnection;
    provider: PosProvider;
    credentials: PosCredentials;
    writes: CatalogueWrite[];
    idempotencyKey: string;
    now?: Date;
  },
): Promise<CatalogueWritten> {
  if (writes.length === 0) return { created: {}, changed: 0 };
  const written = await provider.writeCatalogue(credentials, writes, idempotencyKey);
  const refs = writes.flatMap((write) => write.variations.map((variation) => Number(variation.ref.slice(1))));
  const itemOf = new Map(
    (await db.select({ id: containers.id, itemId: containers.itemId }).from(containers).where(inArray(containers.id, refs))).map((row) => [
      row.id,
      row.itemId,
    ]),
  );
  const rows = writes.flatMap((write) => {
    const posItemId = write.posItemId ?? written.created[write.ref];
    if (!posItemId) return [];
    return write.variations.flatMap((variation) => {
      const posVariationId = variation.posVariationId ?? written.created[variation.ref];
      const itemId = itemOf.get(Number(variation.ref.slice(1)));
      // A container deleted while the write was under way has nothing to match (its removal is owed).
      if (variation.posVariationId !== null || !posVariationId || itemId === undefined) return [];
      return [
        {
          connectionId: connection.id,
          posVariationId,
          posItemId,
          posName: (write.name ?? "").slice(0, 200),
          posVariationName: (variation.name ?? "").slice(0, 200),
          posPriceMinor: variation.priceMinor,
          itemId,
          containerId: Number(variation.ref.slice(1)),
          status: "matched" as const,
          updatedAt: now,
        },
      ];
    });
  });
  if (rows.length > 0)
    await db
      .insert(posMappings)
      .values(rows)
      .onConflictDoUpdate({
        target: [posMappings.connectionId, posMappings.posVariationId],
        set: {
          posItemId: sql`excluded.pos_item_id`,
          itemId: sql`excluded.item_id`,
          containerId: sql`excluded.container_id`,
          status: "matched",
          updatedAt: now,
        },
      });
  return written;
}

/**
 * The reconciliation's half in `taproom_to_pos`: the POS's drift from Taproom, as the whole read `seen`
 * shows it, counted (a dry run stops there) and written back. The key is the drift's own: a pass
 * repeated after a lost answer creates nothing twice. A POS that fails throws (PosCallFailed).
 */
export async function correctDrift(
  db: Db,
  {
    connection,
    provider,
    credentials,
    seen,
    dryRun,
    now = new Date(),
  }: { connection: PosConnection; provider: PosProvider; credentials: PosCredentials; seen: PosVariation[]; dryRun: boolean; now?: Date },
): Promise<{ created: number; updated: number }> {
  const drift = catalogueDrift(await catalogueWanted(db, connection, null, now), seen);
  if (!dryRun && drift.length > 0) {
    const digest = createHash("sha256").update(JSON.stringify(drift)).digest("hex").slice(0, 24);
    await writeCatalogue(db, {
      connection,
      provider,
      credentials,
      writes: drift,
      idempotencyKey: `taproom-sync-${connection.id}-${digest}`,
      now,
    });
  }
  return countWrites(drift);
}
