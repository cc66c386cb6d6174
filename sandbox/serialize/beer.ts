import type { sandboxBeers } from "@/sandbox/schema";
import { flag, rfc1123 } from "../time";
import { beerLabel } from "./assets";

export type BeerRow = typeof sandboxBeers.$inferSelect;

/**
 * Calories of a 12 US fl oz (355 ml) serving, estimated from the strength by the brewers' rule of thumb
 * "ABV × 2.5 × ounces": the sandbox's made-up beers have no lab values.
 */
export const caloriesOf = (abv: string) => Math.round(Number(abv) * 2.5 * 12);

/** The beer record as lists and check-ins embed it. */
export function beerJson(beer: BeerRow) {
  return {
    bid: beer.id,
    beer_name: beer.name,
    beer_label: beerLabel(beer.id),
    beer_label_hd: beerLabel(beer.id, true),
    beer_abv: Number(beer.abv),
    beer_ibu: beer.ibu,
    calories: caloriesOf(beer.abv),
    beer_slug: beer.slug,
    beer_description: beer.description,
    beer_style: beer.style,
    is_in_production: flag(beer.inProduction),
    beer_active: flag(beer.inProduction),
    is_homebrew: flag(beer.isHomebrew),
    created_at: rfc1123(beer.createdAt),
    rating_count: beer.ratingCount,
    rating_score: Number(beer.ratingScore),
  };
}
