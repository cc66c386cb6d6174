import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { ApiError, invalid } from "@/lib/server/errors";

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
  await makeRoomAt(tx, list, parentId, 0);
}

/** Closes the gap a removed sibling left at `removed`. */
export async function closeGap(tx: Db, list: SiblingList, parentId: number, removed: number) {
  await tx.execute(
    sql`update ${list.table} set ${col(list.position)} = ${col(list.position)} - 1 where ${where(list, parentId, sql`${list.position} > ${removed}`)}`,
  );
}

/** Shifts the siblings at `position` and below down one place, so a record can take `position`. */
async function makeRoomAt(tx: Db, list: SiblingList, parentId: number, position: number) {
  await tx.execute(
    sql`update ${list.table} set ${col(list.position)} = ${col(list.position)} + 1 where ${where(list, parentId, sql`${list.position} >= ${position}`)}`,
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

/** Where a record stands: the parent of its list and its position there. */
export type Place = { parentId: number; position: number };

/**
 * Locks several parents of one kind in ascending id order (the lock order), so two moves crossing
 * between the same lists queue up instead of deadlocking.
 */
export async function lockParents(tx: Db, list: SiblingList, parentIds: number[]) {
  for (const parentId of [...new Set(parentIds)].sort((a, b) => a - b)) await lockParent(tx, list, parentId);
}

/** Thrown when a record left the list it was read in before that list was locked. */
class MovedMeanwhile extends Error {}

/**
 * The record's position under its parent's lock. A record is only taken out of a list under that
 * list's lock, so once the parent is locked the answer holds until commit; when the record is no
 * longer there (a concurrent move took it between the read and the lock) the move starts over
 * (`retryMoves`).
 */
export async function lockedPlace(tx: Db, list: SiblingList, id: number, parentId: number): Promise<Place> {
  const [row] = await tx
    .select({ position: list.position })
    .from(list.table)
    .where(and(eq(list.id, id), eq(list.parent, parentId)));
  if (!row) throw new MovedMeanwhile();
  return { parentId, position: row.position as number };
}

/**
 * Runs a move's transaction again (a fresh read, fresh locks) when its record moved meanwhile; a
 * record that keeps moving under it three times in a row is 409.
 */
export async function retryMoves<T>(noun: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof MovedMeanwhile)) throw error;
      if (attempt >= 3) throw new ApiError("conflict", `The ${noun} kept moving to other lists meanwhile; try again.`);
    }
  }
}

/**
 * Moves one record from `from` to `target.position` under `target.parentId`: into another list (its old list
 * closes up, the new one makes room) or, within its own list, to that index (those in between
 * shift). Without a position it goes to the top of another list and stays where it is in its own.
 * The target runs 0..n, n being the number of records in the target list besides this one; a
 * position past that is 422 on `path` and nothing changes. Both lists stay at 0..n-1. The caller has
 * locked both parents (`lockParents`) and read `from` under those locks (`lockedPlace`).
 */
export async function moveToPlace(
  tx: Db,
  list: SiblingList,
  id: number,
  from: Place,
  target: { parentId: number; position?: number },
  path: string,
) {
  const to = { parentId: target.parentId, position: target.position ?? (target.parentId === from.parentId ? from.position : 0) };
  const [row] = await tx
    .select({ others: sql<number>`count(*)::int` })
    .from(list.table)
    .where(where(list, to.parentId, sql`${list.id} <> ${id}`));
  const others = row?.others ?? 0;
  if (to.position > others) {
    const room =
      others === 0
        ? `no other ${list.noun} is in it, so 0 is the only place`
        : `it holds ${others} other ${others === 1 ? list.noun : `${list.noun}s`}, so 0..${others}`;
    throw invalid([{ path, message: `must be at most ${others}` }], `Position ${to.position} is past the end of the list: ${room}.`);
  }
  if (from.parentId === to.parentId) return moveWithin(tx, list, to.parentId, id, from.position, to.position);
  await closeGap(tx, list, from.parentId, from.position);
  await makeRoomAt(tx, list, to.parentId, to.position);
  await tx.execute(
    sql`update ${list.table} set ${col(list.parent)} = ${to.parentId}, ${col(list.position)} = ${to.position}, updated_at = now() where ${list.id} = ${id}`,
  );
}
