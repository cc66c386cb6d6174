import { getTableColumns, getTableName, is, SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * Inserts many rows in one statement whose only parameter is the rows as JSON, read back by
 * jsonb_populate_recordset: the server parses one short statement instead of one with a placeholder
 * per cell (a 500-row items batch had 17,000; the query builder's time and PostgreSQL's 65,535
 * parameters were the ceiling). A column no row names takes the database's default; one that only some
 * rows name takes its schema default (a value, not SQL) in the others, as Drizzle's insert would.
 * Rows are written in their order; answers the `returning` columns of each.
 */
export async function insertRows<T extends PgTable, R extends keyof T["$inferSelect"] & string>(
  db: Db,
  table: T,
  rows: T["$inferInsert"][],
  returning: readonly R[],
): Promise<Pick<T["$inferSelect"], R>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns);
  const names = (list: readonly string[]) =>
    sql.join(
      list.map((key) => sql.identifier(columns[key]!.name)),
      sql`, `,
    );
  const fallback = (key: string): unknown => {
    const column = columns[key]!;
    if (column.defaultFn) return column.defaultFn();
    if (column.default === undefined) return null;
    if (is(column.default, SQL)) throw new Error(`insertRows: ${key} is missing from a row and its default is SQL`);
    return column.default;
  };
  const json = rows.map((row) =>
    Object.fromEntries(
      keys.map((key) => {
        const value = (row as Record<string, unknown>)[key];
        return [columns[key]!.name, value === undefined ? fallback(key) : value];
      }),
    ),
  );
  const name = sql.identifier(getTableName(table));
  // WITH ORDINALITY keeps the rows' order for RETURNING to follow (an INSERT … SELECT writes in the
  // SELECT's order, and RETURNING answers in the order written).
  const query: SQL = sql`insert into ${name} (${names(keys)})
    select ${names(keys)} from jsonb_populate_recordset(null::${name}, ${JSON.stringify(json)}::jsonb) with ordinality as r
    order by r.ordinality
    returning ${names(returning)}`;
  const result = await db.execute(query);
  const list = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
  return list.map((row) => Object.fromEntries(returning.map((key) => [key, row[columns[key]!.name]]))) as Pick<T["$inferSelect"], R>[];
}
