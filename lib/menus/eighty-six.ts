import { and, asc, eq, gt, inArray, isNotNull, isNull, min, or, sql } from "drizzle-orm";
import { actingAs, currentActor } from "@/lib/db/actor";
import type { Db } from "@/lib/db/client";
import { items, menus, sections } from "@/lib/db/schema";
import type { ChangeActor } from "@/lib/db/schema/changes";
import type { EightySixReason } from "@/lib/db/schema/menus";
import { invalid } from "@/lib/server/errors";
import { listHours } from "@/lib/hours/hours";
import { listSpecialHours } from "@/lib/hours/special";
import { nextOpening } from "@/lib/hours/open-now";
import type { EightySixUntil, MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { found, type Scope } from "@/lib/server/scope";
import { getItem, ownItem } from "./access";
import { inForce as isInForce } from "./in-force";
import { eightySixInForce, itemJson } from "./serialize";

// 86 (out of stock, live-menus §7). An item is 86'd while `eighty_sixed_at` is set and
// `eighty_sixed_until` is null (until someone restores it) or still ahead: every read decides that
// against the clock (the one rule, lib/menus/in-force.ts), so an 86 ends on time with no job. The sweeper
// (lib/menus/eighty-six-sweeper.ts) only clears expired rows afterwards, so that the feed shows
// the restore. Each 86 and each restore is one transaction: one change, one version.

export const SYSTEM: ChangeActor = { user_id: null, name: null, via: "system" };

/** An item's 86 columns when it is not 86'd: the reason goes with the 86 it explains. */
export const NOT_EIGHTY_SIXED = { eightySixedAt: null, eightySixedUntil: null, eightySixedReason: null } as const;

/** Runs `work` as the current caller (the system outside a request), naming the change's type. */
const asChange = <T>(type: "item.86d" | "item.restored", work: () => Promise<T>) => actingAs(currentActor() ?? SYSTEM, work, type);

/** The SQL twin of the one rule (lib/menus/in-force.ts): rows whose 86 is in force at `now`. */
const inForce = (now: Date) => and(isNotNull(items.eightySixedAt), or(isNull(items.eightySixedUntil), gt(items.eightySixedUntil, now)));

/** The instant an 86 ends: the location's next opening, a time still ahead, or null (until restored). */
async function endOf(db: Db, until: EightySixUntil, location: { id: number; timeZone: string }, now: Date): Promise<Date | null> {
  if (until === null) return null;
  if (until === "next_open") {
    // Special hours (a holiday closed, other hours) replace their weekday's (venue-operations §11).
    const special = await listSpecialHours(db, location, now);
    const opening = nextOpening(await listHours(db, { locationId: location.id }), now, location.timeZone, special);
    if (!opening) {
      throw invalid([
        {
          path: "eighty_six.until",
          message: "the location has no opening hours, so no next opening; send a time, or null (until restored)",
        },
      ]);
    }
    return opening.toJSDate();
  }
  const end = new Date(until);
  if (end <= now) throw invalid([{ path: "eighty_six.until", message: "is not in the future; an 86 must end later than now" }]);
  return end;
}

/**
 * POST /items/:id/86: 86 the item until `until`. An item already 86'd takes the new end (a second
 * request is a second change: it may move the end). The UPDATE carries the business in its WHERE, so
 * an item deleted meanwhile is 404.
 */
export async function eightySixItem(db: Db, { businessId, id, until, now = new Date() }: Scope & { until: EightySixUntil; now?: Date }) {
  const { location } = await getItem(db, { businessId, id });
  const end = await endOf(db, until, location, now);
  const [updated] = await asChange("item.86d", () =>
    db.transaction((tx) =>
      tx
        .update(items)
        .set({ eightySixedAt: now, eightySixedUntil: end, eightySixedReason: "manual", updatedAt: now })
        .where(ownItem(tx, { businessId, id }))
        .returning(),
    ),
  );
  return itemJson(found(updated, "item"), now);
}

/**
 * DELETE /items/:id/86: back on. An item that is not 86'd (never was, or its time has passed) is
 * answered as it is and nothing changes: no change in the feed, no new version. The restore's WHERE
 * repeats the test, so a restore racing the sweeper or another restore is recorded once.
 */
export async function restoreItem(db: Db, { businessId, id, now = new Date() }: Scope & { now?: Date }) {
  const { item } = await getItem(db, { businessId, id });
  if (!eightySixInForce(item, now)) return itemJson(item, now);
  const [updated] = await asChange("item.restored", () =>
    db.transaction((tx) =>
      tx
        .update(items)
        .set({ ...NOT_EIGHTY_SIXED, updatedAt: now })
        .where(and(ownItem(tx, { businessId, id }), inForce(now)))
        .returning(),
    ),
  );
  return itemJson(updated ?? (await getItem(db, { businessId, id })).item, now);
}

/** GET /locations/:id/eighty_sixed: the location's items 86'd now, in menu, section and item order (on deck last). */
export async function listEightySixed(db: Db, { locationId, now = new Date() }: { locationId: number; now?: Date }) {
  const rows = await db
    .select({ item: items })
    .from(items)
    .innerJoin(sections, eq(sections.id, items.sectionId))
    .innerJoin(menus, eq(menus.id, sections.menuId))
    .where(and(eq(menus.locationId, locationId), inForce(now)))
    .orderBy(
      asc(menus.position),
      asc(menus.id),
      sql`${sections.type} = 'OnDeckSection'`,
      asc(sections.position),
      asc(sections.id),
      asc(items.position),
      asc(items.id),
    );
  return rows.map(({ item }) => itemJson(item, now));
}

/**
 * The earliest end of an 86 in force in a menu, or null: the moment a full menu's answer changes by
 * time alone (live-menus §2, the ETag of `full=true`). One indexed aggregate; the tree is not built.
 */
export async function nextEightySixExpiry(db: Db, menuId: number, now: Date = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ end: min(items.eightySixedUntil) })
    .from(items)
    .where(
      and(
        inArray(items.sectionId, db.select({ id: sections.id }).from(sections).where(eq(sections.menuId, menuId))),
        inForce(now),
        isNotNull(items.eightySixedUntil),
      ),
    );
  const end = row?.end ?? null;
  // node-postgres and PGlite both map timestamptz to Date, but an aggregate may come back as text.
  return end === null ? null : new Date(end);
}

