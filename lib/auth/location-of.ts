import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { readCache, readCacheNow } from "@/lib/live/read-cache";
import { seesLocation } from "./permissions";

// Which location a request's record belongs to, for the request wrapper's scope check (venue-operations
// §3): a member who is not an owner sees only their locations, and an archived location's data is seen
// by nobody (§2). One indexed statement per request, only for routes that name a record with `at:`.

const L = sql.raw("select l.id as location_id, l.business_id, l.archived_at, null::integer as menu_id from");
const LM = sql.raw("select l.id as location_id, l.business_id, l.archived_at, m.id as menu_id from");
const MENU = sql.raw("join menus m on m.id = s.menu_id join locations l on l.id = m.location_id");
const CUSTOM = sql.raw("join custom_menus cm on cm.id = cs.custom_menu_id join locations l on l.id = cm.location_id");

/** The kinds of record a route's `:id` can name, each with its way to its location. */
const WAYS = {
  location: (id: number) => sql`${L} locations l where l.id = ${id}`,
  menu: (id: number) => sql`${LM} menus m join locations l on l.id = m.location_id where m.id = ${id}`,
  section: (id: number) => sql`${LM} sections s ${MENU} where s.id = ${id}`,
  item: (id: number) => sql`${LM} items i join sections s on s.id = i.section_id ${MENU} where i.id = ${id}`,
  container: (id: number) =>
    sql`${LM} containers c join items i on i.id = c.item_id join sections s on s.id = i.section_id ${MENU} where c.id = ${id}`,
  event: (id: number) => sql`${L} events e join locations l on l.id = e.location_id where e.id = ${id}`,
  tap: (id: number) => sql`${L} taps t join locations l on l.id = t.location_id where t.id = ${id}`,
  distributor: (id: number) => sql`${L} distributors d join locations l on l.id = d.location_id where d.id = ${id}`,
  sensor: (id: number) => sql`${L} tap_sensors ts join locations l on l.id = ts.location_id where ts.id = ${id}`,
  board: (id: number) => sql`${L} boards b join locations l on l.id = b.location_id where b.id = ${id}`,
  webhook: (id: number) => sql`${L} webhooks w join locations l on l.id = w.location_id where w.id = ${id}`,
  pos_connection: (id: number) => sql`${L} pos_connections p join locations l on l.id = p.location_id where p.id = ${id}`,
  custom_menu: (id: number) => sql`${L} custom_menus cm join locations l on l.id = cm.location_id where cm.id = ${id}`,
  custom_section: (id: number) => sql`${L} custom_sections cs ${CUSTOM} where cs.id = ${id}`,
  custom_item: (id: number) =>
    sql`${L} custom_items ci join custom_sections cs on cs.id = ci.custom_section_id ${CUSTOM} where ci.id = ${id}`,
  custom_container: (id: number) =>
    sql`${L} custom_containers cc join custom_items ci on ci.id = cc.custom_item_id join custom_sections cs on cs.id = ci.custom_section_id ${CUSTOM} where cc.id = ${id}`,
} as const satisfies Record<string, (id: number) => SQL>;
export type RecordKind = keyof typeof WAYS;

export type RecordLocation = { locationId: number; businessId: number; archived: boolean };

/** The deprecated family's writes send no notification a kept answer could be dropped by: never kept. */
const UNKEPT = new Set<RecordKind>(["custom_menu", "custom_section", "custom_item", "custom_container"]);

type Row = { location_id: number; business_id: number; archived_at: unknown; menu_id: number | null };

/**
 * The location of the record `kind` #`id`, or null when there is no such record. Kept by the read cache
 * under the location's tag and, for a menu's records, the menu's: a move, a delete or an archive drops it.
 */
export async function locationOf(db: Db, kind: RecordKind, id: number): Promise<RecordLocation | null> {
  const load = async () => ((await db.execute(WAYS[kind](id))) as unknown as { rows: Row[] }).rows[0] ?? null;
  if (UNKEPT.has(kind)) return toLocation(await load());
  const cache = await readCache();
  const row = await cache.remember(`at:${kind}:${id}`, async () => {
    const value = await load();
    const tags = value
      ? [`location:${value.location_id}`, ...(value.menu_id === null ? [] : [`menu:${value.menu_id}`])]
      : [`${kind}:${id}`];
    // A record not found is not kept: it may be created by the next write.
    return { value, bytes: 200, tags, transient: value === null };
  });
  return toLocation(row);
}

/**
 * Whether `member` sees the record `kind` #`id`, from what the read cache already keeps (no database,
 * nothing awaited); undefined when it keeps nothing for it (then `inSight`).
 */
export function inSightNow(member: Member, kind: RecordKind, id: number): boolean | undefined {
  if (UNKEPT.has(kind)) return undefined;
  const row = readCacheNow()?.get<Row>(`at:${kind}:${id}`);
  return row === undefined ? undefined : sees(member, toLocation(row));
}

const toLocation = (row: Row | null): RecordLocation | null =>
  row && { locationId: Number(row.location_id), businessId: Number(row.business_id), archived: row.archived_at !== null };

/** The deprecated family's twin of each consolidated kind, which `include_legacy` (contract §4) lets a path's id name. */
const LEGACY: Partial<Record<RecordKind, RecordKind>> = {
  menu: "custom_menu",
  section: "custom_section",
  item: "custom_item",
  container: "custom_container",
};

type Member = { businessId: number; locationIds: number[] | null };

/**
 * Whether `member` may see the record `kind` #`id`: it exists, it is of their business, its location is
 * not archived and is one of theirs (every one for an owner). The request wrapper asks it for the
 * path's record; a route whose body names a second record (a move's target section) asks it too.
 */
export async function inSight(db: Db, member: Member, kind: RecordKind, id: number) {
  return sees(member, await locationOf(db, kind, id));
}

/**
 * What the path's id names for `member` under `include_legacy` (Versioning §3): the consolidated record
 * when they see it, else its custom twin when they see that, else nothing. Sections, items and
 * containers number apart from their custom twins, so one id often names both: a consolidated record
 * out of the member's sight (another business's, another location's) is as absent as it is without
 * the flag, and the lookup goes on to the custom record (decision 072).
 */
export async function legacyInSight(db: Db, member: Member, kind: RecordKind, id: number): Promise<"consolidated" | "legacy" | null> {
  if (await inSight(db, member, kind, id)) return "consolidated";
  const legacy = LEGACY[kind];
  return legacy && (await inSight(db, member, legacy, id)) ? "legacy" : null;
}

const sees = (member: Member, where: RecordLocation | null) =>
  !!where && where.businessId === member.businessId && !where.archived && seesLocation(member.locationIds, where.locationId);
