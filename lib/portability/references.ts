import { type Column, getTableName, inArray } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { ApiError, type FieldError, invalid } from "@/lib/server/errors";
import type { ExportFile } from "./format";
import { PARTS, type Part } from "./tables";

// A restore trusts no id in its file (issue 47 row 1): every record a row names must be one the same file
// restores, so a file cannot hang a menu, a webhook or an event on another business's location. Read from
// the tables' Drizzle foreign keys, so a table or a reference added later is checked with no change here;
// a reference this file does not know how to judge fails at start-up, never passes unchecked.

type Row = Record<string, unknown>;

/** Tables every business shares (an install's reference lists): a row may name any of their records. */
const SHARED = new Set(["container_sizes", "custom_item_types"]);
/** The restore writes the caller's business into these columns, whatever the file says. */
const OWNER_TABLE = "businesses";

/** A column of a part naming a record of another table, as its foreign key declares it. */
export type Reference = { column: string; key: string; target: string; table: PgTable };

const PART_KEYS = new Set(PARTS.map((part) => part.key));

function referencesOf(part: Part): Reference[] {
  return getTableConfig(part.table).foreignKeys.map((fk) => {
    const reference = fk.reference();
    const [column] = reference.columns as Column[];
    if (reference.columns.length !== 1 || !column)
      throw new Error(`lib/portability/references.ts: ${part.key} has a composite foreign key`);
    const target = getTableName(reference.foreignTable);
    if (target !== OWNER_TABLE && !PART_KEYS.has(target) && !SHARED.has(target)) {
      throw new Error(`lib/portability/references.ts: ${part.key}.${column.name} names ${target}, which a restore cannot judge`);
    }
    return { column: column.name, key: getTableName(part.table), target, table: reference.foreignTable };
  });
}

/** Per part key: its references, computed once from the schema. */
export const REFERENCES: ReadonlyMap<string, Reference[]> = new Map(PARTS.map((part) => [part.key, referencesOf(part)]));

/** The columns holding the owning business: the restore sets them to the caller's. */
export const ownerColumns = (part: Part) => (REFERENCES.get(part.key) ?? []).filter((ref) => ref.target === OWNER_TABLE);

/**
 * Columns that name a record with no foreign key, because the history keeps what was deleted: each names
 * the file's own record or one this database has never held (a record deleted before the export).
 * `target` of a row may depend on the row (an edit names its table).
 */
const LOOSE: { key: string; column: string; target: (row: Row) => string | null }[] = [
  { key: "menu_changes", column: "menu_id", target: () => "menus" },
  { key: "menu_edits", column: "row_id", target: (row) => (typeof row.table === "string" && PART_KEYS.has(row.table) ? row.table : null) },
  { key: "webhook_deliveries", column: "change_id", target: () => "menu_changes" },
];

const CHUNK = 10_000;
/** Errors listed at most: enough to find the rows, bounded for a file of any size. */
const MAX_ERRORS = 20;

const idsOf = (file: ExportFile, key: string) =>
  new Set((file.tables[key] ?? []).map((row) => row.id).filter((id): id is number => typeof id === "number"));

/** What the file itself shows wrong: a repeated id, a parent it does not restore, people at locations it does not restore. */
function fileErrors(file: ExportFile): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ path, message });
  };
  const ids = new Map(PARTS.map((part) => [part.key, idsOf(file, part.key)]));
  for (const part of PARTS) {
    const seen = new Set<unknown>();
    (file.tables[part.key] ?? []).forEach((row, index) => {
      if (row.id !== undefined && seen.has(row.id))
        add(`tables.${part.key}.${index}.id`, `${part.key} ${row.id} appears twice in the file.`);
      seen.add(row.id);
      for (const ref of REFERENCES.get(part.key) ?? []) {
        const value = row[ref.column];
        if (value === null || value === undefined || ref.target === OWNER_TABLE || SHARED.has(ref.target)) continue;
        if (!ids.get(ref.target)!.has(value as number)) {
          add(
            `tables.${part.key}.${index}.${ref.column}`,
            `${part.key} ${String(row.id)} names ${ref.target} ${String(value)}, which the file does not restore.`,
          );
        }
      }
    });
  }
  const locations = ids.get("locations")!;
  for (const [list, rows] of [
    ["users", file.users],
    ["invitations", file.invitations],
    ["api_keys", file.api_keys],
  ] as const) {
    rows.forEach((row, index) => {
      const stranger = ((row.location_ids as number[] | null | undefined) ?? []).find((id) => !locations.has(id));
      if (stranger !== undefined) {
        add(`${list}.${index}.location_ids`, `${list} ${String(row.id)} names location ${stranger}, which the file does not restore.`);
      }
    });
  }
  return errors;
}

