import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { invalid } from "@/lib/errors";

/**
 * A list of siblings under one parent, kept at positions exactly 0..n-1. Every change that moves
 * positions runs in a transaction that first locks the parent row (`lockParent`), so concurrent
 * changes to one list queue up and each sees the other's committed result. The database's deferred
 * unique constraint on (parent, position) is the last line of defence.
 */
export type SiblingList = {
  table: PgTable;
  id: AnyPgColumn;
  parent: AnyPgColumn;
  position: AnyPgColumn;
  /** Extra condition that narrows the list (sections: regular sections only). */
  scope?: SQL;
  /** The parent's table and id column, locked before positions change. */
  parentTable: PgTable;
  parentId: AnyPgColumn;
  /** How the list's records are named in errors and batches: "item", "items". */
  noun: string;
  plural: string;
};

const where = (list: SiblingList, parentId: number, extra?: SQL) => and(eq(list.parent, parentId), list.scope, extra);
const col = (column: AnyPgColumn) => sql.identifier(column.name);

export async function lockParent(tx: Db, list: SiblingList, parentId: number) {
  await tx.execute(sql`select 1 from ${list.parentTable} where ${list.parentId} = ${parentId} for update`);
}

export async function nextPosition(tx: Db, list: SiblingList, parentId: number): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${list.position}) + 1, 0)::int` })
    .from(list.table)
    .where(where(list, parentId));
  return row?.next ?? 0;
}

/** Shifts every sibling down one place so a new record can take position 0. */
export async function makeRoomAtHead(tx: Db, list: SiblingList, parentId: number) {
  await tx.execute(sql`update ${list.table} set ${col(list.position)} = ${col(list.position)} + 1 where ${where(list, parentId)}`);
}

/** Closes the gap a removed sibling left at `removed`. */
export async function closeGap(tx: Db, list: SiblingList, parentId: number, removed: number) {
  await tx.execute(
    sql`update ${list.table} set ${col(list.position)} = ${col(list.position)} - 1 where ${where(list, parentId, sql`${list.position} > ${removed}`)}`,
  );
}

/** Moves one sibling from `from` to `to` (clamped to the list), shifting those in between. */
export async function moveWithin(tx: Db, list: SiblingList, parentId: number, id: number, from: number, to: number) {
  const last = (await nextPosition(tx, list, parentId)) - 1;
  const target = Math.max(0, Math.min(to, last));
  if (target === from) return;
  const shift =
    target < from
      ? sql`${col(list.position)} + 1 where ${where(list, parentId, sql`${list.position} >= ${target} and ${list.position} < ${from}`)}`
      : sql`${col(list.position)} - 1 where ${where(list, parentId, sql`${list.position} > ${from} and ${list.position} <= ${target}`)}`;
  await tx.execute(sql`update ${list.table} set ${col(list.position)} = ${shift}`);
  await tx.execute(sql`update ${list.table} set ${col(list.position)} = ${target} where ${list.id} = ${id}`);
}

export type PositionEntry = { id: number; position: number };

/**
 * Applies a whole ordering in one statement. The batch must name every sibling exactly once with
 * positions exactly 0..n-1, else 422 and nothing changes (contract §3). An id that is not a sibling
 * makes the batch incomplete, with the same words whether it is unknown, in another list or another
 * business's, so the answer tells nothing about ids the caller cannot see.
 * The caller has locked the parent. Returns the list in its new order.
 */
export async function applyPositions(tx: Db, list: SiblingList, parentId: number, batch: PositionEntry[]): Promise<PositionEntry[]> {
  const rows = await tx.select({ id: list.id }).from(list.table).where(where(list, parentId));
  const siblings = new Set(rows.map((row) => row.id as number));

  const errors: { path: string; message: string }[] = [];
  const seenIds = new Set<number>();
  const seenPositions = new Set<number>();
  batch.forEach((entry, index) => {
    if (!siblings.has(entry.id))
      errors.push({ path: `${list.plural}.${index}.id`, message: `is not one of the ${list.noun}s of this list` });
    else if (seenIds.has(entry.id)) errors.push({ path: `${list.plural}.${index}.id`, message: `${list.noun} ${entry.id} appears twice` });
    if (seenPositions.has(entry.position))
      errors.push({ path: `${list.plural}.${index}.position`, message: `position ${entry.position} appears twice` });
    if (entry.position >= siblings.size) {
      errors.push({
        path: `${list.plural}.${index}.position`,
        message: `must be below ${siblings.size}: positions run 0..${siblings.size - 1}`,
      });
    }
    seenIds.add(entry.id);
    seenPositions.add(entry.position);
  });
  const missing = [...siblings].filter((id) => !seenIds.has(id));
  if (missing.length > 0) errors.push({ path: list.plural, message: `must list every ${list.noun}; missing ${missing.join(", ")}` });
  if (errors.length > 0) throw invalid(errors, `The batch must list every ${list.noun} once, at positions 0..${siblings.size - 1}.`);

  if (batch.length > 0) {
    const values = sql.join(
      batch.map((entry) => sql`(${entry.id}::int, ${entry.position}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${list.table} set ${col(list.position)} = v.position, updated_at = now() from (values ${values}) as v(id, position) where ${list.id} = v.id`,
    );
  }
  const ordered = await tx
    .select({ id: list.id, position: list.position })
    .from(list.table)
    .where(where(list, parentId))
    .orderBy(asc(list.position));
  return ordered as PositionEntry[];
}
