import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { sandboxBeers, sandboxBreweries, sandboxCheckins, sandboxWishlist } from "@/sandbox/schema";
import type { Ctx } from "../context";
import { existingBeer } from "../data/catalogue";
import { qualified } from "../data/sql";
import { assertVisible, requireViewer, targetUser } from "../data/users";
import { invalidParam } from "../errors";
import { lenientSort, paging, parseParams } from "../params";
import { beerJson } from "../serialize/beer";
import { breweryJson } from "../serialize/brewery";
import { rfc1123 } from "../time";

const checkinCount = sql<number>`(select count(*) from ${sandboxCheckins} where ${qualified(sandboxCheckins.beerId)} = ${qualified(sandboxBeers.id)})::int`;

const SORTS = {
  date: [desc(sandboxWishlist.createdAt)],
  checkin: [desc(checkinCount)],
  highest_rated: [desc(sandboxBeers.ratingScore)],
  lowest_rated: [asc(sandboxBeers.ratingScore)],
  highest_abv: [desc(sandboxBeers.abv)],
  lowest_abv: [asc(sandboxBeers.abv)],
} as const;

const listParams = z.object({
  ...paging(50, 25),
  sort: lenientSort(Object.keys(SORTS) as [keyof typeof SORTS, ...(keyof typeof SORTS)[]], "date"),
});

// GET /v4/user/wishlist/USERNAME
export async function wishlist(ctx: Ctx) {
  const user = await targetUser(ctx);
  assertVisible(ctx, user);
  const { offset, limit, sort } = parseParams(listParams, ctx.params);
  const rows = await ctx.db
    .select({
      added: sandboxWishlist.createdAt,
      beer: sandboxBeers,
      brewery: sandboxBreweries,
      found: sql<number>`(count(*) over ())::int`,
    })
    .from(sandboxWishlist)
    .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxWishlist.beerId))
    .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
    .where(eq(sandboxWishlist.userId, user.id))
    .orderBy(...SORTS[sort], sandboxBeers.id)
    .offset(offset)
    .limit(limit);
  return {
    found: rows[0]?.found ?? 0,
    offset,
    limit,
    sort,
    beers: {
      count: rows.length,
      items: rows.map((row) => ({
        created_at: rfc1123(row.added),
        beer: { ...beerJson(row.beer), wish_list: true },
        brewery: breweryJson(row.brewery),
      })),
    },
  };
}

const bidParams = z.object({ bid: z.string({ error: "bid is required." }) });

// GET /v4/user/wishlist/add?bid= — a beer already on the list is 400
export async function wishlistAdd(ctx: Ctx) {
  const me = requireViewer(ctx);
  const { beer, brewery } = await existingBeer(ctx, parseParams(bidParams, ctx.params).bid, "bid");
  const added = await ctx.db
    .insert(sandboxWishlist)
    .values({ userId: me.id, beerId: beer.id, createdAt: ctx.now })
    .onConflictDoNothing()
    .returning({ beerId: sandboxWishlist.beerId });
  if (added.length === 0) throw invalidParam("This beer is already on your wish list.");
  return { result: "success", beer: { ...beerJson(beer), wish_list: true, brewery: breweryJson(brewery) } };
}

// GET /v4/user/wishlist/delete?bid= — a beer not on the list is 400
export async function wishlistDelete(ctx: Ctx) {
  const me = requireViewer(ctx);
  const { beer, brewery } = await existingBeer(ctx, parseParams(bidParams, ctx.params).bid, "bid");
  const removed = await ctx.db
    .delete(sandboxWishlist)
    .where(and(eq(sandboxWishlist.userId, me.id), eq(sandboxWishlist.beerId, beer.id)))
    .returning({ beerId: sandboxWishlist.beerId });
  if (removed.length === 0) throw invalidParam("This beer is not on your wish list.");
  return { result: "success", beer: { ...beerJson(beer), wish_list: false, brewery: breweryJson(brewery) } };
}
