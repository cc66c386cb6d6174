import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { seededRandom } from "@/sandbox/seed/random";
import { recordCheckins, type CheckinInput } from "@/lib/insights/record";
import {
  GENERATED,
  ALLOCATION_LOCK,
  type Location,
  type Area,
  type GeneratedVenue,
  areaFor,
  nearbyVenuesOf,
  generatedBeers,
  ownVenue,
} from "./world";

// How check-ins are drawn: the time shape, the plan per location, and one SQL query for the draws,
// stored row by row (small runs, through recordCheckins) or in bulk.

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

export type Plan = {
  targets: { location: Location; area: Area; venueId: number; weight: number; userShift: number; beerShift: number }[];
  areas: Map<number, { area: Area; pool: number; venues: GeneratedVenue[] }>;
  days: number;
  firstDay: string;
  now: Date;
  nearbyShare: number;
};

// Local weekday (ISO, Monday first) and quarter-hour shapes of a venue's trade.
export const WEEKDAY_WEIGHT = [0.45, 0.7, 0.8, 1.0, 1.55, 1.75, 1.05];
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

export const floatArray = (values: number[]) => sql.raw(`('{${values.map((value) => String(value)).join(",")}}'::float8[])`);
export const intArray = (values: number[]) => sql.raw(`('{${values.map((value) => String(Math.trunc(value))).join(",")}}'::int[])`);
export const textArray = (values: string[]) => {
  for (const value of values) if (!/^[A-Za-z0-9_/+\-. ]+$/.test(value)) throw new Error(`unexpected character in ${JSON.stringify(value)}`);
  return sql.raw(`('{${values.map((value) => `"${value}"`).join(",")}}'::text[])`);
};

const hash32 = (value: number) => {
  let h = Math.imul(value ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

export function makePlan(
  options: Required<Pick<GenerateOptions, "checkins" | "days" | "nearbyShare" | "skew">> & { locations: Location[]; now: Date },
): Plan {
  const { days, now, nearbyShare } = options;
  const usable = options.locations.filter((location) => location.untappdVenueId !== null);
  // Ranks are shuffled (fixed seed) so the busiest locations are not simply the first ids.
  const order = seededRandom(4_242).sample(
    usable.map((_, index) => index),
    usable.length,
  );
  const rankOf = new Map(order.map((index, rank) => [index, rank + 1]));
  const targets = usable.map((location, index) => ({
    location,
    area: areaFor(location),
    venueId: location.untappdVenueId!,
    weight: 1 / rankOf.get(index)! ** options.skew,
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
  const hash = (multiplier: number, add: number) =>
    sql.raw(`((user_id::bigint * ${multiplier} + ${add}) % 4294967296)::float8 / 4294967296`);
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
        -- The window's days are UTC dates but their hours the venue's: a draw past now, or (east of
        -- UTC, late in the UTC day) before the window's start, moves a week, keeping its weekday.
        case when at0 > ${sql.raw(`'${plan.now.toISOString()}'::timestamptz`)} then at0 - interval '7 days'
             when at0 < ${sql.raw(`'${plan.now.toISOString()}'::timestamptz - interval '${plan.days} days'`)} then at0 + interval '7 days'
             else at0 end as checkin_at
      from w
    )
    select ${sql.raw(String(firstId - 1))}::bigint + row_number() over (order by checkin_at) as id, x.* from x`;
}

export const seedFor = (seed: number, step: number) =>
  ((Math.abs(Math.trunc(seed)) * 1_000_003 + step * 7_919) % 1_999_999) / 1_000_000 - 0.999_999;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The next free generated id, under a transaction-scoped lock so concurrent generators queue. */
async function nextId(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOCATION_LOCK})`);
  const result = (await tx.execute(
    sql`select coalesce(max(id), ${GENERATED.checkinBase})::text as max from checkins where id > ${GENERATED.checkinBase}`,
  )) as unknown as {
    rows: { max: string }[];
  };
  return Number(result.rows[0]!.max) + 1;
}

type DrawnRow = {
  id: string;
  venue_id: number;
  location_id: number | null;
  user_id: number;
  gender: "male" | "female" | null;
  birth_year: number | null;
  beer_id: number;
  at_ms: number;
};

export async function generateByRecord(db: Db, plan: Plan, total: number, seed: number, log: (line: string) => void) {
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
      const kept = await recordCheckins(db, rows);
      stored += kept;
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

export async function generateByBulk(db: Db, plan: Plan, total: number, seed: number, log: (line: string) => void) {
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
    log(
      `  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} check-ins (${Math.round(done / seconds).toLocaleString("en-US")}/s)`,
    );
  }
  return { stored: total, first, last };
}
