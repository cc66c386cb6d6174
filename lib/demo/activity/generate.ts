import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { checkins } from "@/lib/db/schema";
import { GENERATED, type SOURCES, type Location, ownVenue, ensureCatalogue, demoLocations } from "./world";
import {
  type GenerateOptions,
  type GenerateResult,
  type Plan,
  WEEKDAY_WEIGHT,
  floatArray,
  intArray,
  textArray,
  makePlan,
  seedFor,
  generateByBulk,
  generateByRecord,
} from "./draws";

// Activity for demos and benchmarks: check-ins at the locations' venues and at other venues near them,
// subscriptions and menu views. The check-ins are drawn by one SQL query (generate_series, random()
// under setseed), so the small path (rows read back and stored through recordCheckins) and the bulk
// path (INSERT … SELECT, counts kept in the same statement) share one set of distributions.
//
// Id ranges, chosen to stay clear of the sandbox (beers 100 001+, venues 910 001–920 050, users 5 001+,
// check-ins from 1) and of anything a real platform import plausibly stores next to them:
//   beers 2 000 001–2 002 000 · benchmark venues 3 000 001+ · other venues 4 000 000 + 20·city + j ·
//   users 20 000 000 + 100 000·city + n · check-ins 10 000 000 001+ (above every platform id).

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
async function generateMenuViews(
  db: Db,
  plan: Plan,
  totalCheckins: number,
  seed: number,
  days: number,
  log: (line: string) => void,
): Promise<number> {
  const rows = perLocation(plan, totalCheckins);
  const quarterWeights = SOURCE_SHAPES.flatMap(({ hour }) => {
    const weights = Array.from({ length: 96 }, (_, quarter) => hour(Math.floor(quarter / 4)));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    return weights.map((weight) => weight / total);
  });
  const weekdayMean = WEEKDAY_WEIGHT.reduce((sum, weight) => sum + weight, 0) / 7;
  const firstDay = new Date(Date.UTC(plan.now.getUTCFullYear(), plan.now.getUTCMonth(), plan.now.getUTCDate()) - (days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  let written = 0;
  const batch = 25;
  for (let start = 0, step = 0; start < rows.length; start += batch, step++) {
    const part = rows.slice(start, start + batch);
    const wrote = await db.transaction(async (tx) => {
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
    written += wrote;
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
  log(
    `Check-ins: ${options.checkins.toLocaleString("en-US")} over ${days} days at ${plan.targets.length} location(s) (${mode}, seed ${seed})`,
  );
  const drawn =
    options.checkins === 0
      ? { stored: 0, first: null, last: null }
      : mode === "bulk"
        ? await generateByBulk(db, plan, options.checkins, seed, log)
        : await generateByRecord(db, plan, options.checkins, seed, log);
  ms.checkins = performance.now() - mark;

  mark = performance.now();
  const subscriptions = options.subscriptions === false ? 0 : await generateSubscriptions(db, plan, options.checkins, seed);
  ms.subscriptions = performance.now() - mark;

  mark = performance.now();
  const menuViewRows =
    options.menuViews === false
      ? 0
      : await generateMenuViews(db, plan, options.checkins, seed, Math.min(options.menuViewDays ?? days, days), log);
  ms.menuViews = performance.now() - mark;

  ms.total = performance.now() - started;
  return {
    locations: plan.targets.length,
    checkins: drawn.stored,
    firstId: drawn.first,
    lastId: drawn.last,
    subscriptions,
    menuViewRows,
    mode,
    ms,
  };
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
    const [{ n }] = (await db
      .select({ n: count() })
      .from(checkins)
      .where(and(isNotNull(checkins.locationId), eq(checkins.locationId, location.id)))) as [{ n: number }];
    if (n === 0) empty.push(location);
  }
  if (empty.length === 0) return null;
  return generateActivity(db, { checkins: 4000 * empty.length, locations: empty, days: 180, seed: 2_026, mode: "record", now });
}
