import { and, desc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxBeers, sandboxBreweries, sandboxCheckins, sandboxUsers, sandboxVenues, sandboxWishlist } from "@/sandbox/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { parseParams, recordId } from "../params";
import type { BeerRow } from "../serialize/beer";
import type { BreweryRow } from "../serialize/brewery";
import type { VenueRow } from "../serialize/venue";
import { friendIds } from "./relations";

const idParam = (label: string, raw: string | undefined) => parseParams(z.object({ id: recordId(label) }), { id: raw }).id;

export async function existingBeer(ctx: Ctx, raw: string | undefined, label = "BID"): Promise<{ beer: BeerRow; brewery: BreweryRow }> {
  const id = idParam(label, raw);
  const [row] = await ctx.db
    .select({ beer: sandboxBeers, brewery: sandboxBreweries })
    .from(sandboxBeers)
    .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
    .where(eq(sandboxBeers.id, id))
    .limit(1);
  if (!row) throw notFound("There is no beer with that BID.");
  return row;
}

export async function existingBrewery(ctx: Ctx, raw: string | undefined): Promise<BreweryRow> {
  const id = idParam("BREWERY_ID", raw);
  const [brewery] = await ctx.db.select().from(sandboxBreweries).where(eq(sandboxBreweries.id, id)).limit(1);
  if (!brewery) throw notFound("There is no brewery with that BREWERY_ID.");
  return brewery;
}

export async function existingVenue(ctx: Ctx, raw: string | undefined): Promise<VenueRow> {
  const id = idParam("VENUE_ID", raw);
  const [venue] = await ctx.db.select().from(sandboxVenues).where(eq(sandboxVenues.id, id)).limit(1);
  if (!venue) throw notFound("There is no venue with that VENUE_ID.");
  return venue;
}

const count = (condition?: SQL) => (condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`);

/** total_count, monthly_count (30 days), total_user_count and the viewer's user_count over some check-ins. */
export async function checkinStats(db: Db, where: SQL, viewerId: number | null, now: Date) {
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const [stats] = await db
    .select({
      total_count: count(),
      monthly_count: count(sql`${sandboxCheckins.createdAt} > ${monthAgo.toISOString()}::timestamptz`),
      total_user_count: sql<number>`count(distinct ${sandboxCheckins.userId})::int`,
      user_count: count(viewerId === null ? sql`false` : eq(sandboxCheckins.userId, viewerId)),
    })
    .from(sandboxCheckins)
    .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxCheckins.beerId))
    .where(where);
  return stats!;
}

/** The viewer's latest rating of a beer (0 when none) and whether it is on their wish list. */
export async function viewerBeerState(db: Db, beerId: number, viewerId: number | null) {
  if (viewerId === null) return { auth_rating: 0, wish_list: false };
  const [[rated], [wished]] = await Promise.all([
    db
      .select({ rating: sandboxCheckins.rating })
      .from(sandboxCheckins)
      .where(and(eq(sandboxCheckins.beerId, beerId), eq(sandboxCheckins.userId, viewerId), isNotNull(sandboxCheckins.rating)))
      .orderBy(desc(sandboxCheckins.id))
      .limit(1),
    db
      .select({ beerId: sandboxWishlist.beerId })
      .from(sandboxWishlist)
      .where(and(eq(sandboxWishlist.userId, viewerId), eq(sandboxWishlist.beerId, beerId))),
  ]);
  return { auth_rating: rated?.rating ? Number(rated.rating) : 0, wish_list: wished !== undefined };
}

/** Other beers of the same style, most rated first. */
export async function similarBeers(db: Db, beer: BeerRow, limit = 5) {
  return db
    .select({ beer: sandboxBeers, brewery: sandboxBreweries })
    .from(sandboxBeers)
    .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
    .where(and(eq(sandboxBeers.style, beer.style), ne(sandboxBeers.id, beer.id)))
    .orderBy(desc(sandboxBeers.ratingCount), sandboxBeers.id)
    .limit(limit);
}

/** The viewer's friends who checked in a beer. */
export async function friendsWhoHad(db: Db, beerId: number, viewerId: number | null, limit = 25) {
  if (viewerId === null) return [];
  return db
    .selectDistinct({ user: sandboxUsers })
    .from(sandboxCheckins)
    .innerJoin(sandboxUsers, eq(sandboxUsers.id, sandboxCheckins.userId))
    .where(and(eq(sandboxCheckins.beerId, beerId), inArray(sandboxCheckins.userId, friendIds(db, viewerId))))
    .limit(limit);
}

/** How many times the viewer checked in each of these beers. */
export async function viewerCounts(db: Db, beerIds: number[], viewerId: number | null): Promise<Map<number, number>> {
  if (viewerId === null || beerIds.length === 0) return new Map();
  const rows = await db
    .select({ beerId: sandboxCheckins.beerId, n: count() })
    .from(sandboxCheckins)
    .where(and(eq(sandboxCheckins.userId, viewerId), inArray(sandboxCheckins.beerId, beerIds)))
    .groupBy(sandboxCheckins.beerId);
  return new Map(rows.map((row) => [row.beerId, row.n]));
}
