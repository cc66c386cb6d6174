import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { containers, items, menus, sections } from "@/lib/db/schema";

// A menu as it was at a version, from its history (menu_edits, written by the database's triggers):
// every row of the menu's tree that a change after that version touched was, at that version, what
// the first such edit found before it (`old`), or did not exist (the first edit inserted it). Rows no
// later change touched are as they are now. Reading the target this way, in one pass per table, is
// the net effect of undoing every later edit newest first, without replaying them one by one.

export const TREE_TABLES = { menus, sections, items, containers } as const;
export type TreeTable = keyof typeof TREE_TABLES;

/**
 * Every row the menu's changes after `version` touched, once, with its state at `version`: `old` of
 * its first edit after it (null: it did not exist then). Ordered by table and row id.
 */
export function touchedSince(menuId: number, version: number): SQL {
  return sql`select distinct on (e."table", e.row_id) e."table" as tbl, e.row_id, e.old
    from menu_edits e join menu_changes c on c.id = e.change_id
    where c.menu_id = ${menuId} and c.version > ${version}
    order by e."table", e.row_id, c.version, e.id`;
}

/** The SQL names of a table's columns, in drizzle's order, without `except`. */
export function columnNames(table: PgTable, except: string[] = []) {
  return Object.values(getTableColumns(table))
    .map((column) => column.name)
    .filter((name) => !except.includes(name));
}

/**
 * The rows of `table` as they were at `version` among those touched since, typed like a drizzle select
 * of the table (numeric as strings, timestamps as Dates), read from the jsonb by the database itself
 * (jsonb_populate_record with the table's own row type), so nothing loses precision in between.
 */
export async function targetRows<T extends PgTable>(db: Db, table: T, name: TreeTable, menuId: number, version: number) {
  const raw = await rows<Record<string, unknown>>(
    db,
    sql`select r.* from (${touchedSince(menuId, version)}) t
      cross join lateral jsonb_populate_record(null::${sql.identifier(name)}, t.old) r
      where t.tbl = ${name} and t.old is not null order by r.id`,
  );
  // What drizzle does with its own selects: the driver's values (both drivers are set up alike by drizzle) through each column.
  const columns = Object.entries(getTableColumns(table));
  return raw.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = row[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as T["$inferSelect"],
  );
}

/** The ids of the rows of each table that changes after `version` touched. */
export async function touchedIds(db: Db, menuId: number, version: number) {
  const list = await rows<{ tbl: TreeTable; row_id: number; present: boolean }>(
    db,
    sql`select tbl, row_id, old is not null as present from (${touchedSince(menuId, version)}) t`,
  );
  const touched = { menus: new Set<number>(), sections: new Set<number>(), items: new Set<number>(), containers: new Set<number>() };
  const present = new Set<TreeTable>();
  for (const row of list) {
    touched[row.tbl].add(Number(row.row_id));
    if (row.present) present.add(row.tbl);
  }
  return { ...touched, present };
}

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export const rows = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
