import { asc, desc, eq, gte, ilike, sql } from "drizzle-orm";
import { likeContains, MATCH_SCORE, matchScores, termWords } from "@/lib/db/text-match";
import { z } from "zod";
import { sandboxBeers, sandboxBreweries, sandboxCheckins } from "@/sandbox/schema";
import type { Ctx } from "../context";
import { viewerCounts } from "../data/catalogue";
import { qualified } from "../data/sql";
import { lenientSort, paging, parseParams } from "../params";
import { beerJson } from "../serialize/beer";
import { breweryJson } from "../serialize/brewery";

const term = z
  .string({ error: "q is required." })
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, "q is required.")
  .refine((value) => value.length <= 100, "q must be at most 100 characters.");

const checkinCount = sql<number>`(select count(*) from ${sandboxCheckins} where ${qualified(sandboxCheckins.beerId)} = ${qualified(sandboxBeers.id)})::int`;

const beerParams = z.object({
  q: term,
  ...paging(50, 25),
  sort: lenientSort(["checkin", "name"], "checkin"),
});

// GET /v4/search/beer?q= — q's words match the beer's name, brewery or style (typos, spellings and spacing
// tolerated, as the platform's search does); sort checkin (count, default) or name
export async function searchBeer(ctx: Ctx) {
  const { q, offset, limit, sort } = parseParams(beerParams, ctx.params);
  const words = termWords(q);
  const { weakest } = matchScores(words, sql`(${sandboxBeers.name} || ' ' || ${sandboxBreweries.name} || ' ' || ${sandboxBeers.style})`);
  const rows = await ctx.db
    .select({ beer: sandboxBeers, brewery: sandboxBreweries, checkins: checkinCount, found: sql<number>`(count(*) over ())::int` })
    .from(sandboxBeers)
    .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
    .where(gte(weakest, MATCH_SCORE))
    .orderBy(...(sort === "name" ? [asc(sandboxBeers.name)] : [desc(checkinCount), desc(sandboxBeers.ratingCount)]), sandboxBeers.id)
    .offset(offset)
    .limit(limit);
  const yours = await viewerCounts(
    ctx.db,
    rows.map((row) => row.beer.id),
    ctx.viewer.user?.id ?? null,
  );
  return {
    found: rows[0]?.found ?? 0,
    offset,
    limit,
    term: q,
    parsed_term: q,
    search_type: "wildcard",
    sort,
    beers: {
      count: rows.length,
      items: rows.map((row) => {
        const mine = yours.get(row.beer.id) ?? 0;
        return {
          checkin_count: row.checkins,
          have_had: mine > 0,
          your_count: mine,
          beer: beerJson(row.beer),
          brewery: breweryJson(row.brewery),
        };
      }),
    },
    homebrew: { count: 0, items: [] },
    breweries: { count: 0, items: [] },
  };
}

const breweryParams = z.object({ q: term, ...paging(50, 25) });

// GET /v4/search/brewery?q=
export async function searchBrewery(ctx: Ctx) {
  const { q, offset, limit } = parseParams(breweryParams, ctx.params);
  const beerCount = sql<number>`(select count(*) from ${sandboxBeers} where ${qualified(sandboxBeers.breweryId)} = ${qualified(sandboxBreweries.id)})::int`;
  const rows = await ctx.db
    .select({ brewery: sandboxBreweries, beerCount, found: sql<number>`(count(*) over ())::int` })
    .from(sandboxBreweries)
    .where(ilike(sandboxBreweries.name, likeContains(q)))
    .orderBy(desc(beerCount), asc(sandboxBreweries.name), sandboxBreweries.id)
    .offset(offset)
    .limit(limit);
  return {
    found: rows[0]?.found ?? 0,
    offset,
    limit,
    term: q,
    brewery: { count: rows.length, items: rows.map((row) => ({ brewery: { ...breweryJson(row.brewery), beer_count: row.beerCount } })) },
  };
}
