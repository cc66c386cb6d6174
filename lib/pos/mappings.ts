import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { items, posMappings, posOutbox } from "@/lib/db/schema";
import { invalid, type FieldError } from "@/lib/server/errors";
import type { Scope } from "@/lib/server/scope";
import { getConnection } from "./connections";
import { decimalOf } from "./matching";
import { candidatesOf } from "./sync";
import type { putMappingsBody } from "./schemas";
import type { z } from "zod";

// GET|PUT /pos_connections/:id/mappings (pos.md §3): the POS's variations beside the location's
// containers, matched, suggested or unmatched. PUT replaces the confirmed set in one batch: each row
// names a variation of this connection and a container of this location (422 naming `mappings[i]`,
// nothing changed); variations it leaves out stop being matched. An item newly matched that Taproom
// has 86'd (by hand or a kicked keg, before the match existed) is owed to the till as sold out, as the
// 86 itself would have been (decision 089's outbox), unless the till already says so.

type Row = typeof posMappings.$inferSelect;

const mappingJson = (row: Row) => ({
  pos_item_id: row.posItemId,
  pos_variation_id: row.posVariationId,
  pos_name: row.posName,
  pos_variation_name: row.posVariationName,
  pos_price: row.posPriceMinor === null ? null : decimalOf(row.posPriceMinor),
  sold_out: row.soldOut,
  item_id: row.itemId,
  container_id: row.containerId,
  status: row.status,
});

export async function listMappings(db: Db, scope: Scope) {
  const { connection } = await getConnection(db, scope);
  const rows = await db
    .select()
    .from(posMappings)
    .where(eq(posMappings.connectionId, connection.id))
    .orderBy(posMappings.posName, posMappings.posVariationName);
  return { mappings: rows.map(mappingJson) };
}

export async function replaceMappings(db: Db, scope: Scope, input: z.infer<typeof putMappingsBody>, now = new Date()) {
  const { connection } = await getConnection(db, scope);
  const containersHere = new Map((await candidatesOf(db, connection.locationId)).map((candidate) => [candidate.containerId, candidate]));
  const known = new Set(
    (await db.select({ id: posMappings.posVariationId }).from(posMappings).where(eq(posMappings.connectionId, connection.id))).map(
      (row) => row.id,
    ),
  );
  const errors: FieldError[] = [];
  const seenVariations = new Set<string>();
  const seenContainers = new Set<number>();
  for (const [index, row] of input.mappings.entries()) {
    const path = `mappings[${index}]`;
    const container = containersHere.get(row.container_id);
    if (!known.has(row.pos_variation_id))
      errors.push({ path: `${path}.pos_variation_id`, message: "is not a variation of this connection's POS" });
    else if (seenVariations.has(row.pos_variation_id)) errors.push({ path: `${path}.pos_variation_id`, message: "is named twice" });
    if (!container) errors.push({ path: `${path}.container_id`, message: "is not a container of this location" });
    else if (container.itemId !== row.item_id) errors.push({ path: `${path}.item_id`, message: "is not the container's item" });
    else if (seenContainers.has(row.container_id)) errors.push({ path: `${path}.container_id`, message: "is matched to two variations" });
    seenVariations.add(row.pos_variation_id);
    seenContainers.add(row.container_id);
  }
  if (errors.length) throw invalid(errors);
  await db.transaction(async (tx) => {
    const before = await tx
      .select({ itemId: posMappings.itemId })
      .from(posMappings)
      .where(and(eq(posMappings.connectionId, connection.id), eq(posMappings.status, "matched")));
    const wasMatched = new Set(before.map((row) => row.itemId));
    await tx
      .update(posMappings)
      .set({ status: "unmatched", itemId: null, containerId: null, updatedAt: now })
      .where(and(eq(posMappings.connectionId, connection.id), eq(posMappings.status, "matched")));
    for (const row of input.mappings) {
      await tx
        .update(posMappings)
        .set({ status: "matched", itemId: row.item_id, containerId: row.container_id, updatedAt: now })
        .where(and(eq(posMappings.connectionId, connection.id), eq(posMappings.posVariationId, row.pos_variation_id)));
    }
    const newlyMatched = [...new Set(input.mappings.map((row) => row.item_id))].filter((itemId) => !wasMatched.has(itemId));
    if (connection.status === "connected" && newlyMatched.length > 0) await owePriorEightySixes(tx, connection.id, newlyMatched);
  });
  return listMappings(db, scope);
}

