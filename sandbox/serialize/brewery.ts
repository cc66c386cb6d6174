import type { sandboxBreweries } from "@/sandbox/schema";
import { flag } from "../time";
import { breweryLabel } from "./assets";

export type BreweryRow = typeof sandboxBreweries.$inferSelect;

/** The brewery record as beers, lists and check-ins embed it. */
export function breweryJson(brewery: BreweryRow) {
  return {
    brewery_id: brewery.id,
    brewery_name: brewery.name,
    brewery_slug: brewery.slug,
    brewery_page_url: `/${brewery.slug}`,
    brewery_type: brewery.breweryType,
    brewery_label: breweryLabel(brewery.id),
    country_name: brewery.countryName,
    contact: { twitter: brewery.twitter, url: brewery.url },
    location: { brewery_city: brewery.city, brewery_state: brewery.state, lat: Number(brewery.lat), lng: Number(brewery.lng) },
    brewery_active: flag(true),
  };
}
