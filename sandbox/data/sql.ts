import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * `"table"."column"` always. Drizzle drops the table name from columns in the select list of a query
 * without joins, which turns a correlated sub-query's outer reference into an inner one.
 */
export const qualified = (column: AnyPgColumn) => sql`${column.table}.${sql.identifier(column.name)}`;
