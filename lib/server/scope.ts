import { notFound } from "@/lib/server/errors";

/**
 * A record asked for by a caller: its id and the caller's business. Every lookup puts the business in
 * its WHERE clause, so another business's id finds nothing and is answered 404, like a missing one.
 */
export type Scope = { businessId: number; id: number };

/** Turns a `find…` lookup (null when the caller cannot see the record) into a `get…` that answers 404. */
export function required<Row, D>(find: (db: D, scope: Scope) => Promise<Row | null>, noun: string) {
  return async (db: D, scope: Scope): Promise<Row> => found(await find(db, scope), noun);
}

/** A row a write returned, or 404 when it matched nothing (the record vanished or is not the caller's). */
export function found<Row>(row: Row | null | undefined, noun: string): Row {
  if (!row) throw notFound(noun);
  return row;
}
