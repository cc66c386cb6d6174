import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { setTimeout as delay } from "node:timers/promises";
import type { Db } from "@/lib/db/client";
import { sqlStateOf } from "@/lib/db/errors";
import { actingAs, currentActor } from "@/lib/db/actor";
import { containerSizes, containers, items, locations, menus, sections } from "@/lib/db/schema";
import { ApiError, notFound } from "@/lib/server/errors";
import { getMenu } from "@/lib/menus/access";
import { menuTree } from "@/lib/menus/tree";
import type { Scope } from "@/lib/server/scope";
import { columnNames, rows, TREE_TABLES, touchedSince, type TreeTable } from "./target";
import { requireKept } from "./versions";

// POST /menus/:id/versions/:version/revert (live-menus §6): one transaction, itself a version of type
// menu.reverted, that puts every row the menu's later changes touched back as it was at that version:
// rows inserted since are deleted, rows deleted since come back with their ids, rows updated since get
// their old values (positions pass through duplicates thanks to the DEFERRABLE unique constraints).

const SYSTEM = { user_id: null, name: null, via: "system" as const };
const conflict = (detail: string) => new ApiError("conflict", detail);
const NOUN: Record<TreeTable, string> = { menus: "The menu", sections: "Section", items: "Item", containers: "Price" };

/** The menu's own fields a revert restores: not its place in the location's order, its location or its identity. */
// Not `schedule_epoch`: the last boundary the feed told is the clock's, not the menu's past.
const MENU_FIELDS = ["name", "description", "footer", "schedule", "translations", "unpublished", "created_at", "updated_at"];

type Touched = { tbl: TreeTable; row_id: number; present: boolean; parent: number | null; size_id: number | null };

/** Reverts the menu to `version` as the caller (the endpoint's actor), retrying when a racing write holds a row. */
export async function revertMenu(db: Db, scope: Scope & { version: number }) {
  return actingAs(currentActor() ?? SYSTEM, () => retryingLocks(() => db.transaction((tx) => revertIn(tx, scope))), "menu.reverted");
}

async function revertIn(tx: Db, { businessId, id, version }: Scope & { version: number }) {
  const { location } = await getMenu(tx, { businessId, id });
  // Lock order: location, then menu (decision 009). Every write to the tree waits for both at its
  // first row (the triggers raise both versions), so a racing write lands wholly before or after.
  await tx.execute(sql`select 1 from ${locations} where ${locations.id} = ${location.id} for update`);
  const [menu] = await tx.select().from(menus).where(eq(menus.id, id)).for("update");
  if (!menu || menu.locationId !== location.id) throw notFound("menu");
  await requireKept(tx, menu, version);
  if (version < menu.version) {
    // The rows to put back, read once before anything is written (the revert's own edits join the history as it goes).
    await tx.execute(sql`create temporary table ${TOUCHED} (tbl text, row_id integer, old jsonb) on commit drop`);
    await tx.execute(sql`insert into ${TOUCHED} select tbl, row_id, old from (${touchedSince(menu.id, version)}) t`);
    const touched = await rows<Touched>(
      tx,
      sql`select tbl, row_id, old is not null as present,
        (case tbl when 'menus' then old->>'location_id' when 'sections' then old->>'menu_id'
          when 'items' then old->>'section_id' else old->>'item_id' end)::int as parent,
        (old->>'container_size_id')::int as size_id
        from ${TOUCHED} t`,
    );
    await refuseConflicts(tx, { menuId: menu.id, locationId: location.id, version, touched });
    await lockRows(tx, touched);
    await restore(tx);
  }
  const [after] = await tx.select().from(menus).where(eq(menus.id, menu.id));
  return menuTree(tx, { menu: after!, currency: location.currency });
}

/**
 * What a revert would corrupt is refused (409) before anything is written: a row that moved between
 * this menu and another since (restoring it would change the other menu too), a container whose size
 * was deleted since, a menu whose location changed.
 */
