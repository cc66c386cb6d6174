import { and, desc, eq, gt, sql } from "drizzle-orm";
import { sandboxBeers, sandboxBreweries, sandboxCheckins } from "@/sandbox/schema";
import type { Ctx } from "../context";
import { byBeer, checkinItems, checkinPage, publicAccounts } from "../data/checkins";
import { checkinStats, existingBeer, friendsWhoHad, similarBeers, viewerBeerState, viewerCounts } from "../data/catalogue";
import { beerJson } from "../serialize/beer";
import { breweryJson } from "../serialize/brewery";
import { userJson } from "../serialize/user";
import { emptyBlock, isCompact } from "./blocks";

const EMBEDDED_CHECKINS = 15;

// GET /v4/beer/info/BID — compact=true leaves out media, checkins, similar, friends, vintages, variants
export async function beerInfo(ctx: Ctx) {
  const { beer, brewery } = await existingBeer(ctx, ctx.path.bid);
  const viewerId = ctx.viewer.user?.id ?? null;
  const [stats, state] = await Promise.all([
    checkinStats(ctx.db, byBeer(beer.id), viewerId, ctx.now),
    viewerBeerState(ctx.db, beer.id, viewerId),
  ]);
  const record = { ...beerJson(beer), stats, brewery: breweryJson(brewery), ...state };
  if (isCompact(ctx)) return { beer: record };

  const [recent, similar, friends] = await Promise.all([
    checkinPage(ctx.db, and(byBeer(beer.id), publicAccounts), { limit: EMBEDDED_CHECKINS }),
    similarBeers(ctx.db, beer),
    friendsWhoHad(ctx.db, beer.id, viewerId),
  ]);
  const checkins = await checkinItems(ctx.db, recent.rows, ctx.viewer);
  return {
    beer: {
      ...record,
      media: emptyBlock(),
      checkins: { count: checkins.length, items: checkins },
      similar: {
        count: similar.length,
        items: similar.map((row) => ({
          rating_score: Number(row.beer.ratingScore),
          beer: beerJson(row.beer),
          brewery: breweryJson(row.brewery),
        })),
      },
      friends: { count: friends.length, items: friends.map((row) => ({ user: userJson(row.user, ctx.viewer) })) },
      vintages: emptyBlock(),
      variants: emptyBlock(),
    },
  };
}

const TRENDING_DAYS = 7;
const TRENDING_SIZE = 10;

// GET /v4/beer/trending — the most checked-in beers of the last 7 days, macro and micro breweries apart
export async function trending(ctx: Ctx) {
  const since = new Date(ctx.now.getTime() - TRENDING_DAYS * 86_400_000);
  const macro = sql<boolean>`${sandboxBreweries.breweryType} = 'Macro Brewery'`;
  const rows = await ctx.db
    .select({ beer: sandboxBeers, brewery: sandboxBreweries, macro, total: sql<number>`count(*)::int` })
    .from(sandboxCheckins)
    .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxCheckins.beerId))
    .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
    .where(gt(sandboxCheckins.createdAt, since))
    .groupBy(sandboxBeers.id, sandboxBreweries.id)
    .orderBy(desc(sql`count(*)`), sandboxBeers.id);
  const yours = await viewerCounts(
    ctx.db,
    rows.map((row) => row.beer.id),
    ctx.viewer.user?.id ?? null,
  );
  const block = (list: typeof rows) => {
    const items = list.slice(0, TRENDING_SIZE).map((row) => ({
      total_count: row.total,
      your_count: yours.get(row.beer.id) ?? 0,
      beer: beerJson(row.beer),
      brewery: breweryJson(row.brewery),
    }));
    return { count: items.length, items };
  };
  return { macro: block(rows.filter((row) => row.macro)), micro: block(rows.filter((row) => !row.macro)) };
}
