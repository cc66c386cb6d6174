import { type Db, getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/server/errors";
import type { BeerCatalogue, CatalogueBeer } from "@/lib/menus/catalogue";
import { upstreamConfig } from "./config";
import { callUpstream } from "./client";
import { appBudget, businessShare } from "./budget";
import { matchEndpoint } from "./endpoints";
import { V4Error } from "./errors";
import { askedLately, keepBeers, rememberSearch, searchSeen, seenBeer, type SeenBeer } from "./seen-beers";
import { normalTerm } from "@/lib/db/text-match";

// The platform's beer record, as far as menus need it (reference-shapes.md, v4).
type VendorBeer = {
  bid: number;
  beer_name: string;
  beer_label?: string;
  beer_label_hd?: string;
  beer_abv?: number | string;
  beer_ibu?: number | string;
  beer_description?: string;
  beer_style?: string;
  beer_slug?: string;
  is_in_production?: number | boolean;
  rating_score?: number | string;
  calories?: number | string | null;
  brewery?: {
    brewery_id?: number;
    brewery_name?: string;
    country_name?: string;
    location?: { brewery_city?: string; brewery_state?: string };
  };
};

const text = (value: string | undefined) => (value && value.trim() !== "" ? value : null);
const decimal = (value: number | string | undefined) =>
  value === undefined || value === null || value === "" || !Number.isFinite(Number(value)) ? null : String(Number(value));

/** A non-negative number of calories, rounded to a whole one (items store an integer); anything else is none. */
const calories = (value: number | string | null | undefined) => {
  const amount = value === null || value === undefined || value === "" ? Number.NaN : Number(value);
  return Number.isFinite(amount) && amount >= 0 && amount <= 100_000 ? Math.round(amount) : null;
};

export function reshapeBeer(beer: VendorBeer, brewery = beer.brewery): CatalogueBeer {
  const place = [brewery?.location?.brewery_city, brewery?.location?.brewery_state, brewery?.country_name].filter((part) => text(part));
  return {
    untappdId: beer.bid,
    name: beer.beer_name,
    brewery: text(brewery?.brewery_name),
    breweryId: brewery?.brewery_id ?? null,
    breweryLocation: place.length > 0 ? place.join(", ") : null,
    style: text(beer.beer_style),
    description: text(beer.beer_description),
    abv: decimal(beer.beer_abv),
    ibu: decimal(beer.beer_ibu),
    labelImage: text(beer.beer_label),
    labelImageHd: text(beer.beer_label_hd),
    slug: text(beer.beer_slug),
    inProduction: beer.is_in_production === undefined ? true : Boolean(Number(beer.is_in_production)),
    rating: decimal(beer.rating_score),
    calories: calories(beer.calories),
  };
}

type VendorAnswer = { response?: Record<string, unknown> };

/**
 * The beers in a platform answer, as the catalogue keeps them: beer info's one (complete), a beer
 * search's items (complete when they carry the rating: the sandbox's do, a platform's may not).
 */
function beersIn(endpointName: string, body: VendorAnswer): SeenBeer[] {
  if (endpointName === "beer/info") {
    const beer = body.response?.beer as VendorBeer | undefined;
    return beer && typeof beer.bid === "number" && beer.beer_name ? [{ beer: reshapeBeer(beer), complete: true }] : [];
  }
  if (endpointName !== "search/beer") return [];
  const items = (body.response?.beers as { items?: { beer: VendorBeer; brewery?: VendorBeer["brewery"] }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => typeof item?.beer?.bid === "number" && item.beer.beer_name)
    .map((item) => ({ beer: reshapeBeer(item.beer, item.brewery ?? item.beer.brewery), complete: item.beer.rating_score !== undefined }));
}

/**
 * What the forwarder passes on from beer info and beer search is kept too (decision 061): a beer a
 * website or script looked up is then found and added without another call.
 */
export async function keepForwardedBeers(db: Db, endpointName: string, answer: { status: number; body: string }) {
  if (answer.status !== 200 || (endpointName !== "beer/info" && endpointName !== "search/beer")) return;
  let body: VendorAnswer;
  try {
    body = JSON.parse(answer.body) as VendorAnswer;
  } catch {
    return;
  }
  await keepBeers(db, beersIn(endpointName, body));
}

/** Calls a public endpoint with the app's budget and the business's share; platform failures become v1 errors. */
async function lookup(segments: string[], query: Record<string, string>, businessId: number) {
  const endpoint = matchEndpoint("GET", segments)!;
  const config = upstreamConfig();
  try {
    const answer = await callUpstream(await getDb(), {
      endpoint,
      query: new URLSearchParams(query),
      budget: appBudget(config.clientId, config.hourlyLimit),
      share: businessShare(businessId, config),
    });
    return { status: answer.status, body: JSON.parse(answer.body) as VendorAnswer };
  } catch (error) {
    if (!(error instanceof V4Error)) throw error;
    if (error.status === 429)
      throw new ApiError("rate_limited", error.detail, { headers: { "retry-after": error.headers["retry-after"] ?? "3600" } });
    throw new ApiError("catalogue_unavailable", `The beer catalogue is unavailable: ${error.detail}`);
  }
}

/** The hour spent or the platform down: what a beer kept here can stand in for. */
const upstreamOut = (error: unknown) =>
  error instanceof ApiError && (error.code === "rate_limited" || error.code === "catalogue_unavailable");

/**
 * The platform's catalogue with the beers it has sent kept locally (seen-beers.ts, decision 061): an add
 * of a beer kept lately and a search the kept beers answer, or one asked lately, call nobody.
 */
export const v4Catalogue: BeerCatalogue = {
  async getBeer(untappdId, { businessId }) {
    const db = await getDb();
    const kept = await seenBeer(db, untappdId);
    if (kept?.fresh) return kept.beer;
    try {
      const { status, body } = await lookup(["beer", "info", String(untappdId)], { compact: "true" }, businessId);
      if (status === 404) return null;
      const [seen] = status === 200 ? beersIn("beer/info", body) : [];
      if (!seen) throw new ApiError("catalogue_unavailable", `The beer catalogue answered ${status}.`);
      await keepBeers(db, [seen]);
      return seen.beer;
    } catch (error) {
      // An older record of the beer is still the beer: better than no add while the hour is spent.
      if (kept && upstreamOut(error)) return kept.beer;
      throw error;
    }
  },
  async searchBeers(query, { limit, businessId }) {
    const db = await getDb();
    const term = normalTerm(query);
    const local = await searchSeen(db, term, limit);
    if (local.beers.length >= limit || (await askedLately(db, term, limit))) return local;
    let found: SeenBeer[];
    try {
      const { status, body } = await lookup(["search", "beer"], { q: query.trim(), limit: String(limit) }, businessId);
      if (status !== 200) throw new ApiError("catalogue_unavailable", `The beer catalogue answered ${status}.`);
      found = beersIn("search/beer", body);
    } catch (error) {
      if (local.beers.length > 0 && upstreamOut(error)) return local;
      throw error;
    }
    await keepBeers(db, found);
    await rememberSearch(db, { term, limit, found: found.length });
    const merged = await searchSeen(db, term, limit);
    // The platform's own finds come along even where the local matching would not have found them.
    const shown = new Set(merged.beers.map((beer) => beer.untappdId));
    const beers = [...merged.beers, ...found.map((entry) => entry.beer).filter((beer) => !shown.has(beer.untappdId))].slice(0, limit);
    return { beers, near: beers.length > 0 ? [] : merged.near };
  },
};

const slot = Symbol.for("taproom.beer-catalogue");
type Slot = { [slot]?: BeerCatalogue };

/** The v4 client (the sandbox, or the real platform when configured), unless a test installed another. */
export function beerCatalogue(): BeerCatalogue {
  return (globalThis as Slot)[slot] ?? v4Catalogue;
}

/** Tests install a fixture catalogue; undefined goes back to the v4 client. */
export function useBeerCatalogue(catalogue: BeerCatalogue | undefined) {
  (globalThis as Slot)[slot] = catalogue;
}
