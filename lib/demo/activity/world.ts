import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { businesses, catalogueBeers, checkinVenues, locations } from "@/lib/db/schema";
import { seededRandom, type Random } from "@/sandbox/seed/random";
import { demoVenues } from "@/sandbox/seed/places";
import * as words from "@/sandbox/seed/words";
import { FIRST_GENERATED_CHECKIN_ID } from "@/lib/insights/record";

// The generated world: cities, venues near each location, the beer list, benchmark locations.
// Id ranges: see generate.ts.

export const GENERATED = {
  beerBase: 2_000_000,
  beers: 2000,
  benchmarkVenueBase: 3_000_000,
  nearbyVenueBase: 4_000_000,
  nearbyVenuesPerCity: 12,
  userBase: 20_000_000,
  usersPerCity: 100_000,
  checkinBase: FIRST_GENERATED_CHECKIN_ID,
} as const;

export const BENCHMARK_BUSINESS = "Benchmark Group";
export const ALLOCATION_LOCK = 727_102;
export const SOURCES = ["API", "HomePage", "MobileApp", "TV Board"] as const;

export type Location = typeof locations.$inferSelect;
type City = { name: string; region: string; country: string; countryName: string; lat: number; lng: number; zone: string };

/** Real cities, a few pairs close enough (< 25 km) that their venues are each other's neighbours. */
export const CITIES: City[] = [
  { name: "New York", region: "NY", country: "US", countryName: "United States", lat: 40.7128, lng: -74.006, zone: "America/New_York" },
  { name: "Brooklyn", region: "NY", country: "US", countryName: "United States", lat: 40.6782, lng: -73.9442, zone: "America/New_York" },
  {
    name: "San Francisco",
    region: "CA",
    country: "US",
    countryName: "United States",
    lat: 37.7749,
    lng: -122.4194,
    zone: "America/Los_Angeles",
  },
  { name: "Oakland", region: "CA", country: "US", countryName: "United States", lat: 37.8044, lng: -122.2712, zone: "America/Los_Angeles" },
  {
    name: "Portland",
    region: "OR",
    country: "US",
    countryName: "United States",
    lat: 45.5152,
    lng: -122.6784,
    zone: "America/Los_Angeles",
  },
  { name: "Seattle", region: "WA", country: "US", countryName: "United States", lat: 47.6062, lng: -122.3321, zone: "America/Los_Angeles" },
  {
    name: "San Diego",
    region: "CA",
    country: "US",
    countryName: "United States",
    lat: 32.7157,
    lng: -117.1611,
    zone: "America/Los_Angeles",
  },
  { name: "Denver", region: "CO", country: "US", countryName: "United States", lat: 39.7392, lng: -104.9903, zone: "America/Denver" },
  { name: "Chicago", region: "IL", country: "US", countryName: "United States", lat: 41.8781, lng: -87.6298, zone: "America/Chicago" },
  { name: "Austin", region: "TX", country: "US", countryName: "United States", lat: 30.2672, lng: -97.7431, zone: "America/Chicago" },
  { name: "Asheville", region: "NC", country: "US", countryName: "United States", lat: 35.5951, lng: -82.5515, zone: "America/New_York" },
  { name: "Montreal", region: "QC", country: "CA", countryName: "Canada", lat: 45.5017, lng: -73.5673, zone: "America/Toronto" },
  { name: "Toronto", region: "ON", country: "CA", countryName: "Canada", lat: 43.6532, lng: -79.3832, zone: "America/Toronto" },
  { name: "London", region: "England", country: "GB", countryName: "United Kingdom", lat: 51.5074, lng: -0.1278, zone: "Europe/London" },
  {
    name: "Manchester",
    region: "England",
    country: "GB",
    countryName: "United Kingdom",
    lat: 53.4808,
    lng: -2.2426,
    zone: "Europe/London",
  },
  {
    name: "Amsterdam",
    region: "Noord-Holland",
    country: "NL",
    countryName: "Netherlands",
    lat: 52.3676,
    lng: 4.9041,
    zone: "Europe/Amsterdam",
  },
  {
    name: "Rotterdam",
    region: "Zuid-Holland",
    country: "NL",
    countryName: "Netherlands",
    lat: 51.9244,
    lng: 4.4777,
    zone: "Europe/Amsterdam",
  },
  { name: "Brussels", region: "Brussels", country: "BE", countryName: "Belgium", lat: 50.8503, lng: 4.3517, zone: "Europe/Brussels" },
  { name: "Berlin", region: "Berlin", country: "DE", countryName: "Germany", lat: 52.52, lng: 13.405, zone: "Europe/Berlin" },
  { name: "Munich", region: "Bavaria", country: "DE", countryName: "Germany", lat: 48.1351, lng: 11.582, zone: "Europe/Berlin" },
  {
    name: "Copenhagen",
    region: "Capital Region",
    country: "DK",
    countryName: "Denmark",
    lat: 55.6761,
    lng: 12.5683,
    zone: "Europe/Copenhagen",
  },
  { name: "Prague", region: "Prague", country: "CZ", countryName: "Czech Republic", lat: 50.0755, lng: 14.4378, zone: "Europe/Prague" },
  { name: "Melbourne", region: "VIC", country: "AU", countryName: "Australia", lat: -37.8136, lng: 144.9631, zone: "Australia/Melbourne" },
  { name: "Tokyo", region: "Tokyo", country: "JP", countryName: "Japan", lat: 35.6762, lng: 139.6503, zone: "Asia/Tokyo" },
];

