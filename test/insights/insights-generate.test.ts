import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "../api";
import { checkins, locations, menuViewCounts, subscriptions } from "@/lib/db/schema";
import { rebuildVenueBeerDays } from "@/lib/insights/record";
import { demoLocations, distanceKm, ensureBenchmarkLocations, GENERATED } from "@/lib/demo/activity/world";
import { generateActivity, seedDemoActivity } from "@/lib/demo/activity/generate";

type Location = typeof locations.$inferSelect;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await (await db()).execute(query)) as unknown as { rows: T[] }).rows;

/** Rows of venue_beer_days that disagree with a recount of the check-ins (both directions). */
async function countMismatches() {
  const [row] = await rows<{ n: number }>(sql`
    with recount as (
      select venue_id, (checkin_at at time zone 'UTC')::date as day, beer_id, count(*)::int as checkins from checkins group by 1, 2, 3
    )
    select count(*)::int as n from (
      (select venue_id, day, beer_id, checkins from venue_beer_days except select * from recount)
      union all
      (select * from recount except select venue_id, day, beer_id, checkins from venue_beer_days)
    ) diff`);
  return row!.n;
}

let demo: Location[];

beforeAll(async () => {
  demo = await demoLocations(await db());
});

describe("seedDemoActivity", () => {
  it("gives each demo location about six months of check-ins, subscriptions and menu views, once", async () => {
    const database = await db();
    const ids = demo.map((location) => location.id);
    expect(ids).toHaveLength(3);
    // Start from no activity, whether or not the demo seed already added it.
    await database.delete(checkins).where(inArray(checkins.locationId, ids));
    await database.delete(checkins).where(sql`${checkins.id} > ${GENERATED.checkinBase}`);
    await database.delete(subscriptions).where(inArray(subscriptions.locationId, ids));
    await database.delete(menuViewCounts).where(inArray(menuViewCounts.locationId, ids));
    await rebuildVenueBeerDays(database);

    // How long it takes is a figure (npm run db:generate-activity prints it), never a test (decision 046).
    const result = await seedDemoActivity(database);
    expect(result).not.toBeNull();

    for (const location of demo) {
      const [stats] = await rows<{ n: number; users: number; days: number; span: number }>(sql`
        select count(*)::int as n, count(distinct user_id)::int as users,
          count(distinct (checkin_at at time zone 'UTC')::date)::int as days,
          extract(day from max(checkin_at) - min(checkin_at))::int as span
        from checkins where location_id = ${location.id}`);
      expect(stats!.n).toBeGreaterThan(2700);
      expect(stats!.n).toBeLessThan(3300);
      expect(stats!.users).toBeGreaterThan(200);
      expect(stats!.users).toBeLessThan(stats!.n / 2); // repeat visitors
      expect(stats!.span).toBeGreaterThanOrEqual(170);
      expect(stats!.days).toBeGreaterThan(150);

      const kinds = await rows<{ kind: string; n: number }>(
        sql`select kind, count(*)::int as n from subscriptions where location_id = ${location.id} group by 1 order by 1`,
      );
      expect(kinds.map((row) => row.kind)).toEqual(["beers", "events"]);
      expect(kinds.every((row) => row.n > 20)).toBe(true);
      const [recent] = await rows<{ older: number; newer: number }>(sql`
        select count(*) filter (where subscribed_at < now() - interval '90 days')::int as older,
               count(*) filter (where subscribed_at >= now() - interval '90 days')::int as newer
        from subscriptions where location_id = ${location.id}`);
      expect(recent!.newer).toBeGreaterThan(recent!.older); // growing

      const sources = await rows<{ source: string; views: number; days: number }>(sql`
        select source, sum(count)::int as views, count(distinct (bucket at time zone 'UTC')::date)::int as days
        from menu_view_counts where location_id = ${location.id} group by 1 order by 1`);
      expect(sources.map((row) => row.source)).toEqual(["API", "HomePage", "MobileApp", "TV Board"]);
      for (const row of sources) expect(row.days).toBeGreaterThan(150);
      const [buckets] = await rows<{ odd: number }>(
        sql`select count(*)::int as odd from menu_view_counts where location_id = ${location.id} and extract(epoch from bucket)::bigint % 900 <> 0`,
      );
      expect(buckets!.odd).toBe(0); // quarter hours, as recordMenuView counts them
    }
    expect(await countMismatches()).toBe(0);

    const before = await rows<{ n: number }>(sql`select count(*)::int as n from checkins`);
    expect(await seedDemoActivity(database)).toBeNull();
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from checkins`)).toEqual(before);
  });
});

describe("generateActivity", () => {
  it("goes through recordCheckins for small N: counts, fresh ids on every run, same draws for the same seed", async () => {
    const database = await db();
    const downtown = demo.find((location) => location.untappdVenueId === 910001)!;
    const options = {
      checkins: 1500,
      locations: [downtown],
      days: 60,
      seed: 42,
      mode: "record" as const,
      subscriptions: false,
      menuViews: false,
    };
    const first = await generateActivity(database, options);
    const second = await generateActivity(database, options);
    for (const run of [first, second]) {
      expect(run).toMatchObject({ mode: "record", checkins: 1500, locations: 1 });
      expect(run.lastId! - run.firstId! + 1).toBe(1500);
    }
    expect(second.firstId).toBe(first.lastId! + 1);
    const [stored] = await rows<{ n: number; distinct_ids: number }>(sql`
      select count(*)::int as n, count(distinct id)::int as distinct_ids from checkins where id between ${first.firstId} and ${second.lastId}`);
    expect(stored).toEqual({ n: 3000, distinct_ids: 3000 });
    // Same seed, same draws: the runs differ only in their ids.
    const drawn = (from: number, to: number) =>
      rows<{ key: string }>(sql`
        select venue_id || ' ' || coalesce(location_id, 0) || ' ' || user_id || ' ' || beer_id || ' ' || extract(epoch from checkin_at) as key
        from checkins where id between ${from} and ${to} order by id`);
    expect(await drawn(second.firstId!, second.lastId!)).toEqual(await drawn(first.firstId!, first.lastId!));
    expect(await countMismatches()).toBe(0);
  });

  it("draws realistic check-ins: venues near the location, weekends busy, Mondays quiet, users with a gender and an age", async () => {
    const database = await db();
    const harbor = demo.find((location) => location.untappdVenueId === 910002)!;
    // Late in the UTC day, when a venue east of UTC (Amsterdam) is already in the next day: the
    // window's first local hours fall before its start unless the generator keeps them inside.
    const today = new Date();
    const now = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 23, 45));
    const run = await generateActivity(database, { checkins: 6000, locations: [harbor], days: 120, seed: 9, mode: "bulk", now });
    expect(run).toMatchObject({ mode: "bulk", checkins: 6000 });
    const range = sql`id between ${run.firstId} and ${run.lastId}`;

    const [shape] = await rows<{
      own: number;
      nearby: number;
      early: number;
      late: number;
      beers_ok: number;
      users: number;
      min_at: Date | string;
      max_at: Date | string;
    }>(sql`
      select count(*) filter (where location_id = ${harbor.id})::int as own,
             count(*) filter (where location_id is null)::int as nearby,
             count(*) filter (where checkin_at < ${now.toISOString()}::timestamptz - interval '120 days')::int as early,
             count(*) filter (where checkin_at > ${now.toISOString()}::timestamptz)::int as late,
             count(*) filter (where beer_id between ${GENERATED.beerBase + 1} and ${GENERATED.beerBase + GENERATED.beers})::int as beers_ok,
             count(distinct user_id)::int as users
      from checkins where ${range}`);
    expect(shape!.own + shape!.nearby).toBe(6000);
    expect(shape!.nearby / 6000).toBeGreaterThan(0.2);
    expect(shape!.nearby / 6000).toBeLessThan(0.3);
    expect(shape!.early).toBe(0);
    expect(shape!.late).toBe(0);
    expect(shape!.beers_ok).toBe(6000);
    expect(shape!.users).toBeLessThan(3000);

    // Other venues are within ~20 km (some of them within 25 km) of the location.
    const venues = await rows<{ id: number; latitude: number; longitude: number }>(sql`
      select distinct v.id, v.latitude, v.longitude from checkins c join checkin_venues v on v.id = c.venue_id where c.id between ${run.firstId} and ${run.lastId} and c.location_id is null`);
    expect(venues.length).toBeGreaterThan(5);
    const at = { lat: Number(harbor.latitude), lng: Number(harbor.longitude) };
    expect(venues.filter((venue) => distanceKm(at, { lat: venue.latitude, lng: venue.longitude }) <= 25).length).toBeGreaterThan(
      venues.length / 2,
    );

    const weekdays = await rows<{ weekday: number; n: number }>(sql`
      select extract(isodow from checkin_at at time zone ${harbor.timeZone})::int as weekday, count(*)::int as n
      from checkins where ${range} and location_id = ${harbor.id} group by 1 order by 1`);
    const byDay = new Map(weekdays.map((row) => [row.weekday, row.n]));
    expect(byDay.get(5)! + byDay.get(6)!).toBeGreaterThan(2.5 * 2 * byDay.get(1)!); // Fri + Sat vs Monday
    const [evening] = await rows<{ share: number }>(sql`
      select avg(case when extract(hour from checkin_at at time zone ${harbor.timeZone}) between 17 and 23 then 1.0 else 0.0 end)::float8 as share
      from checkins where ${range} and location_id = ${harbor.id}`);
    expect(evening!.share).toBeGreaterThan(0.55);

    // One gender and one birth year per user; ~10 % without a gender; birth years 1950–2005.
    const [people] = await rows<{
      users: number;
      inconsistent: number;
      no_gender: number;
      min_year: number;
      max_year: number;
      no_year: number;
    }>(sql`
      with people as (
        select user_id, count(distinct coalesce(gender, '-')) as genders, count(distinct coalesce(birth_year, 0)) as years,
               min(gender) as gender, min(birth_year) as birth_year
        from checkins where ${range} group by user_id
      )
      select count(*)::int as users, count(*) filter (where genders > 1 or years > 1)::int as inconsistent,
             count(*) filter (where gender is null)::int as no_gender, min(birth_year)::int as min_year, max(birth_year)::int as max_year,
             count(*) filter (where birth_year is null)::int as no_year
      from people`);
    expect(people!.inconsistent).toBe(0);
    expect(people!.no_gender / people!.users).toBeGreaterThan(0.04);
    expect(people!.no_gender / people!.users).toBeLessThan(0.18);
    expect(people!.no_year).toBeGreaterThan(0);
    expect(people!.min_year).toBeGreaterThanOrEqual(1950);
    expect(people!.max_year).toBeLessThanOrEqual(2005);

    // Popularity is skewed: the top 10 beers take a good share, and the catalogue names them.
    const [top] = await rows<{ share: number; unnamed: number }>(sql`
      with ranked as (select beer_id, count(*) as n from checkins where ${range} and location_id = ${harbor.id} group by 1 order by 2 desc)
      select ((select sum(n) from (select n from ranked limit 10) t) / (select sum(n) from ranked))::float8 as share,
             (select count(*)::int from ranked r left join catalogue_beers b on b.bid = r.beer_id where b.bid is null) as unnamed`);
    expect(top!.share).toBeGreaterThan(0.15);
    expect(top!.unnamed).toBe(0);

    expect(run.subscriptions).toBeGreaterThan(0);
    expect(run.menuViewRows).toBeGreaterThan(0);
    expect(await countMismatches()).toBe(0);
  });

  it("creates benchmark locations once, over real cities, some within 25 km of each other", async () => {
    const database = await db();
    const first = await ensureBenchmarkLocations(database, 60);
    const again = await ensureBenchmarkLocations(database, 60);
    expect(again.map((location) => location.id)).toEqual(first.map((location) => location.id));
    expect(first).toHaveLength(60);
    expect(new Set(first.map((location) => location.untappdVenueId)).size).toBe(60);
    expect(new Set(first.map((location) => location.city)).size).toBeGreaterThanOrEqual(20);
    const close = first.filter((a) =>
      first.some(
        (b) =>
          b.id !== a.id &&
          distanceKm({ lat: Number(a.latitude), lng: Number(a.longitude) }, { lat: Number(b.latitude), lng: Number(b.longitude) }) < 25,
      ),
    );
    expect(close.length).toBeGreaterThan(30);

    const run = await generateActivity(database, {
      checkins: 3000,
      locations: first,
      days: 30,
      seed: 1,
      skew: 0.4,
      mode: "bulk",
      menuViews: false,
    });
    expect(run.checkins).toBe(3000);
    const [spread] = await rows<{ locations: number }>(sql`
      select count(distinct location_id)::int as locations from checkins where id between ${run.firstId} and ${run.lastId} and location_id is not null`);
    expect(spread!.locations).toBeGreaterThan(50);
    expect(await countMismatches()).toBe(0);
    await database.delete(locations).where(
      inArray(
        locations.id,
        first.map((location) => location.id),
      ),
    );
    expect(await database.select().from(locations).where(eq(locations.name, first[0]!.name))).toHaveLength(0);
  });
});
