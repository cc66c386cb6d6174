import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ofTheMenu } from "@/lib/live/changes";
import { rows } from "@/lib/menus/history/target";
import { containerList, itemList, menuList, sectionList } from "@/lib/menus/lists";
import type { SiblingList } from "@/lib/menus/positions";
import { customContainers, customItems, customMenus, customSections } from "@/lib/db/schema";

// The app's own integrity checks (issue 32, decision 060), for a restored backup and `npm run check`:
// what the app's write paths and the database's triggers keep true, read back from the rows.

export type IntegrityReport = { ok: boolean; problems: string[] };

type Positioned = Pick<SiblingList, "table" | "parent" | "position" | "scope" | "plural">;

// The custom menus' lists are the deprecated family's own (lib/custom-menus/lists.ts, which only its
// family imports): the same columns, named here from the schema.
const LISTS: Positioned[] = [
  menuList,
  sectionList,
  itemList,
  containerList,
  { table: customMenus, parent: customMenus.locationId, position: customMenus.position, plural: "custom menus" },
  { table: customSections, parent: customSections.customMenuId, position: customSections.position, plural: "custom sections" },
  { table: customItems, parent: customItems.customSectionId, position: customItems.position, plural: "custom items" },
  { table: customContainers, parent: customContainers.customItemId, position: customContainers.position, plural: "custom containers" },
];
const MAX_REPORTED = 20;

/** Every sibling list sits at positions 0..n-1: no gap, no duplicate. */
async function positions(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const list of LISTS) {
    const bad = await rows<{ parent: number; positions: number[] }>(
      db,
      sql`select ${list.parent} as parent, array_agg(${list.position} order by ${list.position}) as positions
          from ${list.table} ${list.scope ? sql`where ${list.scope}` : sql``}
          group by ${list.parent}
          having min(${list.position}) <> 0 or max(${list.position}) <> count(*) - 1 or count(distinct ${list.position}) <> count(*)
          limit ${MAX_REPORTED}`,
    );
    for (const row of bad)
      problems.push(
        `${list.plural} of ${list.parent.name.replace(/_id$/, "")} ${row.parent}: positions ${row.positions.join(", ")} are not 0..${row.positions.length - 1}`,
      );
  }
  return problems;
}

/** A change of the menu itself: a device's news (a board's offline and online) sits at its version without making one. */
const MENU_CHANGE = ofTheMenu(sql.raw("c.type"));

/**
 * Versions agree with the change records (migration 0009's triggers): a menu's last change carries its
 * version, its changes' versions rise by one, and a location's menus_version is 1 + the transactions
 * that changed its menus (at least that, once the prune removed old changes).
 */
async function versions(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const lastChange = await rows<{ id: number; version: number; last: number }>(
    db,
    sql`select m.id, m.version, c.version as last from menus m
        join lateral (select version from menu_changes where menu_id = m.id order by id desc limit 1) c on true
        where c.version <> m.version limit ${MAX_REPORTED}`,
  );
  for (const row of lastChange) problems.push(`menu ${row.id}: version ${row.version}, but its last change is version ${row.last}`);
  const unrecorded = await rows<{ id: number }>(
    db,
    sql`select m.id from menus m join locations l on l.id = m.location_id
        where l.changes_pruned_through = 0 and not exists (select 1 from menu_changes c where c.menu_id = m.id) limit ${MAX_REPORTED}`,
  );
  for (const row of unrecorded) problems.push(`menu ${row.id}: no change records it`);
  const steps = await rows<{ menu_id: number; version: number; previous: number }>(
    db,
    sql`select menu_id, version, previous from (
          select menu_id, version, lag(version) over (partition by menu_id order by id) as previous from menu_changes c
          where ${MENU_CHANGE}
        ) c where previous is not null and version <> previous + 1 limit ${MAX_REPORTED}`,
  );
  for (const row of steps) problems.push(`menu ${row.menu_id}: change to version ${row.version} follows version ${row.previous}`);
  const locations = await rows<{ id: number; menus_version: number; transactions: number; pruned: boolean }>(
    db,
    sql`select l.id, l.menus_version, count(distinct c.tx)::int as transactions, l.changes_pruned_through > 0 as pruned
        from locations l left join menu_changes c on c.location_id = l.id and ${MENU_CHANGE}
        group by l.id
        having (l.changes_pruned_through = 0 and l.menus_version <> 1 + count(distinct c.tx))
            or l.menus_version < 1 + count(distinct c.tx)
        limit ${MAX_REPORTED}`,
  );
  for (const row of locations) {
    problems.push(`location ${row.id}: menus_version ${row.menus_version}, but ${row.transactions} transactions changed its menus`);
  }
  return problems;
}

/** Every declared foreign key holds (a restored file copy is checked row by row, not trusted). */
async function foreignKeys(db: Db): Promise<string[]> {
  const keys = await rows<{ name: string; child: string; parent: string; col: string; ref: string }>(
    db,
    sql`select c.conname as name, ct.relname as child, pt.relname as parent, ca.attname as col, pa.attname as ref
        from pg_constraint c
        join pg_class ct on ct.oid = c.conrelid join pg_class pt on pt.oid = c.confrelid
        join pg_attribute ca on ca.attrelid = c.conrelid and ca.attnum = c.conkey[1]
        join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
        where c.contype = 'f' and cardinality(c.conkey) = 1 and ct.relnamespace = to_regnamespace(current_schema())`,
  );
  const problems: string[] = [];
  for (const key of keys) {
    const [orphans] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(key.child)} c
          where c.${sql.identifier(key.col)} is not null
            and not exists (select 1 from ${sql.identifier(key.parent)} p where p.${sql.identifier(key.ref)} = c.${sql.identifier(key.col)})`,
    );
    if (orphans && orphans.n > 0) problems.push(`${key.child}.${key.col}: ${orphans.n} rows name a missing ${key.parent} (${key.name})`);
  }
  return problems;
}

export async function checkIntegrity(db: Db): Promise<IntegrityReport> {
  const problems = [...(await positions(db)), ...(await versions(db)), ...(await foreignKeys(db))];
  return { ok: problems.length === 0, problems };
}