const CURRENCIES: Record<string, string> = { US: "USD", CA: "CAD", GB: "GBP", DK: "DKK", CZ: "CZK", AU: "AUD", JP: "JPY" };

// ---- geometry ---------------------------------------------------------------------------------------

const RADIANS = Math.PI / 180;
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const h =
    Math.sin(((b.lat - a.lat) * RADIANS) / 2) ** 2 +
    Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(((b.lng - a.lng) * RADIANS) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** A point uniformly inside a disc of `radiusKm` around `center`. */
function around(r: Random, center: { lat: number; lng: number }, radiusKm: number) {
  const distance = radiusKm * Math.sqrt(r.next());
  const bearing = r.next() * 2 * Math.PI;
  const lat = center.lat + (distance * Math.cos(bearing)) / 111.2;
  const lng = center.lng + (distance * Math.sin(bearing)) / (111.2 * Math.max(Math.cos(center.lat * RADIANS), 0.01));
  return { lat, lng };
}

// ---- the fixed world: beers and venues (the same on every run and machine) ----------------------------

export type GeneratedBeer = { bid: number; name: string; brewery: string; style: string };
export type GeneratedVenue = { id: number; name: string; latitude: number; longitude: number };

let beerCache: GeneratedBeer[] | undefined;

/**
 * ~2 000 beers from ~220 breweries. Index 0 is the most popular (the Zipf-like draw favours low
 * indexes), and the styles are weighted towards what venues actually pour: IPAs, lagers, pilsners.
 */
export function generatedBeers(): GeneratedBeer[] {
  if (beerCache) return beerCache;
  const r = seededRandom(20_260_101);
  const breweries = new Set<string>();
  while (breweries.size < 220)
    breweries.add(`${r.pick(words.BREWERY_FIRST)} ${r.pick(words.BREWERY_SECOND)} ${r.pick(words.BREWERY_SUFFIX)}`);
  const breweryList = [...breweries];
  const weightedStyles = words.STYLES.flatMap((style) => {
    const weight = style.name.startsWith("IPA")
      ? 4
      : /^(Lager|Pilsner|Pale Ale)/.test(style.name)
        ? 3
        : style.name.startsWith("Sour") || style.name.startsWith("Stout")
          ? 2
          : 1;
    return Array.from({ length: weight }, () => style.name);
  });
  const shortStyle = (style: string) => {
    const [family, detail] = style.split(" - ");
    if (family === "IPA") return detail === "Imperial / Double" ? "Double IPA" : detail === "New England / Hazy" ? "Hazy IPA" : "IPA";
    if (family === "Belgian Tripel" || family === "Belgian Dubbel" || family === "Belgian Quadrupel") return family.replace("Belgian ", "");
    if (family === "Wheat Beer") return detail === "Witbier" ? "Wit" : "Hefeweizen";
    if (family === "Farmhouse Ale") return "Saison";
    if (family === "Bock") return "Doppelbock";
    return family!.split(" ")[0]!;
  };
  const seen = new Set<string>();
  const beers: GeneratedBeer[] = [];
  while (beers.length < GENERATED.beers) {
    const brewery = r.pick(breweryList);
    const style = r.pick(weightedStyles);
    const name = `${r.pick(words.BEER_FIRST)} ${r.pick(words.BEER_SECOND)} ${shortStyle(style)}`;
    if (seen.has(`${brewery}|${name}`)) continue;
    seen.add(`${brewery}|${name}`);
    beers.push({ bid: GENERATED.beerBase + beers.length + 1, name, brewery, style });
  }
  beerCache = beers;
  return beers;
}

/** A city the generator draws users and other venues from: a listed one, or one around a far-off location. */
export type Area = { key: number; center: { lat: number; lng: number }; name: string };

export function areaFor(location: Location): Area {
  const at = { lat: Number(location.latitude ?? 0), lng: Number(location.longitude ?? 0) };
  let best: { index: number; km: number } | undefined;
  CITIES.forEach((city, index) => {
    const km = distanceKm(at, city);
    if (!best || km < best.km) best = { index, km };
  });
  if (best && best.km <= 60) return { key: best.index, center: CITIES[best.index]!, name: CITIES[best.index]!.name };
  // Not near a listed city: an area of its own around the location (keys 1000+ stay inside the id ranges).
  return { key: 1000 + (location.id % 10_000), center: at, name: location.city ?? location.name };
}

/** The other venues of an area: bars, pubs and bottle shops within ~20 km of its centre. */
export function nearbyVenuesOf(area: Area): GeneratedVenue[] {
  const r = seededRandom(7_001 + area.key);
  return Array.from({ length: GENERATED.nearbyVenuesPerCity }, (_, j) => {
    const point = around(r, area.center, 20);
    return {
      id: GENERATED.nearbyVenueBase + area.key * 20 + j + 1,
      name: `${r.pick(words.VENUE_FIRST)} ${r.pick(words.VENUE_SECOND)} (${area.name})`,
      latitude: Number(point.lat.toFixed(6)),
      longitude: Number(point.lng.toFixed(6)),
    };
  });
}

export async function ensureCatalogue(db: Db, venues: GeneratedVenue[]) {
  const beers = generatedBeers();
  for (let start = 0; start < beers.length; start += 1000) {
    await db
      .insert(catalogueBeers)
      .values(beers.slice(start, start + 1000))
      .onConflictDoNothing();
  }
  for (let start = 0; start < venues.length; start += 1000) {
    await db
      .insert(checkinVenues)
      .values(venues.slice(start, start + 1000))
      .onConflictDoNothing();
  }
}

// ---- which locations -------------------------------------------------------------------------------

/** The seeded demo locations: the ones on the sandbox's demo venues (lib/demo/seed.ts names them so). */
export async function demoLocations(db: Db): Promise<Location[]> {
  return db
    .select()
    .from(locations)
    .where(
      inArray(
        locations.untappdVenueId,
        demoVenues.map((venue) => venue.id!),
      ),
    )
    .orderBy(locations.id);
}

/**
 * `count` locations in the "Benchmark Group" business, spread over the cities (~20 per city, within
 * 10 km of its centre, so many are within 25 km of each other), each with its own venue id. Creates
 * the missing ones; running it again with the same count changes nothing.
 */
export async function ensureBenchmarkLocations(db: Db, wanted: number): Promise<Location[]> {
  let [business] = await db.select().from(businesses).where(eq(businesses.name, BENCHMARK_BUSINESS)).limit(1);
  business ??= (await db.insert(businesses).values({ name: BENCHMARK_BUSINESS }).returning())[0]!;
  const existing = await db.select().from(locations).where(eq(locations.businessId, business.id)).orderBy(locations.id);
  const have = new Set(existing.map((location) => location.name));
  const missing: (typeof locations.$inferInsert)[] = [];
  for (let index = 1; index <= wanted; index++) {
    const name = `Benchmark Taproom ${String(index).padStart(4, "0")}`;
    if (have.has(name)) continue;
    const city = CITIES[(index - 1) % CITIES.length]!;
    const r = seededRandom(31_337 + index);
    const point = around(r, city, 10);
    missing.push({
      businessId: business.id,
      name,
      address1: `${r.int(1, 400)} ${r.pick(words.STREETS)}`,
      city: city.name,
      region: city.region,
      country: city.country,
      countryName: city.countryName,
      latitude: point.lat.toFixed(7),
      longitude: point.lng.toFixed(7),
      untappdVenueId: GENERATED.benchmarkVenueBase + index,
      timeZone: city.zone,
      currency: CURRENCIES[city.country] ?? "EUR",
      numberOfTaps: r.int(8, 40),
    });
  }
  for (let start = 0; start < missing.length; start += 200) await db.insert(locations).values(missing.slice(start, start + 200));
  const all = await db.select().from(locations).where(eq(locations.businessId, business.id)).orderBy(locations.id);
  return all.filter((location) => /^Benchmark Taproom \d{4}$/.test(location.name) && Number(location.name.slice(-4)) <= wanted);
}

// ---- the plan: per-location parameters the SQL draws from ---------------------------------------------

export function ownVenue(location: Location): GeneratedVenue {
  return {
    id: location.untappdVenueId!,
    name: location.name,
    latitude: Number(location.latitude ?? 0),
    longitude: Number(location.longitude ?? 0),
  };
}
