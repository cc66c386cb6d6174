import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import {
  sandboxBadges,
  sandboxBeers,
  sandboxBreweries,
  sandboxCheckins,
  sandboxComments,
  sandboxToasts,
  sandboxUserBadges,
  sandboxUsers,
  sandboxVenues,
} from "@/sandbox/schema";
import type { Viewer } from "../context";
import { friendIds } from "./relations";
import { checkinJson, type CheckinRow, type Reactions } from "../serialize/checkin";

export type FeedPage = { maxId?: number; minId?: number; limit: number };

function selectCheckins(db: Db) {
  return db
    .select({ checkin: sandboxCheckins, user: sandboxUsers, beer: sandboxBeers, brewery: sandboxBreweries, venue: sandboxVenues })
    .from(sandboxCheckins)
    .innerJoin(sandboxUsers, eq(sandboxUsers.id, sandboxCheckins.userId))
    .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxCheckins.beerId))
    .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
    .leftJoin(sandboxVenues, eq(sandboxVenues.id, sandboxCheckins.venueId));
}

/** Check-ins of public accounts only (beer, brewery and venue feeds). */
export const publicAccounts = eq(sandboxUsers.isPrivate, false);
export const byUser = (userId: number) => eq(sandboxCheckins.userId, userId);
export const byBeer = (beerId: number) => eq(sandboxCheckins.beerId, beerId);
export const byBrewery = (breweryId: number) => eq(sandboxBeers.breweryId, breweryId);
export const byVenue = (venueId: number) => eq(sandboxCheckins.venueId, venueId);
/** Check-ins at a venue within `km` of a point (great-circle distance; check-ins without a venue are not near anything). */
export const nearPoint = (lat: number, lng: number, km: number) =>
  sql`2 * 6371 * asin(sqrt(power(sin(radians(${sandboxVenues.lat}::float8 - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${sandboxVenues.lat}::float8))
    * power(sin(radians(${sandboxVenues.lng}::float8 - ${lng}) / 2), 2))) <= ${km}`;
export const byFriendsOf = (db: Db, userId: number) => inArray(sandboxCheckins.userId, friendIds(db, userId));

/** Newest first; max_id is inclusive, min_id exclusive. Reads one row more to know whether more follow. */
export async function checkinPage(db: Db, where: SQL | undefined, page: FeedPage): Promise<{ rows: CheckinRow[]; more: boolean }> {
  const rows = await selectCheckins(db)
    .where(
      and(
        where,
        page.maxId === undefined ? undefined : lte(sandboxCheckins.id, page.maxId),
        page.minId === undefined ? undefined : gt(sandboxCheckins.id, page.minId),
      ),
    )
    .orderBy(desc(sandboxCheckins.id))
    .limit(page.limit + 1);
  return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
}

export async function checkinById(db: Db, id: number): Promise<CheckinRow | null> {
  const [row] = await selectCheckins(db).where(eq(sandboxCheckins.id, id)).limit(1);
  return row ?? null;
}

/** Comments, toasts and badges of several check-ins in three queries. */
export async function reactionsOf(db: Db, checkinIds: number[]): Promise<Map<number, Reactions>> {
  const reactions = new Map<number, Reactions>(checkinIds.map((id) => [id, { comments: [], toasts: [], badges: [] }]));
  if (checkinIds.length === 0) return reactions;
  const [comments, toasts, badges] = await Promise.all([
    db
      .select({ comment: sandboxComments, user: sandboxUsers })
      .from(sandboxComments)
      .innerJoin(sandboxUsers, eq(sandboxUsers.id, sandboxComments.userId))
      .where(inArray(sandboxComments.checkinId, checkinIds))
      .orderBy(asc(sandboxComments.id)),
    db
      .select({ toast: sandboxToasts, user: sandboxUsers })
      .from(sandboxToasts)
      .innerJoin(sandboxUsers, eq(sandboxUsers.id, sandboxToasts.userId))
      .where(inArray(sandboxToasts.checkinId, checkinIds))
      .orderBy(asc(sandboxToasts.id)),
    db
      .select({ earned: sandboxUserBadges, badge: sandboxBadges })
      .from(sandboxUserBadges)
      .innerJoin(sandboxBadges, eq(sandboxBadges.id, sandboxUserBadges.badgeId))
      .where(inArray(sandboxUserBadges.checkinId, checkinIds))
      .orderBy(asc(sandboxUserBadges.id)),
  ]);
  for (const row of comments) reactions.get(row.comment.checkinId)!.comments.push(row);
  for (const row of toasts) reactions.get(row.toast.checkinId)!.toasts.push(row);
  for (const row of badges) reactions.get(row.earned.checkinId!)!.badges.push(row);
  return reactions;
}

/** Check-in items with their comments, toasts and badges. */
export async function checkinItems(db: Db, rows: CheckinRow[], viewer: Viewer) {
  const reactions = await reactionsOf(
    db,
    rows.map((row) => row.checkin.id),
  );
  return rows.map((row) => checkinJson(row, reactions.get(row.checkin.id)!, viewer));
}
