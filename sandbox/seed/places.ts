import type { sandboxUsers, sandboxVenues } from "@/sandbox/schema";
import type { Random } from "./random";
import * as words from "./words";
import { slugify } from "./slug";

type VenueRow = typeof sandboxVenues.$inferInsert;
type VenueSeed = Omit<VenueRow, "directoryId" | "createdAt" | "slug" | "url" | "twitter" | "isVerified">;

/** The demo locations' venues (lib/demo/seed.ts names them by untappd_venue_id). */
export const demoVenues: VenueSeed[] = [
  {
    id: 910001,
    name: "Demo Taproom Downtown",
    category: "Beer Bar",
    address: "120 Hudson Street",
    city: "New York",
    state: "NY",
    countryName: "United States",
    lat: "40.7195000",
    lng: "-74.0089000",
  },
  {
    id: 910002,
    name: "Demo Taproom Harbor",
    category: "Beer Bar",
    address: "Oostelijke Handelskade 12",
    city: "Amsterdam",
    state: "Noord-Holland",
    countryName: "Netherlands",
    lat: "52.3765000",
    lng: "4.9380000",
  },
  {
    id: 910003,
    name: "Rival Brewpub",
    category: "Brewpub",
    address: "455 Valencia Street",
    city: "San Francisco",
    state: "CA",
    countryName: "United States",
    lat: "37.7652000",
    lng: "-122.4218000",
  },
];

/** The accounts the demo users connect (their platform_username), first in every list. */
export const SANDBOX_USERS: Pick<typeof sandboxUsers.$inferInsert, "userName" | "firstName" | "lastName" | "location" | "bio">[] = [
  {
    userName: "demo_owner",
    firstName: "Olivia",
    lastName: "Owner",
    location: "New York, NY",
    bio: "Runs Demo Taproom Downtown and Harbor.",
  },
  { userName: "rival_owner", firstName: "Rory", lastName: "Rival", location: "San Francisco, CA", bio: "Pours at Rival Brewpub." },
];

export const VENUE_ID_BASE = 920_000;

/** The demo venues first, then `others` generated ones; every venue gets a 24-hex directory id. */
export function venueRows(r: Random, now: number, demo: VenueSeed[], others: number): VenueRow[] {
  const generated: VenueSeed[] = Array.from({ length: others }, (_, index) => {
    const city = r.pick(words.CITIES);
    return {
      id: VENUE_ID_BASE + index + 1,
      name: `${r.pick(words.VENUE_FIRST)} ${r.pick(words.VENUE_SECOND)}`,
      category: r.pick(words.VENUE_CATEGORIES),
      address: `${r.int(1, 400)} ${r.pick(words.STREETS)}`,
      city: city.city,
      state: city.state,
      countryName: city.country,
      lat: (city.lat + r.float(-0.04, 0.04, 5)).toFixed(7),
      lng: (city.lng + r.float(-0.04, 0.04, 5)).toFixed(7),
    };
  });
  return [...demo, ...generated].map((venue) => {
    const slug = slugify(venue.name);
    return {
      ...venue,
      slug,
      directoryId: r.hex(24),
      url: `https://${slug}.venues.sandbox.taproom.test`,
      twitter: "",
      isVerified: venue.id! < VENUE_ID_BASE,
      createdAt: new Date(now - r.int(300, 3000) * 86_400_000),
    };
  });
}