async function refuseConflicts(
  tx: Db,
  { menuId, locationId, version, touched }: { menuId: number; locationId: number; version: number; touched: Touched[] },
) {
  const ids = (table: TreeTable) => touched.filter((row) => row.tbl === table).map((row) => Number(row.row_id));
  const sectionsNow = await tx.select({ id: sections.id }).from(sections).where(eq(sections.menuId, menuId));
  const sectionIdsNow = new Set(sectionsNow.map((row) => row.id));
  const itemsNow =
    sectionIdsNow.size === 0
      ? []
      : await tx
          .select({ id: items.id })
          .from(items)
          .where(inArray(items.sectionId, [...sectionIdsNow]));
  const itemIdsNow = new Set(itemsNow.map((row) => row.id));
  const treeNow: Record<TreeTable, Set<number>> = {
    menus: new Set([menuId]),
    sections: sectionIdsNow,
    items: itemIdsNow,
    containers: new Set(
      itemIdsNow.size === 0
        ? []
        : (
            await tx
              .select({ id: containers.id })
              .from(containers)
              .where(inArray(containers.itemId, [...itemIdsNow]))
          ).map((row) => row.id),
    ),
  };
  // Touched rows that exist now, anywhere: each must be in this menu's tree.
  for (const table of ["sections", "items", "containers"] as const) {
    const wanted = ids(table);
    if (wanted.length === 0) continue;
    const t = TREE_TABLES[table];
    const existing = await tx.select({ id: t.id }).from(t).where(inArray(t.id, wanted));
    const away = existing.find((row) => !treeNow[table].has(row.id));
    if (away) {
      throw conflict(
        `${NOUN[table]} ${away.id} was moved to another menu after version ${version}; restoring this version would change that menu too. Move it back first, or restore a later version.`,
      );
    }
  }
  // Each row as it was then must hang in this menu's tree as it was then.
  const then = (table: TreeTable, parentsThen: Set<number>) => {
    const kept = [...treeNow[table]].filter((rowId) => !touched.some((row) => row.tbl === table && Number(row.row_id) === rowId));
    const restored = touched.filter((row) => row.tbl === table && row.present);
    const stranger = restored.find((row) => row.parent === null || !parentsThen.has(row.parent));
    if (stranger) {
      throw conflict(
        `${NOUN[table]} ${stranger.row_id} came from another menu after version ${version}; restoring this version would change that menu too.`,
      );
    }
    return new Set([...kept, ...restored.map((row) => Number(row.row_id))]);
  };
  const menuRow = touched.find((row) => row.tbl === "menus" && row.present);
  if (menuRow && menuRow.parent !== locationId) {
    throw conflict(`The menu was at another location at version ${version}; it cannot be restored here.`);
  }
  then("containers", then("items", then("sections", new Set([menuId]))));
  const sizeIds = [
    ...new Set(touched.flatMap((row) => (row.tbl === "containers" && row.present && row.size_id !== null ? [row.size_id] : []))),
  ];
  if (sizeIds.length > 0) {
    const sizes = await tx.select({ id: containerSizes.id }).from(containerSizes).where(inArray(containerSizes.id, sizeIds));
    const gone = sizeIds.find((sizeId) => !sizes.some((size) => size.id === sizeId));
    if (gone !== undefined) {
      throw conflict(
        `Container size ${gone}, used by a price at version ${version}, has been deleted since; that version cannot be restored.`,
      );
    }
  }
}

/**
 * Locks the rows the revert will change, without waiting: a write that holds one of them is waiting for
 * the location this revert holds, so waiting here would deadlock. The revert steps back and starts over.
 */
async function lockRows(tx: Db, touched: Touched[]) {
  for (const table of ["sections", "items", "containers"] as const) {
    const ids = touched.filter((row) => row.tbl === table).map((row) => Number(row.row_id));
    if (ids.length === 0) continue;
    const t = TREE_TABLES[table];
    await tx.execute(sql`select 1 from ${t} where ${inArray(t.id, ids)} order by ${t.id} for update nowait`);
  }
}

/** This transaction's rows to put back: (tbl, row_id, old), dropped at commit or rollback. */
const TOUCHED = sql.identifier("history_touched");

const list = (names: string[], prefix?: string) => sql.raw(names.map((name) => (prefix ? `${prefix}."${name}"` : `"${name}"`)).join(", "));

/** The touched rows of `table` as they were at the version, typed as the table's rows (`r`). */
const thenRows = (table: TreeTable): SQL =>
  sql`select r.* from ${TOUCHED} t cross join lateral jsonb_populate_record(null::${sql.identifier(table)}, t.old) r
    where t.tbl = ${table} and t.old is not null`;

/**
 * Stock is the bar's present, not the menu's past (live-menus §6): a revert leaves these columns as they
 * are now, and a record that comes back with its old id comes back with them empty (not 86'd).
 */
const STOCK: Partial<Record<TreeTable, string[]>> = { items: ["eighty_sixed_at", "eighty_sixed_until", "eighty_sixed_reason"] };

/** Inserts (parents first), updates, then deletes (children first): each statement finds its parents in place. */
async function restore(tx: Db) {
  const tree = ["sections", "items", "containers"] as const;
  for (const table of tree) {
    const name = sql.identifier(table);
    const stock = STOCK[table] ?? [];
    const columns = columnNames(TREE_TABLES[table]);
    const values = sql.raw(columns.map((column) => (stock.includes(column) ? "null" : `past."${column}"`)).join(", "));
    await tx.execute(sql`insert into ${name} (${list(columns)}) overriding system value
      select ${values} from (${thenRows(table)}) past where not exists (select 1 from ${name} x where x.id = past.id)`);
  }
  for (const table of tree) await updateRows(tx, table, columnNames(TREE_TABLES[table], ["id", ...(STOCK[table] ?? [])]));
  await updateRows(tx, "menus", MENU_FIELDS);
  for (const table of [...tree].reverse()) {
    const name = sql.identifier(table);
    await tx.execute(sql`delete from ${name} where id in (select row_id from ${TOUCHED} t where t.tbl = ${table} and t.old is null)`);
  }
}

/** Sets `columns` of the touched rows back, skipping rows already as they were (no edit, no version for nothing). */
async function updateRows(tx: Db, table: TreeTable, columns: string[]) {
  const name = sql.identifier(table);
  await tx.execute(sql`update ${name} set (${list(columns)}) = (${list(columns, "past")})
    from (${thenRows(table)}) past
    where ${name}.id = past.id and (${list(columns, table)}) is distinct from (${list(columns, "past")})`);
}

const RETRIED = new Set(["55P03", "40P01", "40001"]);

/** Runs `work` again (a few times, backing off) when a racing write held a row it needed. */
async function retryingLocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlStateOf(error);
      if (!state || !RETRIED.has(state)) throw error;
      if (attempt >= 6) throw conflict("The menu is being changed by someone else right now; try the restore again.");
      await delay(10 * 2 ** attempt);
    }
  }
}
