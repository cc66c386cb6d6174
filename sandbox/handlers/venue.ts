import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { sandboxBeers, sandboxBreweries, sandboxCheckins, sandboxVenues } from "@/sandbox/schema";
import type { Ctx } from "../context";
import { byVenue, checkinItems, checkinPage, publicAccounts } from "../data/checkins";
import { checkinStats, existingVenue, viewerCounts } from "../data/catalogue";
import { notFound } from "../errors";
import { parseParams } from "../params";
import { beerJson } from "../serialize/beer";
import { breweryJson } from "../serialize/brewery";
import { venueJson } from "../serialize/venue";
import { rfc1123 } from "../time";
import { emptyBlock, isCompact } from "./blocks";

const EMBEDDED_CHECKINS = 15;
const TOP_BEERS = 15;

// GET /v4/venue/info/VENUE_ID — compact=true leaves out media, checkins and top_beers
export async function venueInfo(ctx: Ctx) {
  const venue = await existingVenue(ctx, ctx.path.venue_id);
  const viewerId = ctx.viewer.user?.id ?? null;
  const stats = await checkinStats(ctx.db, byVenue(venue.id), viewerId, ctx.now);
  const record = { ...venueJson(venue), stats };
  if (isCompact(ctx)) return { venue: record };

  const [recent, top] = await Promise.all([
    checkinPage(ctx.db, and(byVenue(venue.id), publicAccounts), { limit: EMBEDDED_CHECKINS }),
    ctx.db
      .select({
        beer: sandboxBeers,
        brewery: sandboxBreweries,
        total: sql<number>`count(*)::int`,
        latest: sql<string>`max(${sandboxCheckins.createdAt})`,
      })
      .from(sandboxCheckins)
      .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxCheckins.beerId))
      .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
      .where(eq(sandboxCheckins.venueId, venue.id))
      .groupBy(sandboxBeers.id, sandboxBreweries.id)
      .orderBy(desc(sql`count(*)`), sandboxBeers.id)
      .limit(TOP_BEERS),
  ]);
  const [checkins, yours] = await Promise.all([
    checkinItems(ctx.db, recent.rows, ctx.viewer),
    viewerCounts(
      ctx.db,
      top.map((row) => row.beer.id),
      viewerId,
    ),
  ]);
  return {
    venue: {
      ...record,
      media: emptyBlock(),
      checkins: { count: checkins.length, items: checkins },
      top_beers: {
        count: top.length,
        items: top.map((row) => ({
          created_at: rfc1123(new Date(row.latest)),
          total_count: row.total,
          your_count: yours.get(row.beer.id) ?? 0,
          beer: beerJson(row.beer),
          brewery: breweryJson(row.brewery),
        })),
      },
    },
  };
}

const directoryParams = z.object({
  directory_id: z.string().regex(/^[0-9a-f]{24}$/i, "VENUE_ID must be a venue-directory v2 id (24 hexadecimal characters)."),
});

// GET /v4/venue/directory_lookup/VENUE_ID — the service's venue for an external directory id
export async function directoryLookup(ctx: Ctx) {
  const { directory_id } = parseParams(directoryParams, ctx.path);
  const [venue] = await ctx.db.select().from(sandboxVenues).where(eq(sandboxVenues.directoryId, directory_id.toLowerCase())).limit(1);
  if (!venue) throw notFound("There is no venue with that directory id.");
  return { venue: { count: 1, items: [venueJson(venue)] } };
}
