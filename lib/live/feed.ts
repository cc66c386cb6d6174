import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { processGlobal } from "@/lib/db/process-global";
import { containerSizes, items, type locations, menuChanges, menuEdits, menus, sections } from "@/lib/db/schema";
import { ApiError } from "@/lib/server/errors";
import type { ChangeResponse } from "@/lib/live/schemas";
import { changeSummary, changeType, type Edit } from "./describe";

// The change feed (live-menus §3): the outbox rows the database's triggers wrote with each change,
// paged by cursor and described in words. A change never changes once committed, so its JSON is kept
// in the process (a bounded map) and every stream, page and webhook of an instance describes it once.

type Location = typeof locations.$inferSelect;
type ChangeRow = typeof menuChanges.$inferSelect;

export const cursorOf = (id: number) => String(id).padStart(16, "0");
export const idOfCursor = (cursor: string) => Number(cursor);

// Per database handle, so two databases in one process (tests) never share descriptions.
// Per process (lib/db/process-global.ts), one map per database handle.
const describedBy = processGlobal("live.described", () => new WeakMap<Db, Map<number, ChangeResponse>>());
const KEEP_DESCRIBED = 5000;

function remember(described: Map<number, ChangeResponse>, change: ChangeResponse) {
  described.set(change.id, change);
  if (described.size > KEEP_DESCRIBED) described.delete(described.keys().next().value!);
}

const nameOf = (row: { customName: string | null; originalName: string }) => row.customName ?? row.originalName;

/** Change JSON for rows of menu_changes, in their order: a few queries for any number of rows. */
export async function describeChanges(db: Db, rows: ChangeRow[]): Promise<ChangeResponse[]> {
  let described = describedBy.get(db);
  if (!described) {
    described = new Map();
    describedBy.set(db, described);
  }
  const missing = rows.filter((row) => !described.has(row.id));
  if (missing.length > 0) {
    const edits = await db
      .select()
      .from(menuEdits)
      .where(
        inArray(
          menuEdits.changeId,
          missing.map((row) => row.id),
        ),
      )
      .orderBy(asc(menuEdits.id));
    const byChange = new Map<number, Edit[]>();
    for (const edit of edits) {
      const list = byChange.get(edit.changeId) ?? [];
      list.push({ table: edit.table, row_id: edit.rowId, op: edit.op, old: edit.old, new: edit.new });
      byChange.set(edit.changeId, list);
    }
    const rowsOf = (table: string) => edits.filter((edit) => edit.table === table).map((edit) => edit.new ?? edit.old ?? {});
    const ids = (values: unknown[]) => [...new Set(values.map(Number).filter((value) => Number.isInteger(value) && value > 0))];
    const sectionIds = ids(rowsOf("items").map((row) => row.section_id));
    const itemIds = ids(rowsOf("containers").map((row) => row.item_id));
    const sizeIds = ids(rowsOf("containers").map((row) => row.container_size_id));
    const menuIds = ids(missing.map((row) => row.menuId));
    const [sectionNames, itemNames, sizeNames, menuNames] = await Promise.all([
      sectionIds.length ? db.select({ id: sections.id, name: sections.name }).from(sections).where(inArray(sections.id, sectionIds)) : [],
      itemIds.length
        ? db
            .select({ id: items.id, customName: items.customName, originalName: items.originalName })
            .from(items)
            .where(inArray(items.id, itemIds))
        : [],
      sizeIds.length
        ? db.select({ id: containerSizes.id, name: containerSizes.name }).from(containerSizes).where(inArray(containerSizes.id, sizeIds))
        : [],
      db.select({ id: menus.id, name: menus.name }).from(menus).where(inArray(menus.id, menuIds)),
    ]);
    // Records deleted by the change itself are named from their own edits.
    const sectionName = new Map<number, string>(rowsOf("sections").map((row) => [Number(row.id), String(row.name)]));
    for (const row of sectionNames) sectionName.set(row.id, row.name);
    const itemName = new Map<number, string>(itemNames.map((row) => [row.id, nameOf(row)]));
    const sizeName = new Map<number, string>(sizeNames.map((row) => [row.id, row.name]));
    const menuName = new Map<number, string>(rowsOf("menus").map((row) => [Number(row.id), String(row.name)]));
    for (const row of menuNames) menuName.set(row.id, row.name);
    const names = {
      item: (id: number) => itemName.get(id),
      section: (id: number) => sectionName.get(id),
      size: (id: number) => sizeName.get(id),
    };
    for (const row of missing) {
      const list = byChange.get(row.id) ?? [];
      const type = changeType(row.type, list);
      remember(described, {
        id: row.id,
        cursor: cursorOf(row.id),
        type,
        location_id: row.locationId,
        menu_id: row.menuId,
        version: row.version,
        at: row.at.toISOString(),
        actor: row.actor,
        // The taps' changes carry their words (lib/taps/changes.ts); every other change is worded from its edits.
        summary: row.summary ?? changeSummary(type, list, names, menuName.get(row.menuId) ?? null),
      });
    }
  }
  return rows.map((row) => described.get(row.id)!);
}

/** The location's changes after `afterId`, oldest first, at most `limit`. */
export async function changesAfter(db: Db, { locationId, afterId, limit }: { locationId: number; afterId: number; limit: number }) {
  const rows = await db
    .select()
    .from(menuChanges)
    .where(and(eq(menuChanges.locationId, locationId), gt(menuChanges.id, afterId)))
    .orderBy(asc(menuChanges.id))
    .limit(limit);
  return describeChanges(db, rows);
}

/** 410 for a cursor older than what the location still keeps (lib/retention/prune.ts moves the horizon). */
export function checkCursor(location: Location, afterId: number) {
  if (afterId < location.changesPrunedThrough) {
    throw new ApiError(
      "cursor_expired",
      "That cursor is older than the changes kept. Read the menus again, then follow the feed from its next_cursor.",
    );
  }
}

/** GET /locations/:id/changes: a page of the feed after `since` (from the oldest kept when omitted). */
export async function readChanges(db: Db, { location, since, limit }: { location: Location; since?: string; limit: number }) {
  const afterId = since === undefined ? 0 : idOfCursor(since);
  if (since !== undefined) checkCursor(location, afterId);
  const changes = await changesAfter(db, { locationId: location.id, afterId, limit });
  const last = changes.at(-1);
  return { changes, next_cursor: last ? last.cursor : cursorOf(Math.max(afterId, location.changesPrunedThrough)) };
}

/** Changes (and the history of the versions they made) are kept this long: the feed's 30 days, history's 90. */
export const CHANGES_KEPT_DAYS = 90;

/**
 * Deletes changes older than CHANGES_KEPT_DAYS with their edits, and moves each location's horizon so
 * that a cursor from before it answers 410. Safe on several instances at once.
 */
export async function pruneChanges(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CHANGES_KEPT_DAYS * 86_400_000);
  const result = await db.execute(sql`
    with gone as (delete from menu_changes where at < ${cutoff.toISOString()} returning location_id, id),
    horizon as (select location_id, max(id) as through, count(*) as removed from gone group by location_id),
    moved as (
      update locations set changes_pruned_through = greatest(locations.changes_pruned_through, horizon.through)
      from horizon where locations.id = horizon.location_id returning horizon.removed
    )
    select coalesce(sum(removed), 0)::int as removed from moved`);
  const rows = (result as unknown as { rows: { removed: number }[] }).rows;
  return rows[0]?.removed ?? 0;
}
