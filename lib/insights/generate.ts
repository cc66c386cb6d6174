import { and, count, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { businesses, catalogueBeers, checkinVenues, checkins, locations } from "@/lib/db/schema";
import { seededRandom, type Random } from "@/lib/v4-sandbox/seed/random";
import { demoVenues } from "@/lib/v4-sandbox/seed/places";
import * as words from "@/lib/v4-sandbox/seed/words";
import { recordCheckins, type CheckinInput } from "./record";

// Activity for demos and benchmarks: check-ins at the locations' venues and at other venues near them,
// subscriptions and menu views. The check-ins are drawn by one SQL query (generate_series, random()
// under setseed), so the small path (rows read back and stored through recordCheckins) and the bulk
// path (INSERT … SELECT, counts kept in the same statement) share one set of distributions.
//
// Id ranges, chosen to stay clear of the sandbox (beers 100 001+, venues 910 001–920 050, users 5 001+,
// check-ins from 1) and of anything a real platform import plausibly stores next to them:
//   beers 2 000 001–2 002 000 · benchmark venues 3 000 001+ · other venues 4 000 000 + 20·city + j ·
//   users 20 000 000 + 100 000·city + n · check-ins 10 000 000 001+ (above every platform id).

export const GENERATED = {
  beerBase: 2_000_000,
  beers: 2000,
  benchmarkVenueBase: 3_000_000,
  nearbyVenueBase: 4_000_000,
  nearbyVenuesPerCity: 12,
  userBase: 20_000_000,
  usersPerCity: 100_000,
  checkinBase: 10_000_000_000,
} as const;

export const BENCHMARK_BUSINESS = "Benchmark Group";
const ALLOCATION_LOCK = 727_102;
const SOURCES = ["API", "HomePage", "MobileApp", "TV Board"] as const;

type Location = typeof locations.$inferSelect;
type City = { name: string; region: string; country: string; countryName: string; lat: number; lng: number; zone: string };

/** Real cities, a few pairs close enough (< 25 km) that their venues are each other's neighbours. */
export const CITIES: City[] = [
  { name: "New York", region: "NY", country: "US", countryName: "United States", lat: 40.7128, lng: -74.006, zone: "America/New_York" },
  { name: "Brooklyn", region: "NY", country: "US", countryName: "United States", lat: 40.6782, lng: -73.9442, zone: "America/New_York" },
  { name: "San Francisco", region: "CA", country: "US", countryName: "United States", lat: 37.7749, lng: -122.4194, zone: "America/Los_Angeles" },
  { name: "Oakland", region: "CA", country: "US", countryName: "United States", lat: 37.8044, lng: -122.2712, zone: "America/Los_Angeles" },
  { name: "Portland", region: "OR", country: "US", countryName: "United States", lat: 45.5152, lng: -122.6784, zone: "America/Los_Angeles" },
  { name: "Seattle", region: "WA", country: "US", countryName: "United States", lat: 47.6062, lng: -122.3321, zone: "America/Los_Angeles" },
  { name: "San Diego", region: "CA", country: "US", countryName: "United States", lat: 32.7157, lng: -117.1611, zone: "America/Los_Angeles" },
  { name: "Denver", region: "CO", country: "US", countryName: "United States", lat: 39.7392, lng: -104.9903, zone: "America/Denver" },
  { name: "Chicago", region: "IL", country: "US", countryName: "United States", lat: 41.8781, lng: -87.6298, zone: "America/Chicago" },
  { name: "Austin", region: "TX", country: "US", countryName: "United States", lat: 30.2672, lng: -97.7431, zone: "America/Chicago" },
  { name: "Asheville", region: "NC", country: "US", countryName: "United States", lat: 35.5951, lng: -82.5515, zone: "America/New_York" },
  { name: "Montreal", region: "QC", country: "CA", countryName: "Canada", lat: 45.5017, lng: -73.5673, zone: "America/Toronto" },
  { name: "Toronto", region: "ON", country: "CA", countryName: "Canada", lat: 43.6532, lng: -79.3832, zone: "America/Toronto" },
  { name: "London", region: "England", country: "GB", countryName: "United Kingdom", lat: 51.5074, lng: -0.1278, zone: "Europe/London" },
  { name: "Manchester", region: "England", country: "GB", countryName: "United Kingdom", lat: 53.4808, lng: -2.2426, zone: "Europe/London" },
  { name: "Amsterdam", region: "Noord-Holland", country: "NL", countryName: "Netherlands", lat: 52.3676, lng: 4.9041, zone: "Europe/Amsterdam" },
  { name: "Rotterdam", region: "Zuid-Holland", country: "NL", countryName: "Netherlands", lat: 51.9244, lng: 4.4777, zone: "Europe/Amsterdam" },
  { name: "Brussels", region: "Brussels", country: "BE", countryName: "Belgium", lat: 50.8503, lng: 4.3517, zone: "Europe/Brussels" },
  { name: "Berlin", region: "Berlin", country: "DE", countryName: "Germany", lat: 52.52, lng: 13.405, zone: "Europe/Berlin" },
  { name: "Munich", region: "Bavaria", country: "DE", countryName: "Germany", lat: 48.1351, lng: 11.582, zone: "Europe/Berlin" },
  { name: "Copenhagen", region: "Capital Region", country: "DK", countryName: "Denmark", lat: 55.6761, lng: 12.5683, zone: "Europe/Copenhagen" },
  { name: "Prague", region: "Prague", country: "CZ", countryName: "Czech Republic", lat: 50.0755, lng: 14.4378, zone: "Europe/Prague" },
  { name: "Melbourne", region: "VIC", country: "AU", countryName: "Australia", lat: -37.8136, lng: 144.9631, zone: "Australia/Melbourne" },
  { name: "Tokyo", region: "Tokyo", country: "JP", countryName: "Japan", lat: 35.6762, lng: 139.6503, zone: "Asia/Tokyo" },
];

const CURRENCIES: Record<string, string> = { US: "USD", CA: "CAD", GB: "GBP", DK: "DKK", CZ: "CZK", AU: "AUD", JP: "JPY" };

// ---- geometry ---------------------------------------------------------------------------------------

const RADIANS = Math.PI / 180;
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const h = Math.sin(((b.lat - a.lat) * RADIANS) / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(((b.lng - a.lng) * RADIANS) / 2) ** 2;
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
  while (breweries.size < 220) breweries.add(`${r.pick(words.BREWERY_FIRST)} ${r.pick(words.BREWERY_SECOND)} ${r.pick(words.BREWERY_SUFFIX)}`);
  const breweryList = [...breweries];
  const weightedStyles = words.STYLES.flatMap((style) => {
    const weight = style.name.startsWith("IPA") ? 4 : /^(Lager|Pilsner|Pale Ale)/.test(style.name) ? 3 : style.name.startsWith("Sour") || style.name.startsWith("Stout") ? 2 : 1;
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
type Area = { key: number; center: { lat: number; lng: number }; name: string };

function areaFor(location: Location): Area {
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

async function ensureCatalogue(db: Db, venues: GeneratedVenue[]) {
  const beers = generatedBeers();
  for (let start = 0; start < beers.length; start += 1000) {
    await db.insert(catalogueBeers).values(beers.slice(start, start + 1000)).onConflictDoNothing();
  }
  for (let start = 0; start < venues.length; start += 1000) {
    await db.insert(checkinVenues).values(venues.slice(start, start + 1000)).onConflictDoNothing();
  }
}

// ---- which locations -------------------------------------------------------------------------------

/** The seeded demo locations: the ones on the sandbox's demo venues (lib/db/seed.ts names them so). */
export async function demoLocations(db: Db): Promise<Location[]> {
  return db
    .select()
    .from(locations)
    .where(inArray(locations.untappdVenueId, demoVenues.map((venue) => venue.id!)))
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

export type GenerateOptions = {
  /** How many check-in rows to add in all (at the locations' venues and at other venues near them). */
  checkins: number;
  locations: Location[];
  /** History length; check-ins, subscriptions and menu views spread over the last `days` days. */
  days?: number;
  /** Menu views only for the last this many days (default `days`): the bench needs no more than 180. */
  menuViewDays?: number;
  /** Fixes the random draws (two runs with one seed draw the same activity, with new ids). */
  seed?: number;
  /** Share of the check-ins at other venues near the locations (location_id null). */
  nearbyShare?: number;
  /**
   * Uneven business: location weights fall off as 1/rank^skew (0 = all equal). 0.4 over 500
   * locations makes the busiest ~7× the average, like a city's busiest taproom.
   */
  skew?: number;
  /** record: through recordCheckins (the write path); bulk: INSERT … SELECT. auto: bulk above 50 000. */
  mode?: "auto" | "record" | "bulk";
  subscriptions?: boolean;
  menuViews?: boolean;
  now?: Date;
  log?: (line: string) => void;
};

export type GenerateResult = {
  locations: number;
  checkins: number;
  firstId: number | null;
  lastId: number | null;
  subscriptions: number;
  menuViewRows: number;
  mode: "record" | "bulk";
  ms: { catalogue: number; checkins: number; subscriptions: number; menuViews: number; total: number };
};

type Plan = {
  targets: { location: Location; area: Area; venueId: number; weight: number; userShift: number; beerShift: number }[];
  areas: Map<number, { area: Area; pool: number; venues: GeneratedVenue[] }>;
  days: number;
  firstDay: string;
  now: Date;
  nearbyShare: number;
};

// Local weekday (ISO, Monday first) and quarter-hour shapes of a venue's trade.
const WEEKDAY_WEIGHT = [0.45, 0.7, 0.8, 1.0, 1.55, 1.75, 1.05];
function hourWeight(isoWeekday: number, hour: number): number {
  const weekend = isoWeekday === 5 || isoWeekday === 6;
  const afterWeekendNight = isoWeekday === 6 || isoWeekday === 7; // the small hours after Fri and Sat
  if (hour < 2) return afterWeekendNight ? (hour === 0 ? 0.9 : 0.45) : hour === 0 ? 0.25 : 0.08;
  if (hour < 11) return hour === 2 && afterWeekendNight ? 0.1 : 0;
  if (hour < 12) return 0.05;
  if (isoWeekday === 7) return hour < 15 ? 0.5 : hour < 20 ? 0.9 : hour < 22 ? 0.5 : 0.25;
  if (hour < 16) return weekend ? 0.4 : 0.2;
  if (hour < 17) return weekend ? 0.7 : 0.45;
  if (hour < 18) return weekend ? 1.0 : 0.8;
  if (hour < 22) return weekend ? 1.3 : 1.0;
  if (hour < 23) return weekend ? 1.2 : 0.55;
  return weekend ? 1.0 : 0.3;
}

/** Thresholds for width_bucket(random(), …): ascending, the first 0, one per outcome. */
function thresholds(weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const result: number[] = [];
  let running = 0;
  for (const weight of weights) {
    result.push(running / total);
    running += weight;
  }
  return result;
}

const floatArray = (values: number[]) => sql.raw(`('{${values.map((value) => String(value)).join(",")}}'::float8[])`);
const intArray = (values: number[]) => sql.raw(`('{${values.map((value) => String(Math.trunc(value))).join(",")}}'::int[])`);
const textArray = (values: string[]) => {
  for (const value of values) if (!/^[A-Za-z0-9_/+\-. ]+$/.test(value)) throw new Error(`unexpected character in ${JSON.stringify(value)}`);
  return sql.raw(`('{${values.map((value) => `"${value}"`).join(",")}}'::text[])`);
};

const hash32 = (value: number) => {
  let h = Math.imul(value ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

function makePlan(options: Required<Pick<GenerateOptions, "checkins" | "days" | "nearbyShare" | "skew">> & { locations: Location[]; now: Date }): Plan {
  const { days, now, nearbyShare } = options;
  const usable = options.locations.filter((location) => location.untappdVenueId !== null);
  // Ranks are shuffled (fixed seed) so the busiest locations are not simply the first ids.
  const order = seededRandom(4_242).sample(usable.map((_, index) => index), usable.length);
  const rankOf = new Map(order.map((index, rank) => [index, rank + 1]));
  const targets = usable.map((location, index) => ({
    location,
    area: areaFor(location),
    venueId: location.untappdVenueId!,
    weight: 1 / Math.pow(rankOf.get(index)!, options.skew),
    userShift: hash32(location.id) % 1_000_000,
    beerShift: hash32(location.id * 31 + 7) % GENERATED.beers,
  }));
  const totalWeight = targets.reduce((sum, target) => sum + target.weight, 0);
  const areas = new Map<number, { area: Area; pool: number; venues: GeneratedVenue[] }>();
  const expected = new Map<number, number>();
  for (const target of targets) {
    expected.set(target.area.key, (expected.get(target.area.key) ?? 0) + (options.checkins * target.weight) / totalWeight);
    if (!areas.has(target.area.key)) areas.set(target.area.key, { area: target.area, pool: 0, venues: nearbyVenuesOf(target.area) });
  }
  // A city's drinkers: about one user per four check-ins, at least 150, within the city's id block.
  for (const [key, entry] of areas) entry.pool = Math.min(GENERATED.usersPerCity - 1, Math.max(150, Math.round(expected.get(key)! / 4)));
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * 86_400_000);
  return { targets, areas, days, firstDay: first.toISOString().slice(0, 10), now, nearbyShare };
}

/** The day (oldest first) and local quarter-hour distributions. */
function timeShape(plan: Plan) {
  const first = Date.parse(`${plan.firstDay}T00:00:00Z`);
  const dayWeights = Array.from({ length: plan.days }, (_, index) => {
    const weekday = ((new Date(first + index * 86_400_000).getUTCDay() + 6) % 7) + 1;
    const growth = 0.55 + (0.45 * index) / Math.max(1, plan.days - 1);
    return growth * WEEKDAY_WEIGHT[weekday - 1]!;
  });
  // One ascending array for all seven weekdays: weekday w's quarters sit in [w - 1, w).
  const quarters: number[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const weights = Array.from({ length: 96 }, (_, quarter) => hourWeight(weekday, Math.floor(quarter / 4)));
    quarters.push(...thresholds(weights).map((threshold) => weekday - 1 + threshold));
  }
  return { dayCum: thresholds(dayWeights), quarterCum: quarters };
}

/**
 * One chunk of check-ins as a SELECT: id, venue_id, location_id, user_id, gender, birth_year, beer_id,
 * checkin_at (ids from `firstId` up, in time order). Each random() is drawn once per row in `r`:
 * - location k by weight (1/rank^skew); day by growth (0.55 → 1 across the window) × weekday (Monday
 *   0.45 … Saturday 1.75); local quarter hour by the weekday's profile (evenings, late on Fri/Sat);
 * - venue: the location's own, or (nearbyShare) one of its area's 12 other venues (location_id null);
 * - user: from the area's pool, skewed to its low numbers (regulars), offset per location;
 * - beer: 85 % from the venue's tap list (60 beers from a per-venue offset, 3 rotating every two
 *   weeks, skewed to its flagships), 15 % from the whole catalogue by Zipf-like popularity;
 * - a time later than `now` (today's rest) moves a week back.
 */
function checkinDraws(plan: Plan, n: number, firstId: number): SQL {
  const { dayCum, quarterCum } = timeShape(plan);
  const t = plan.targets;
  const area = (target: Plan["targets"][number]) => plan.areas.get(target.area.key)!;
  const pool = intArray(t.map((target) => area(target).pool));
  const userExpr = (u: string) =>
    sql`(${intArray(t.map((target) => GENERATED.userBase + target.area.key * GENERATED.usersPerCity))})[k] + ((floor(${pool}[k] * power(${sql.raw(u)}, 2.2))::int + ${intArray(t.map((target) => target.userShift))}[k]) % ${pool}[k])`;
  // Attributes of a user follow from their id (the same person is always the same gender and age):
  // ~10 % without a gender, ~12 % without a birth year; ages 21+ with a mode in the late twenties.
  const hash = (multiplier: number, add: number) => sql.raw(`((user_id::bigint * ${multiplier} + ${add}) % 4294967296)::float8 / 4294967296`);
  return sql`
    with r as materialized (
      select width_bucket(random(), ${floatArray(thresholds(t.map((target) => target.weight)))}) as k,
             width_bucket(random(), ${floatArray(dayCum)}) as d,
             random() as uq, random() as um, random() as un, random() as uv, random() as uu, random() as ub, random() as ub2
      from generate_series(1, ${sql.raw(String(n))})
    ), p as (
      select r.*, ${sql.raw(`'${plan.firstDay}'::date`)} + (d - 1) as day, un < ${sql.raw(String(plan.nearbyShare))} as nearby
      from r
    ), v as (
      select p.*,
        width_bucket(extract(isodow from day)::int - 1 + uq, ${floatArray(quarterCum)}) - 1 - (extract(isodow from day)::int - 1) * 96 as q,
        case when nearby
          then ${intArray(t.map((target) => area(target).venues[0]!.id))}[k] + floor(${sql.raw(String(GENERATED.nearbyVenuesPerCity))} * power(uv, 1.6))::int
          else ${intArray(t.map((target) => target.venueId))}[k] end as venue_id,
        case when nearby then null else ${intArray(t.map((target) => target.location.id))}[k] end as location_id,
        ${userExpr("uu")} as user_id
      from p
    ), w as (
      select v.*,
        (day + make_interval(mins => q * 15, secs => um * 900)) at time zone ${textArray(t.map((target) => target.location.timeZone))}[k] as at0,
        case when ub < 0.85
          then (case when nearby then ((venue_id::bigint * 7919) % ${sql.raw(String(GENERATED.beers))})::int else ${intArray(t.map((target) => target.beerShift))}[k] end
                + floor(60 * power(ub2, 1.8))::int + (d / 14) * 3) % ${sql.raw(String(GENERATED.beers))}
          else floor(${sql.raw(String(GENERATED.beers))} * power(ub2, 3))::int end as beer_index
      from v
    ), x as (
      select venue_id, location_id, user_id,
        case when ${hash(2654435761, 0)} < 0.10 then null when ${hash(2654435761, 0)} < 0.66 then 'male' else 'female' end as gender,
        case when ${hash(2246822519, 374761393)} < 0.12 then null
          else greatest(1950, 2005 - floor(-(ln(1 - ${hash(3266489917, 668265263)}) + ln(1 - ${hash(668265263, 2246822519)})) * 6)::int) end::smallint as birth_year,
        ${sql.raw(String(GENERATED.beerBase + 1))} + beer_index as beer_id,
        case when at0 > ${sql.raw(`'${plan.now.toISOString()}'::timestamptz`)} then at0 - interval '7 days' else at0 end as checkin_at
      from w
    )
    select ${sql.raw(String(firstId - 1))}::bigint + row_number() over (order by checkin_at) as id, x.* from x`;
}

const seedFor = (seed: number, step: number) => (((Math.abs(Math.trunc(seed)) * 1_000_003 + step * 7_919) % 1_999_999) / 1_000_000) - 0.999_999;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The next free generated id, under a transaction-scoped lock so concurrent generators queue. */
async function nextId(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOCATION_LOCK})`);
  const result = (await tx.execute(sql`select coalesce(max(id), ${GENERATED.checkinBase})::text as max from checkins where id > ${GENERATED.checkinBase}`)) as unknown as {
    rows: { max: string }[];
  };
  return Number(result.rows[0]!.max) + 1;
}

type DrawnRow = { id: string; venue_id: number; location_id: number | null; user_id: number; gender: "male" | "female" | null; birth_year: number | null; beer_id: number; at_ms: number };

async function generateByRecord(db: Db, plan: Plan, total: number, seed: number, log: (line: string) => void) {
  const beers = new Map(generatedBeers().map((beer) => [beer.bid, beer]));
  const venues = new Map<number, GeneratedVenue>();
  for (const { venues: list } of plan.areas.values()) for (const venue of list) venues.set(venue.id, venue);
  for (const target of plan.targets) venues.set(target.venueId, ownVenue(target.location));
  let first: number | null = null;
  let last: number | null = null;
  let stored = 0;
  // Drawn in chunks of 20 000 (memory), stored 1 000 per recordCheckins call (one statement's parameters).
  for (let done = 0, step = 0; done < total; step++) {
    const n = Math.min(20_000, total - done);
    const drawn = await db.transaction(async (tx) => {
      const firstId = await nextId(tx);
      await tx.execute(sql`select setseed(${seedFor(seed, step)})`);
      const result = (await tx.execute(sql`
        select id::text as id, venue_id, location_id, user_id, gender, birth_year, beer_id, (extract(epoch from checkin_at) * 1000)::float8 as at_ms
        from (${checkinDraws(plan, n, firstId)}) drawn`)) as unknown as { rows: DrawnRow[] };
      return result.rows;
    });
    for (let start = 0; start < drawn.length; start += 1000) {
      const rows: CheckinInput[] = drawn.slice(start, start + 1000).map((row) => {
        const venue = venues.get(row.venue_id)!;
        const beer = beers.get(row.beer_id)!;
        return {
          id: Number(row.id),
          venue: { id: venue.id, name: venue.name, latitude: venue.latitude, longitude: venue.longitude },
          locationId: row.location_id,
          user: { id: row.user_id, gender: row.gender, birthYear: row.birth_year === null ? null : Number(row.birth_year) },
          beer: { bid: beer.bid, name: beer.name, brewery: beer.brewery, style: beer.style },
          checkinAt: new Date(Number(row.at_ms)),
        };
      });
      stored += await recordCheckins(db, rows);
    }
    const ids = drawn.map((row) => Number(row.id));
    if (ids.length > 0) {
      first ??= Math.min(...ids);
      last = Math.max(last ?? 0, ...ids);
    }
    done += n;
    if (total > 20_000) log(`  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} check-ins`);
  }
  return { stored, first, last };
}

async function generateByBulk(db: Db, plan: Plan, total: number, seed: number, log: (line: string) => void) {
  let first: number | null = null;
  let last: number | null = null;
  const chunk = 500_000;
  const started = performance.now();
  for (let done = 0, step = 0; done < total; step++) {
    const n = Math.min(chunk, total - done);
    // One transaction per chunk: the rows and their per-venue daily counts commit together, so
    // venue_beer_days matches the rows after every chunk (what recordCheckins guarantees per call).
    const firstId = await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql`set local work_mem = '256MB'`);
      const firstId = await nextId(tx);
      await tx.execute(sql`select setseed(${seedFor(seed, step)})`);
      await tx.execute(sql`
        with ins as (
          insert into checkins (id, venue_id, location_id, user_id, gender, birth_year, beer_id, checkin_at)
          select id, venue_id, location_id, user_id, gender, birth_year, beer_id, checkin_at from (${checkinDraws(plan, n, firstId)}) drawn
          returning venue_id, beer_id, checkin_at
        )
        insert into venue_beer_days (venue_id, day, beer_id, checkins)
        select venue_id, (checkin_at at time zone 'UTC')::date, beer_id, count(*)::int from ins group by 1, 2, 3
        on conflict (venue_id, day, beer_id) do update set checkins = venue_beer_days.checkins + excluded.checkins`);
      return firstId;
    });
    first ??= firstId;
    last = firstId + n - 1;
    done += n;
    const seconds = (performance.now() - started) / 1000;
    log(`  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} check-ins (${Math.round(done / seconds).toLocaleString("en-US")}/s)`);
  }
  return { stored: total, first, last };
}

function ownVenue(location: Location): GeneratedVenue {
  return { id: location.untappdVenueId!, name: location.name, latitude: Number(location.latitude ?? 0), longitude: Number(location.longitude ?? 0) };
}

/** Per-location arrays for the subscription and menu-view statements. */
function perLocation(plan: Plan, totalCheckins: number) {
  const totalWeight = plan.targets.reduce((sum, target) => sum + target.weight, 0);
  return plan.targets.map((target) => {
    const own = ((totalCheckins * target.weight) / totalWeight) * (1 - plan.nearbyShare);
    const area = plan.areas.get(target.area.key)!;
    return {
      target,
      own,
      perDay: own / plan.days,
      userBase: GENERATED.userBase + target.area.key * GENERATED.usersPerCity,
      pool: area.pool,
    };
  });
}

/**
 * Guests following the location's beers (~70 %) or events, about one per ten check-ins, drawn from
 * its regulars; their number grows over the window (sign-up density rises linearly with time).
 */
async function generateSubscriptions(db: Db, plan: Plan, totalCheckins: number, seed: number): Promise<number> {
  const rows = perLocation(plan, totalCheckins);
  const start = plan.now.getTime() - plan.days * 86_400_000;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${seedFor(seed, 100_003)})`);
    const result = (await tx.execute(sql`
      with inserted as (
        insert into subscriptions (location_id, user_id, kind, subscribed_at)
        select loc, user_base + ((floor(pool * power(random(), 2.2))::int + shift) % pool),
          case when random() < 0.7 then 'beers' else 'events' end,
          ${sql.raw(`'${new Date(start).toISOString()}'::timestamptz`)} + make_interval(secs => ${sql.raw(String(plan.days * 86_400))} * sqrt(random()))
        from unnest(${intArray(rows.map((row) => row.target.location.id))}, ${intArray(rows.map((row) => row.userBase))},
                    ${intArray(rows.map((row) => row.pool))}, ${intArray(rows.map((row) => row.target.userShift))},
                    ${intArray(rows.map((row) => Math.round(row.own / 10) + 3))}) as l(loc, user_base, pool, shift, n)
        cross join lateral generate_series(1, l.n) g
        on conflict (location_id, user_id, kind) do nothing
        returning 1
      ) select count(*)::int as n from inserted`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  });
}

// Menu views per source: share of the day's views and local hours (quarters 0–95) they come in.
// Views are drawn between 06:00 and 02:00 local, clear of DST gaps (02:00–03:00 in every listed zone).
const SOURCE_SHAPES: { source: (typeof SOURCES)[number]; share: number; hour: (hour: number) => number }[] = [
  { source: "API", share: 0.15, hour: (h) => (h >= 2 && h < 6 ? 0 : 1) },
  { source: "HomePage", share: 0.25, hour: (h) => (h >= 2 && h < 8 ? 0 : h < 2 ? 0.4 : h < 12 ? 0.5 : h < 16 ? 0.8 : h < 22 ? 1.6 : 1) },
  { source: "MobileApp", share: 0.25, hour: (h) => (h >= 2 && h < 8 ? 0 : h < 2 ? 0.8 : h < 12 ? 0.3 : h < 16 ? 0.7 : h < 23 ? 1.7 : 1.2) },
  { source: "TV Board", share: 0.35, hour: (h) => (h >= 2 && h < 12 ? 0 : 1) },
];

/**
 * Menu views, counted as the app counts them: one menu_view_counts row per location, source and UTC
 * quarter hour, with the quarter's total (a Poisson-like draw around the expected views). About 3.5
 * views per check-in, at least 8 a day, weekdays shaped like the check-ins.
 */
async function generateMenuViews(db: Db, plan: Plan, totalCheckins: number, seed: number, days: number, log: (line: string) => void): Promise<number> {
  const rows = perLocation(plan, totalCheckins);
  const quarterWeights = SOURCE_SHAPES.flatMap(({ hour }) => {
    const weights = Array.from({ length: 96 }, (_, quarter) => hour(Math.floor(quarter / 4)));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    return weights.map((weight) => weight / total);
  });
  const weekdayMean = WEEKDAY_WEIGHT.reduce((sum, weight) => sum + weight, 0) / 7;
  const firstDay = new Date(Date.UTC(plan.now.getUTCFullYear(), plan.now.getUTCMonth(), plan.now.getUTCDate()) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  let written = 0;
  const batch = 25;
  for (let start = 0, step = 0; start < rows.length; start += batch, step++) {
    const part = rows.slice(start, start + batch);
    written += await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(sql`select setseed(${seedFor(seed, 200_003 + step)})`);
      const result = (await tx.execute(sql`
        with drawn as (
          select l.loc, s.source,
            ((${sql.raw(`'${firstDay}'::date`)} + dd) + make_interval(mins => q * 15)) at time zone l.tz as bucket,
            floor(l.daily * s.share * ${floatArray(WEEKDAY_WEIGHT.map((weight) => weight / weekdayMean))}[extract(isodow from ${sql.raw(`'${firstDay}'::date`)} + dd)::int]
                  * ${floatArray(quarterWeights)}[s.si * 96 + q + 1] + random())::int as views
          from unnest(${intArray(part.map((row) => row.target.location.id))}, ${textArray(part.map((row) => row.target.location.timeZone))},
                      ${floatArray(part.map((row) => Math.max(8, row.perDay * 3.5)))}) as l(loc, tz, daily)
          cross join generate_series(0, ${sql.raw(String(days - 1))}) dd
          cross join unnest(${textArray(SOURCE_SHAPES.map((shape) => shape.source))}, ${floatArray(SOURCE_SHAPES.map((shape) => shape.share))},
                            ${intArray(SOURCE_SHAPES.map((_, index) => index))}) as s(source, share, si)
          cross join generate_series(0, 95) q
          where ${floatArray(quarterWeights)}[s.si * 96 + q + 1] > 0
        ), inserted as (
          insert into menu_view_counts (location_id, source, bucket, count)
          select loc, source, bucket, sum(views)::int from drawn
          where views > 0 and bucket <= ${sql.raw(`'${plan.now.toISOString()}'::timestamptz`)}
          group by 1, 3, 2
          order by 1, 3, 2 -- in key order: the primary key index grows at each location's end
          on conflict (location_id, bucket, source) do update set count = menu_view_counts.count + excluded.count
          returning 1
        ) select count(*)::int as n from inserted`)) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    });
    if (rows.length > batch) log(`  menu views: ${Math.min(start + batch, rows.length)} / ${rows.length} locations`);
  }
  return written;
}

/**
 * Adds `checkins` check-ins (and subscriptions and menu views in proportion) to `locations`.
 * Re-running adds more activity with new ids; ids never repeat.
 */
export async function generateActivity(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const days = options.days ?? 365;
  const now = options.now ?? new Date();
  const seed = options.seed ?? Math.floor(Math.random() * 1_000_000_000);
  if (!Number.isInteger(options.checkins) || options.checkins < 0) throw new Error("checkins must be a whole number ≥ 0");
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new Error("days must be between 1 and 3650");
  const skipped = options.locations.filter((location) => location.untappdVenueId === null);
  if (skipped.length > 0) log(`Skipping ${skipped.length} location(s) without an untappd_venue_id: ${skipped.map((l) => l.id).join(", ")}`);
  const plan = makePlan({
    checkins: options.checkins,
    days,
    nearbyShare: options.nearbyShare ?? 0.25,
    skew: options.skew ?? 0,
    locations: options.locations,
    now,
  });
  const mode = options.mode === "record" || options.mode === "bulk" ? options.mode : options.checkins > 50_000 ? "bulk" : "record";
  const ms = { catalogue: 0, checkins: 0, subscriptions: 0, menuViews: 0, total: 0 };
  if (plan.targets.length === 0) {
    return { locations: 0, checkins: 0, firstId: null, lastId: null, subscriptions: 0, menuViewRows: 0, mode, ms };
  }

  let mark = performance.now();
  const venues = [...plan.targets.map((target) => ownVenue(target.location)), ...[...plan.areas.values()].flatMap((entry) => entry.venues)];
  await ensureCatalogue(db, venues);
  ms.catalogue = performance.now() - mark;

  mark = performance.now();
  log(`Check-ins: ${options.checkins.toLocaleString("en-US")} over ${days} days at ${plan.targets.length} location(s) (${mode}, seed ${seed})`);
  const drawn = options.checkins === 0 ? { stored: 0, first: null, last: null } : mode === "bulk" ? await generateByBulk(db, plan, options.checkins, seed, log) : await generateByRecord(db, plan, options.checkins, seed, log);
  ms.checkins = performance.now() - mark;

  mark = performance.now();
  const subscriptions = options.subscriptions === false ? 0 : await generateSubscriptions(db, plan, options.checkins, seed);
  ms.subscriptions = performance.now() - mark;

  mark = performance.now();
  const menuViewRows = options.menuViews === false ? 0 : await generateMenuViews(db, plan, options.checkins, seed, Math.min(options.menuViewDays ?? days, days), log);
  ms.menuViews = performance.now() - mark;

  ms.total = performance.now() - started;
  return { locations: plan.targets.length, checkins: drawn.stored, firstId: drawn.first, lastId: drawn.last, subscriptions, menuViewRows, mode, ms };
}

/**
 * After a bulk load on PostgreSQL: VACUUM sets the visibility map (the covering index answers with
 * index-only scans only for all-visible pages) and ANALYZE refreshes the statistics. Not on PGlite.
 */
export async function vacuumInsightTables(db: Db) {
  await db.execute(sql`vacuum (analyze) checkins, venue_beer_days, subscriptions, menu_view_counts, checkin_venues, catalogue_beers`);
}

/**
 * The demo locations' months of activity (contract §2: every insight chart has data): per location
 * ~3 000 check-ins at its venue and ~1 000 at other venues near it over 180 days, its subscriptions and
 * menu views. A location that already has check-ins (an earlier seed or a sync) is left alone.
 */
export async function seedDemoActivity(db: Db, { now }: { now?: Date } = {}): Promise<GenerateResult | null> {
  const candidates = await demoLocations(db);
  const empty: Location[] = [];
  for (const location of candidates) {
    const [{ n }] = (await db.select({ n: count() }).from(checkins).where(and(isNotNull(checkins.locationId), eq(checkins.locationId, location.id)))) as [{ n: number }];
    if (n === 0) empty.push(location);
  }
  if (empty.length === 0) return null;
  return generateActivity(db, { checkins: 4000 * empty.length, locations: empty, days: 180, seed: 2_026, mode: "record", now });
}