const tableOf = (key: string) => PARTS.find((part) => part.key === key)!.table as PgTable & { id: PgColumn };

/**
 * Checks every id the file names before anything is written: 422 naming the table and row for a parent the
 * file does not restore (or a history record naming another business's), 409 for a shared list this
 * install lacks. Answers, per part key, the largest id the history names, so the sequences pass them.
 */
export async function checkReferences(tx: Db, file: ExportFile): Promise<Map<string, number>> {
  const errors = fileErrors(file);
  const loose = new Map<string, Map<number, string>>();
  for (const { key, column, target } of LOOSE) {
    const own = new Map<string, Set<number>>();
    (file.tables[key] ?? []).forEach((row, index) => {
      const value = row[column];
      const table = target(row);
      if (typeof value !== "number" || table === null) return;
      if (!own.has(table)) own.set(table, idsOf(file, table));
      if (own.get(table)!.has(value)) return;
      if (!loose.has(table)) loose.set(table, new Map());
      if (!loose.get(table)!.has(value)) loose.get(table)!.set(value, `tables.${key}.${index}.${column}`);
    });
  }
  const highest = new Map<string, number>();
  for (const [table, named] of loose) {
    const wanted = [...named.keys()];
    // Not Math.max(...wanted): a long history would overflow the call stack.
    highest.set(
      table,
      wanted.reduce((most, id) => Math.max(most, id), 0),
    );
    const t = tableOf(table);
    const held: { id: unknown }[] = [];
    // In chunks: a statement takes at most 65535 parameters.
    for (let start = 0; start < wanted.length && held.length < MAX_ERRORS; start += CHUNK) {
      held.push(
        ...(await tx
          .select({ id: t.id })
          .from(t)
          .where(inArray(t.id, wanted.slice(start, start + CHUNK)))
          .limit(MAX_ERRORS)),
      );
    }
    for (const { id } of held) {
      if (errors.length >= MAX_ERRORS) break;
      const path = named.get(Number(id))!;
      errors.push({ path, message: `${path.split(".")[1]} names ${table} ${id}, a record the file does not restore.` });
    }
  }
  if (errors.length > 0) {
    throw invalid(
      errors,
      "The export names records it does not restore: a restore writes only the file's own records. Nothing was written.",
    );
  }
  await requireShared(tx, file);
  return highest;
}

/** The lists every install has (container sizes, custom item types) must hold what the export's rows name. */
async function requireShared(tx: Db, file: ExportFile) {
  const wanted = new Map<string, { table: PgTable; ids: Set<number> }>();
  for (const part of PARTS) {
    for (const ref of REFERENCES.get(part.key) ?? []) {
      if (!SHARED.has(ref.target)) continue;
      const entry = wanted.get(ref.target) ?? { table: ref.table, ids: new Set<number>() };
      for (const row of file.tables[part.key] ?? []) if (typeof row[ref.column] === "number") entry.ids.add(row[ref.column] as number);
      wanted.set(ref.target, entry);
    }
  }
  for (const [target, { table, ids }] of wanted) {
    if (ids.size === 0) continue;
    const id = (table as PgTable & { id: PgColumn }).id;
    const present = new Set(
      (
        await tx
          .select({ id })
          .from(table)
          .where(inArray(id, [...ids]))
      ).map((row) => Number(row.id)),
    );
    const missing = [...ids].filter((one) => !present.has(one));
    if (missing.length > 0) {
      throw new ApiError(
        "conflict",
        `This install lacks the ${target.replaceAll("_", " ")} the export names (ids ${missing.slice(0, 5).join(", ")}). Nothing was written.`,
      );
    }
  }
}