/** The same from a built full menu (answer JSON): the earliest `eighty_sixed_until` of an item 86'd now. */
export function earliestEightySixExpiry(tree: Pick<MenuTreeResponse, "sections" | "on_deck_section">): string | null {
  const all = [...tree.sections, ...(tree.on_deck_section ? [tree.on_deck_section] : [])].flatMap((section) => section.items);
  const now = new Date();
  const ends = all.flatMap((item) =>
    item.eighty_sixed_until && isInForce({ set: item.eighty_sixed, until: item.eighty_sixed_until }, now) ? [item.eighty_sixed_until] : [],
  );
  // ISO timestamps in UTC with milliseconds sort as text.
  return ends.sort()[0] ?? null;
}

/**
 * 86s an item inside the caller's transaction, until someone restores it, for `reason`: a kicked keg
 * (lib/taps/kick.ts), whose transaction names its own change (`tap.kicked`) and does the swap in the
 * same version.
 */
export async function eightySixInTransaction(tx: Db, itemId: number, now: Date, reason: EightySixReason) {
  await tx
    .update(items)
    .set({ eightySixedAt: now, eightySixedUntil: null, eightySixedReason: reason, updatedAt: now })
    .where(eq(items.id, itemId));
}

/** Restores an item inside the caller's transaction if its 86 is in force (a new keg of it tapped); whether it did. */
export async function restoreInTransaction(tx: Db, itemId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(items)
    .set({ ...NOT_EIGHTY_SIXED, updatedAt: now })
    .where(and(eq(items.id, itemId), inForce(now)))
    .returning({ id: items.id });
  return rows.length > 0;
}