/**
 * Sold out owed to the till for the items among `itemIds` that Taproom has 86'd for its own reasons and
 * that the till still sells in some matched size (an 86 the till made is the till's already).
 */
async function owePriorEightySixes(tx: Pick<Db, "selectDistinct" | "insert">, connectionId: number, itemIds: number[]) {
  const owed = await tx
    .selectDistinct({ itemId: items.id })
    .from(items)
    .innerJoin(posMappings, and(eq(posMappings.itemId, items.id), eq(posMappings.connectionId, connectionId)))
    .where(
      and(
        inArray(items.id, itemIds),
        isNotNull(items.eightySixedAt),
        or(isNull(items.eightySixedReason), ne(items.eightySixedReason, "pos")),
        eq(posMappings.status, "matched"),
        eq(posMappings.soldOut, false),
      ),
    );
  if (owed.length === 0) return;
  await tx
    .insert(posOutbox)
    .values(owed.map(({ itemId }) => ({ connectionId, itemId, soldOut: true, idempotencyKey: `taproom-${randomUUID()}` })));
}

/** POS matches lifted off rows about to be replaced (`liftMatches`), to be laid on their successors (`layMatches`). */
export type LiftedMatches = { connectionId: number; posVariationId: string; itemId: number | null; containerId: number | null }[];

/**
 * A menu's content replaced by new rows that stand for the old ones (a CSV re-import, decision 102): the
 * matches of the rows that come back are lifted off before the old rows are deleted, so no removal is
 * owed to the POS for them (the delete triggers find nothing), then laid on the successors, so the POS
 * keeps its item, its ids and its own fields. A match of a container whose size the file dropped stays,
 * and its delete removes that size at the POS, as a delete by hand would.
 */
export async function liftMatches(tx: Db, oldItemIds: number[], oldContainerIds: number[]): Promise<LiftedMatches> {
  if (oldItemIds.length === 0 && oldContainerIds.length === 0) return [];
  const carried = or(
    oldContainerIds.length ? inArray(posMappings.containerId, oldContainerIds) : undefined,
    oldItemIds.length ? and(inArray(posMappings.itemId, oldItemIds), isNull(posMappings.containerId)) : undefined,
  );
  const lifted = await tx
    .select({
      connectionId: posMappings.connectionId,
      posVariationId: posMappings.posVariationId,
      itemId: posMappings.itemId,
      containerId: posMappings.containerId,
    })
    .from(posMappings)
    .where(carried)
    .for("update");
  if (lifted.length > 0) await tx.update(posMappings).set({ itemId: null, containerId: null }).where(carried);
  return lifted;
}

/** Lays lifted matches on the rows that replaced theirs, in one statement; a match whose row has no successor is left unmatched. */
export async function layMatches(
  tx: Db,
  lifted: LiftedMatches,
  itemOf: Map<number, number>,
  containerOf: Map<number, number>,
  now = new Date(),
) {
  if (lifted.length === 0) return;
  const laid = lifted.map((row) => ({
    connection_id: row.connectionId,
    pos_variation_id: row.posVariationId,
    item_id: row.itemId === null ? null : (itemOf.get(row.itemId) ?? null),
    container_id: row.containerId === null ? null : (containerOf.get(row.containerId) ?? null),
  }));
  await tx.execute(sql`
    update pos_mappings m
    set item_id = v.item_id, container_id = case when v.item_id is null then null else v.container_id end,
      status = case when v.item_id is null then 'unmatched' else m.status end, updated_at = ${now.toISOString()}
    from json_to_recordset(${JSON.stringify(laid)}::json) as v(connection_id integer, pos_variation_id text, item_id integer, container_id integer)
    where m.connection_id = v.connection_id and m.pos_variation_id = v.pos_variation_id`);
}
