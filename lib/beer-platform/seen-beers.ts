import { and, desc, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { platformBeerSearches, platformBeers } from "@/lib/db/schema";
import { anyWordNear, candidateThreshold, MATCH_SCORE, matchScores, termWords } from "@/lib/db/text-match";
import type { CatalogueBeer } from "@/lib/menus/catalogue";

// The beers the platform has sent us, kept in the database for every instance (decision 061): the
// catalogue search answers from here first and the add of a beer seen lately costs no upstream call.

/** A term the platform answered within this long is not asked again (nor a longer one it answered in full). */
export const SEARCH_MEMORY_MS = 24 * 3_600_000;
/** A beer whose whole record arrived within this long is added from here; an older one is asked again. */
export const DETAIL_FRESH_MS = 7 * 24 * 3_600_000;
/** At most this many beers near the term when none matches it. */
export const NEAR_LIMIT = 5;

type Row = typeof platformBeers.$inferSelect;

const beerOf = (row: Row): CatalogueBeer => ({
  untappdId: row.untappdId,
  name: row.name,
  brewery: row.brewery,
  breweryId: row.breweryId,
  breweryLocation: row.breweryLocation,
  style: row.style,
  description: row.description,
  abv: row.abv,
  ibu: row.ibu,
  labelImage: row.labelImage,
  labelImageHd: row.labelImageHd,
  slug: row.slug,
  inProduction: row.inProduction,
  rating: row.rating,
  calories: row.calories,
});

/** A beer as the platform sent it; `complete`: the whole record (beer info), not a search item lacking fields. */
export type SeenBeer = { beer: CatalogueBeer; complete: boolean };

const KEPT = [
  "brewery",
  "breweryId",
  "breweryLocation",
  "style",
  "description",
  "abv",
  "ibu",
  "labelImage",
  "labelImageHd",
  "slug",
  "rating",
  "calories",
] as const;
const column = (name: (typeof KEPT)[number]) => platformBeers[name].name;

/**
 * Keeps what the platform sent. A complete record replaces the row; a partial one (a search item
 * without, say, the rating) fills what it carries and keeps what an earlier complete record said.
 */
export async function keepBeers(db: Db, seen: SeenBeer[], now = new Date()) {
  const unique = [...new Map(seen.map((entry) => [entry.beer.untappdId, entry])).values()];
  if (unique.length === 0) return;
  const rows = unique.map(({ beer, complete }) => ({ ...beer, seenAt: now, detailedAt: complete ? now : null }));
  const keptUnlessComplete = Object.fromEntries(
    KEPT.map((name) => [
      name,
      sql.raw(
        `case when excluded.detailed_at is not null then excluded.${column(name)} else coalesce(excluded.${column(name)}, platform_beers.${column(name)}) end`,
      ),
    ]),
  );
  await db
    .insert(platformBeers)
    .values(rows)
    .onConflictDoUpdate({
      target: platformBeers.untappdId,
      set: {
        name: sql.raw("excluded.name"),
        inProduction: sql.raw("excluded.in_production"),
        ...keptUnlessComplete,
        seenAt: sql.raw("excluded.seen_at"),
        detailedAt: sql.raw("coalesce(excluded.detailed_at, platform_beers.detailed_at)"),
      },
    });
}

/** A beer kept here; `fresh`: its whole record arrived within DETAIL_FRESH_MS, so an add may use it as it is. */
export async function seenBeer(db: Db, untappdId: number, now = new Date()): Promise<{ beer: CatalogueBeer; fresh: boolean } | null> {
  const [row] = await db.select().from(platformBeers).where(eq(platformBeers.untappdId, untappdId)).limit(1);
  if (!row) return null;
  const fresh = row.detailedAt !== null && row.detailedAt.getTime() > now.getTime() - DETAIL_FRESH_MS;
  return { beer: beerOf(row), fresh };
}

export type LocalSearch = { beers: CatalogueBeer[]; near: CatalogueBeer[] };

/**
 * The beers kept here that match every word of the term (name, brewery or style, typos tolerated:
 * lib/db/text-match.ts), best first; when none does, up to NEAR_LIMIT that come near it.
 */
export async function searchSeen(db: Db, term: string, limit: number): Promise<LocalSearch> {
  const words = termWords(term);
  if (words.length === 0) return { beers: [], near: [] };
  const { weakest, together, mean, near } = matchScores(words, sql`${platformBeers.searchText}`);
  const rows = await db.transaction(async (tx) => {
    // `<<%` finds candidates through the trigram index; the scores decide.
    await tx.execute(candidateThreshold(words));
    return (
      tx
        .select({ row: platformBeers, weakest, mean })
        .from(platformBeers)
        .where(and(anyWordNear(words, sql`${platformBeers.searchText}`), or(gte(weakest, MATCH_SCORE), near)))
        // The term as typed but for its spacing first ("brew dog": BrewDog), then what is written exactly.
        .orderBy(
          desc(together),
          desc(weakest),
          desc(mean),
          sql`${platformBeers.rating} desc nulls last`,
          platformBeers.name,
          platformBeers.untappdId,
        )
        .limit(limit + NEAR_LIMIT)
    );
  });
  const beers = rows.filter((row) => row.weakest >= MATCH_SCORE).slice(0, limit);
  const nearby =
    beers.length > 0
      ? []
      : rows
          .sort((a, b) => b.mean - a.mean)
          .slice(0, NEAR_LIMIT)
          .map(({ row }) => beerOf(row));
  return { beers: beers.map(({ row }) => beerOf(row)), near: nearby };
}

/**
 * Whether the platform answered this term lately, for at least `limit` beers, or answered a shorter
 * term it starts with in full (fewer beers than asked: a longer term can only find fewer), so
 * what it would say is already kept here.
 */
export async function askedLately(db: Db, term: string, limit: number, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - SEARCH_MEMORY_MS);
  const [row] = await db
    .select({ term: platformBeerSearches.term })
    .from(platformBeerSearches)
    .where(
      and(
        gt(platformBeerSearches.askedAt, since),
        or(
          and(eq(platformBeerSearches.term, term), gte(platformBeerSearches.askedLimit, limit)),
          and(sql`starts_with(${term}, ${platformBeerSearches.term})`, lt(platformBeerSearches.found, platformBeerSearches.askedLimit)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Remembers that the platform answered `term` with `found` beers when asked for `limit`. */
export async function rememberSearch(db: Db, { term, limit, found }: { term: string; limit: number; found: number }, now = new Date()) {
  const values = { term, askedLimit: limit, found, askedAt: now };
  await db.insert(platformBeerSearches).values(values).onConflictDoUpdate({ target: platformBeerSearches.term, set: values });
}

/** The prune job's part: terms past their memory. */
export async function forgetOldSearches(db: Db, now = new Date()) {
  return db
    .delete(platformBeerSearches)
    .where(lt(platformBeerSearches.askedAt, new Date(now.getTime() - SEARCH_MEMORY_MS)))
    .returning({ key: platformBeerSearches.term });
}
