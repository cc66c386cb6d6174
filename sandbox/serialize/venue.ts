import type { sandboxVenues } from "@/sandbox/schema";
import { flag, rfc1123 } from "../time";
import { directoryUrl, venueIcon } from "./assets";
import { slugify } from "../seed/slug";

export type VenueRow = typeof sandboxVenues.$inferSelect;

/** The venue record as check-ins and lookups embed it. */
export function venueJson(venue: VenueRow) {
  return {
    venue_id: venue.id,
    venue_name: venue.name,
    venue_slug: venue.slug,
    primary_category: venue.category,
    parent_category_id: slugify(venue.category),
    categories: { count: 1, items: [{ category_name: venue.category, category_id: slugify(venue.category), is_primary: flag(true) }] },
    location: {
      venue_address: venue.address,
      venue_city: venue.city,
      venue_state: venue.state,
      venue_country: venue.countryName,
      lat: Number(venue.lat),
      lng: Number(venue.lng),
    },
    contact: { twitter: venue.twitter, venue_url: venue.url },
    directory: { directory_id: venue.directoryId, directory_url: directoryUrl(venue.directoryId) },
    // The platform's own name for the same object, which its client libraries read (issue 31 row 13).
    foursquare: { foursquare_id: venue.directoryId, foursquare_url: directoryUrl(venue.directoryId) },
    venue_icon: { sm: venueIcon(venue.category, "sm"), md: venueIcon(venue.category, "md"), lg: venueIcon(venue.category, "lg") },
    is_verified: flag(venue.isVerified),
    public_venue: true,
    // The venue record's last change: sandbox venues never change after the seed creates them.
    last_updated: rfc1123(venue.createdAt),
  };
}
