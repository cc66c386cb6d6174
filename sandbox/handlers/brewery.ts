import { and, desc, eq, sql } from "drizzle-orm";
import { sandboxBeers, sandboxBreweries, sandboxCheckins } from "@/sandbox/schema";
import type { Ctx } from "../context";
import { byBrewery, checkinItems, checkinPage, publicAccounts } from "../data/checkins";
import { checkinStats, existingBrewery, viewerCounts } from "../data/catalogue";
import { qualified } from "../data/sql";
import { beerJson } from "../serialize/beer";
import { breweryJson } from "../serialize/brewery";
import { rfc1123 } from "../time";
import { emptyBlock, isCompact } from "./blocks";

const EMBEDDED_CHECKINS = 15;
const BEER_LIST = 15;

// GET /v4/brewery/info/BREWERY_ID — compact=true leaves out media, checkins and beer_list
export async function breweryInfo(ctx: Ctx) {
  const brewery = await existingBrewery(ctx, ctx.path.brewery_id);
  const viewerId = ctx.viewer.user?.id ?? null;
  const [[rating], stats] = await Promise.all([
    ctx.db
      .select({
        beer_count: sql<number>`count(*)::int`,
        count: sql<number>`coalesce(sum(${sandboxBeers.ratingCount}), 0)::int`,
        rating_score: sql<string>`coalesce(round(avg(${sandboxBeers.ratingScore}), 3), 0)`,
      })
      .from(sandboxBeers)
      .where(eq(sandboxBeers.breweryId, brewery.id)),
    checkinStats(ctx.db, byBrewery(brewery.id), viewerId, ctx.now),
  ]);
  const record = {
    ...breweryJson(brewery),
    brewery_description: brewery.description,
    brewery_in_production: 1,
    created_at: rfc1123(brewery.createdAt),
    beer_count: rating!.beer_count,
    rating: { count: rating!.count, rating_score: Number(rating!.rating_score) },
    stats: {
      total_count: stats.total_count,
      unique_count: stats.total_user_count,
      monthly_count: stats.monthly_count,
      user_count: stats.user_count,
    },
  };
  if (isCompact(ctx)) return { brewery: record };

  const [recent, beers] = await Promise.all([
    checkinPage(ctx.db, and(byBrewery(brewery.id), publicAccounts), { limit: EMBEDDED_CHECKINS }),
    ctx.db
      .select({
        beer: sandboxBeers,
        total: sql<number>`(select count(*) from ${sandboxCheckins} where ${qualified(sandboxCheckins.beerId)} = ${qualified(sandboxBeers.id)})::int`,
      })
      .from(sandboxBeers)
      .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
      .where(eq(sandboxBeers.breweryId, brewery.id))
      .orderBy(desc(sandboxBeers.ratingCount), sandboxBeers.id)
      .limit(BEER_LIST),
  ]);
  const [checkins, yours] = await Promise.all([
    checkinItems(ctx.db, recent.rows, ctx.viewer),
    viewerCounts(
      ctx.db,
      beers.map((row) => row.beer.id),
      viewerId,
    ),
  ]);
  return {
    brewery: {
      ...record,
      media: emptyBlock(),
      checkins: { count: checkins.length, items: checkins },
      beer_list: {
        count: beers.length,
        items: beers.map((row) => ({
          has_had: (yours.get(row.beer.id) ?? 0) > 0,
          total_count: row.total,
          beer: beerJson(row.beer),
          brewery: breweryJson(brewery),
        })),
      },
    },
  };
}
