import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { SUBSCRIPTION_KINDS } from "@/lib/db/schema";
import type { Location } from "@/lib/locations/locations";
import { dayBounds, hourIndex, hourStarts, localDay, localWeekday, localWindow, localYear, type Clock, type Window } from "./window";
import type {
  InsightStatsEnvelope,
  MenuViewsOverTimeResponse,
  SubscribesOverTimeEnvelope,
  TopBeerResponse,
  TopBeersEnvelope,
} from "@/lib/insights/schemas/insights";

// Contract §6 and the spec's insight shapes. Per-location counts come from the covering index on
// check-ins (index-only scans); top nearby beers from the per-venue daily counts.

export type GroupBy = "checkins" | "gender" | "ages" | "daily";
type Params = { location: Location; numDays: number; now?: Date };

const rows = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** tz_offset given: that fixed offset; otherwise the location's own zone, DST included. */
export const clockFor = (location: Location, offsetSeconds?: number): Clock =>
  offsetSeconds === undefined ? { zone: location.timeZone } : { offsetSeconds };

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, timeTaken: Math.round(performance.now() - started) / 1000 };
};

// ---- the main query of each insight (explainInsight shows their plans) ----
// Each figure with a period is read with the previous period in the same query: one range scan over
// both windows (the gap between them filtered out), `is_current` telling them apart (decision 063).

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

const inWindow = (location: Location, window: Window) =>
  sql`location_id = ${location.id} and checkin_at >= ${at(window.start)} and checkin_at < ${at(window.end)}`;

/** The current window and the previous period: one range, less the stretch between them. */
const inPeriods = (column: SQL, window: Window) =>
  sql`${column} >= ${at(window.previous.start)} and ${column} < ${at(window.end)} and (${column} >= ${at(window.start)} or ${column} < ${at(window.previous.end)})`;
const isCurrent = (column: SQL, window: Window) => sql`(${column} >= ${at(window.start)})`;

const checkinsByDay = (location: Location, window: Window, clock: Clock) => sql`
  select ${isCurrent(sql`checkin_at`, window)} as is_current, ${localDay(sql`checkin_at`, clock)} as day,
    count(*)::int as checkins, count(distinct user_id)::int as distinct_users
  from checkins where location_id = ${location.id} and ${inPeriods(sql`checkin_at`, window)} group by 1, 2`;

/** Today's check-ins per hour (num_days 1). */
const checkinsByHour = (location: Location, window: Window) => sql`
  select ${hourIndex(sql`checkin_at`, window)} as hour, count(*)::int as checkins, count(distinct user_id)::int as distinct_users
  from checkins where ${inWindow(location, window)} group by 1`;

const usersByGender = (location: Location, window: Window) => sql`
  select ${isCurrent(sql`checkin_at`, window)} as is_current, coalesce(gender, 'n/a') as gender, count(distinct user_id)::int as users
  from checkins where location_id = ${location.id} and ${inPeriods(sql`checkin_at`, window)} group by 1, 2`;

const usersByBirthYear = (location: Location, window: Window) => sql`
  select ${isCurrent(sql`checkin_at`, window)} as is_current, birth_year, count(distinct user_id)::int as users
  from checkins where location_id = ${location.id} and ${inPeriods(sql`checkin_at`, window)} and birth_year is not null group by 1, 2`;

const usersByWeekday = (location: Location, window: Window, clock: Clock) => sql`
  select ${isCurrent(sql`checkin_at`, window)} as is_current, ${localWeekday(sql`checkin_at`, clock)} as weekday, count(distinct user_id)::int as users
  from checkins where location_id = ${location.id} and ${inPeriods(sql`checkin_at`, window)} group by 1, 2`;

const viewsByDay = (location: Location, window: Window, clock: Clock) => sql`
  select ${isCurrent(sql`bucket`, window)} as is_current, ${localDay(sql`bucket`, clock)} as day, source, sum(count)::int as views
  from menu_view_counts
  where location_id = ${location.id} and ${inPeriods(sql`bucket`, window)}
  group by 1, 2, 3`;

const viewsByHour = (location: Location, window: Window) => sql`
  select ${hourIndex(sql`bucket`, window)} as hour, source, sum(count)::int as views
  from menu_view_counts
  where location_id = ${location.id} and bucket >= ${at(window.start)} and bucket < ${at(window.end)}
  group by 1, 2`;

const subscribesByDay = (location: Location, window: Window, clock: Clock) => sql`
  select ${isCurrent(sql`subscribed_at`, window)} as is_current, ${localDay(sql`subscribed_at`, clock)} as day, kind, count(*)::int as subscribes
  from subscriptions
  where location_id = ${location.id} and ${inPeriods(sql`subscribed_at`, window)}
  group by 1, 2, 3`;

const subscribesByHour = (location: Location, window: Window) => sql`
  select ${hourIndex(sql`subscribed_at`, window)} as hour, kind, count(*)::int as subscribes
  from subscriptions
  where location_id = ${location.id} and subscribed_at >= ${at(window.start)} and subscribed_at < ${at(window.end)}
  group by 1, 2`;

const topBeersHere = (location: Location, window: Window) => sql`
  select c.beer_id, b.name, b.brewery, b.style, count(*)::int as checkins, count(distinct c.user_id)::int as distinct_users
  from checkins c join catalogue_beers b on b.bid = c.beer_id
  where c.location_id = ${location.id} and c.checkin_at >= ${window.start.toISOString()}::timestamptz and c.checkin_at < ${window.end.toISOString()}::timestamptz
  group by c.beer_id, b.name, b.brewery, b.style
  order by checkins desc, distinct_users desc, c.beer_id limit 10`;

const NEARBY_KM = 25;

/** Venues within 25 km of the location, its own venue aside: a bounding box on the index, then the great circle. */
const nearbyVenues = (location: Location) => {
  const lat = Number(location.latitude);
  const lng = Number(location.longitude);
  const dLat = NEARBY_KM / 111.2;
  const dLng = NEARBY_KM / (111.2 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  return sql`
    select id from checkin_venues
    where latitude between ${lat - dLat} and ${lat + dLat} and longitude between ${lng - dLng} and ${lng + dLng}
      and id is distinct from ${location.untappdVenueId}
      and 2 * 6371 * asin(sqrt(power(sin(radians(latitude - ${lat}) / 2), 2)
          + cos(radians(${lat})) * cos(radians(latitude)) * power(sin(radians(longitude - ${lng}) / 2), 2))) <= ${NEARBY_KM}`;
};

const topBeersNearby = (location: Location, window: Window) => sql`
  select d.beer_id, sum(d.checkins)::int as checkins
  from venue_beer_days d
  where d.venue_id in (${nearbyVenues(location)}) and d.day >= ${window.start.toISOString().slice(0, 10)}::date
  group by d.beer_id order by checkins desc, d.beer_id limit 10`;

/** Distinct users of each given beer at the nearby venues: index-only on (venue, beer, time) INCLUDE user. */
const nearbyUsers = (location: Location, window: Window, beerIds: number[]) => sql`
  select b.bid as beer_id, b.name, b.brewery, b.style,
    (select count(distinct c.user_id)::int from checkins c
     where c.venue_id in (${nearbyVenues(location)}) and c.beer_id = b.bid
       and c.checkin_at >= ${window.start.toISOString().slice(0, 10)}::date) as distinct_users
  from catalogue_beers b where b.bid in (${sql.join(
    beerIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;

// ---- the insights ----

const GENDERS = [
  ["male", "Male"],
  ["female", "Female"],
  ["n/a", "N/A"],
] as const;
const AGE_BANDS: [string, number, number][] = [
  ["19-21", 19, 21],
  ["22-25", 22, 25],
  ["26-30", 26, 30],
  ["31-40", 31, 40],
  ["41-50", 41, 50],
  ["51-60", 51, 60],
  ["61+", 61, 200],
];
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The previous period's instants, as every answer names them beside its figures. */
const previousSpan = (window: Window) => ({ start: window.previous.start.toISOString(), end: window.previous.end.toISOString() });

/** Rows of the two periods apart: `is_current` came from the query. */
function byPeriod<T extends { is_current: boolean }>(found: T[]) {
  return { current: found.filter((row) => row.is_current), previous: found.filter((row) => !row.is_current) };
}

const sumOf = <T>(found: T[], value: (row: T) => number) => found.reduce((sum, row) => sum + value(row), 0);

function ageBands(found: { birth_year: number; users: number }[], year: number) {
  const data = Object.fromEntries(AGE_BANDS.map(([band]) => [band, 0]));
  for (const row of found) {
    const age = year - row.birth_year;
    const band = AGE_BANDS.find(([, low, high]) => age >= low && age <= high);
    if (band) data[band[0]] = (data[band[0]] ?? 0) + row.users;
  }
  return { data, total: Object.values(data).reduce((sum, count) => sum + count, 0) };
}

async function checkinHours(db: Db, location: Location, window: Window, now: Date) {
  type Row = { hour: number; checkins: number; distinct_users: number };
  const byHour = new Map((await rows<Row>(db, checkinsByHour(location, window))).map((row) => [row.hour, row]));
  return hourStarts(window, now).map((start, hour) => ({
    start: start.toISOString(),
    checkins: byHour.get(hour)?.checkins ?? 0,
    distinct_users: byHour.get(hour)?.distinct_users ?? 0,
  }));
}

export async function checkinsOverTime(db: Db, params: Params & { groupBy: GroupBy; tzOffsetHours?: number }) {
  const clock = clockFor(params.location, params.tzOffsetHours === undefined ? undefined : params.tzOffsetHours * 3600);
  const now = params.now ?? new Date();
  const window = localWindow(clock, params.numDays, now);
  const { result, timeTaken } = await timed(async () => {
    switch (params.groupBy) {
      case "checkins": {
        type Row = { is_current: boolean; day: string; checkins: number; distinct_users: number };
        const { current, previous } = byPeriod(await rows<Row>(db, checkinsByDay(params.location, window, clock)));
        const found = new Map(current.map((row) => [row.day, row]));
        const items = window.days.map((date) => ({
          date,
          checkins: found.get(date)?.checkins ?? 0,
          distinct_users: found.get(date)?.distinct_users ?? 0,
        }));
        return {
          checkins: { count: sumOf(items, (item) => item.checkins), items },
          // Left out of the JSON (undefined) but for today: a spread would lose the union's shape in the types.
          checkins_by_hour: params.numDays === 1 ? await checkinHours(db, params.location, window, now) : undefined,
          previous_period: { ...previousSpan(window), checkins: { count: sumOf(previous, (row) => row.checkins) } },
        };
      }
      case "gender": {
        const { current, previous } = byPeriod(
          await rows<{ is_current: boolean; gender: string; users: number }>(db, usersByGender(params.location, window)),
        );
        const genders = (found: typeof current) => {
          const users = new Map(found.map((row) => [row.gender, row.users]));
          return GENDERS.map(([key, gender]) => ({ gender, count: users.get(key) ?? 0 }));
        };
        return { user_gender: genders(current), previous_period: { ...previousSpan(window), user_gender: genders(previous) } };
      }
      case "ages": {
        const year = localYear(clock, now);
        const { current, previous } = byPeriod(
          await rows<{ is_current: boolean; birth_year: number; users: number }>(db, usersByBirthYear(params.location, window)),
        );
        return { user_ages: ageBands(current, year), previous_period: { ...previousSpan(window), user_ages: ageBands(previous, year) } };
      }
      case "daily": {
        const { current, previous } = byPeriod(
          await rows<{ is_current: boolean; weekday: number; users: number }>(db, usersByWeekday(params.location, window, clock)),
        );
        const weekdays = (found: typeof current) => {
          const users = new Map(found.map((row) => [row.weekday, row.users]));
          return WEEKDAYS.map((day, index) => ({ day, distinct_users: users.get(index + 1) ?? 0 }));
        };
        return { daily_data: weekdays(current), previous_period: { ...previousSpan(window), daily_data: weekdays(previous) } };
      }
    }
  });
  return { insights: { ...result, time_taken: timeTaken } };
}

/** Each source's views, sources in name order. */
const perSource = (sources: string[], views: (source: string) => number) => sources.map((source) => ({ source, result: views(source) }));

async function viewHours(db: Db, location: Location, window: Window, now: Date, sources: string[]) {
  const found = await rows<{ hour: number; source: string; views: number }>(db, viewsByHour(location, window));
  const byHour = new Map(found.map((row) => [`${row.hour} ${row.source}`, row.views]));
  return hourStarts(window, now).map((start, hour) => ({
    value: perSource(sources, (source) => byHour.get(`${hour} ${source}`) ?? 0),
    timeframe: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() },
  }));
}

export async function menuViewsOverTime(db: Db, params: Params & { tzOffsetSeconds?: number }): Promise<MenuViewsOverTimeResponse> {
  const clock = clockFor(params.location, params.tzOffsetSeconds);
  const now = params.now ?? new Date();
  const window = localWindow(clock, params.numDays, now);
  const { result, timeTaken } = await timed(async () => {
    type Row = { is_current: boolean; day: string; source: string; views: number };
    const { current, previous } = byPeriod(await rows<Row>(db, viewsByDay(params.location, window, clock)));
    const sources = [...new Set(current.map((row) => row.source))].sort();
    const views = new Map(current.map((row) => [`${row.day} ${row.source}`, row.views]));
    const menuViews = window.days.map((day) => {
      const { start, end } = dayBounds(clock, day);
      return {
        value: perSource(sources, (source) => views.get(`${day} ${source}`) ?? 0),
        timeframe: { start: start.toISOString(), end: end.toISOString() },
      };
    });
    const previousSources = [...new Set(previous.map((row) => row.source))].sort();
    return {
      total_menu_views: sumOf(current, (row) => row.views),
      menu_views: menuViews,
      ...(params.numDays === 1 ? { menu_views_by_hour: await viewHours(db, params.location, window, now, sources) } : {}),
      previous_period: {
        ...previousSpan(window),
        total_menu_views: sumOf(previous, (row) => row.views),
        value: perSource(previousSources, (source) =>
          sumOf(
            previous.filter((row) => row.source === source),
            (row) => row.views,
          ),
        ),
      },
    };
  });
  return { ...result, time_taken: timeTaken };
}

export async function insightStats(db: Db, { location }: { location: Location }): Promise<InsightStatsEnvelope> {
  const { result, timeTaken } = await timed(async () => {
    const [subscribes] = await rows<{ beers: number; events: number }>(
      db,
      sql`select count(*) filter (where kind = 'beers')::int as beers, count(*) filter (where kind = 'events')::int as events from subscriptions where location_id = ${location.id}`,
    );
    const [totals] = await rows<{ total_checkins: number; total_users: number }>(
      db,
      sql`select count(*)::int as total_checkins, count(distinct user_id)::int as total_users from checkins where location_id = ${location.id}`,
    );
    return {
      subscribes: { all: subscribes!.beers + subscribes!.events, beers: subscribes!.beers, events: subscribes!.events },
      stats: { total_checkins: totals!.total_checkins, total_users: totals!.total_users },
    };
  });
  return { insights: { ...result, time_taken: timeTaken } };
}

/** Subscriptions counted by `${day or hour} ${kind}`: one kind, or all of them. */
const countOf = (counts: Map<string, number>, at: string | number, kind?: string) =>
  kind === undefined
    ? SUBSCRIPTION_KINDS.reduce((sum, each) => sum + (counts.get(`${at} ${each}`) ?? 0), 0)
    : (counts.get(`${at} ${kind}`) ?? 0);

async function subscribeHours(db: Db, location: Location, window: Window, now: Date) {
  const found = await rows<{ hour: number; kind: string; subscribes: number }>(db, subscribesByHour(location, window));
  const byHourAndKind = new Map(found.map((row) => [`${row.hour} ${row.kind}`, row.subscribes]));
  const hours = hourStarts(window, now);
  const series = (kind?: string) => hours.map((start, hour) => ({ start: start.toISOString(), count: countOf(byHourAndKind, hour, kind) }));
  return { all: series(), beers: series("beers"), events: series("events") };
}

export async function subscribesOverTime(db: Db, params: Params & { tzOffsetHours?: number }): Promise<SubscribesOverTimeEnvelope> {
  const clock = clockFor(params.location, params.tzOffsetHours === undefined ? undefined : params.tzOffsetHours * 3600);
  const now = params.now ?? new Date();
  const window = localWindow(clock, params.numDays, now);
  const { result, timeTaken } = await timed(async () => {
    type Row = { is_current: boolean; day: string; kind: string; subscribes: number };
    const { current, previous } = byPeriod(await rows<Row>(db, subscribesByDay(params.location, window, clock)));
    const byDayAndKind = new Map(current.map((row) => [`${row.day} ${row.kind}`, row.subscribes]));
    const previousOf = (kind?: string): number =>
      kind === undefined
        ? SUBSCRIPTION_KINDS.reduce((sum, each) => sum + previousOf(each), 0)
        : sumOf(previous, (row) => (row.kind === kind ? row.subscribes : 0));
    return {
      date_range: { start: window.days[0]!, end: window.days.at(-1)! },
      subscribes: {
        all: window.days.map((date) => ({ date, count: countOf(byDayAndKind, date) })),
        beers: window.days.map((date) => ({ date, count: countOf(byDayAndKind, date, "beers") })),
        events: window.days.map((date) => ({ date, count: countOf(byDayAndKind, date, "events") })),
      },
      ...(params.numDays === 1 ? { subscribes_by_hour: await subscribeHours(db, params.location, window, now) } : {}),
      previous_period: {
        ...previousSpan(window),
        subscribes: { all: previousOf(), beers: previousOf("beers"), events: previousOf("events") },
      },
    };
  });
  return { insights: { ...result, time_taken: timeTaken } };
}

type BeerRow = { beer_id: number; name: string; brewery: string | null; style: string | null; checkins: number; distinct_users: number };
const beerJson = (row: BeerRow): TopBeerResponse => ({
  untappd_id: row.beer_id,
  name: row.name,
  brewery: row.brewery,
  style: row.style,
  checkins: row.checkins,
  distinct_users: row.distinct_users,
});

/** Top 10 beers checked in here, and top 10 at other venues within 25 km, over the last num_days. */
export async function topBeers(db: Db, params: Params): Promise<TopBeersEnvelope> {
  const clock = clockFor(params.location);
  const window = localWindow(clock, params.numDays, params.now);
  const { result, timeTaken } = await timed(async () => {
    const here = await rows<BeerRow>(db, topBeersHere(params.location, window));
    let nearby: BeerRow[] = [];
    if (params.location.latitude !== null && params.location.longitude !== null) {
      const ranked = await rows<{ beer_id: number; checkins: number }>(db, topBeersNearby(params.location, window));
      if (ranked.length > 0) {
        const details = await rows<Omit<BeerRow, "checkins">>(
          db,
          nearbyUsers(
            params.location,
            window,
            ranked.map((row) => row.beer_id),
          ),
        );
        const byId = new Map(details.map((row) => [row.beer_id, row]));
        nearby = ranked.map((row) => ({ ...byId.get(row.beer_id)!, checkins: row.checkins }));
      }
    }
    return { top_beers: here.map(beerJson), top_nearby_beers: nearby.map(beerJson) };
  });
  return { insights: { ...result, time_taken: timeTaken } };
}

/** EXPLAIN (ANALYZE, BUFFERS) of an insight's main query: for the benchmark. */
export async function explainInsight(
  db: Db,
  name:
    | "checkins"
    | "gender"
    | "ages"
    | "daily"
    | "menu_views"
    | "subscribes"
    | "stats"
    | "top_beers"
    | "top_nearby_beers"
    | "top_nearby_users",
  params: Params,
): Promise<string> {
  const clock = clockFor(params.location);
  const window = localWindow(clock, params.numDays, params.now);
  const ranked = name === "top_nearby_users" ? await rows<{ beer_id: number }>(db, topBeersNearby(params.location, window)) : [];
  const queries: Record<typeof name, SQL> = {
    checkins: checkinsByDay(params.location, window, clock),
    gender: usersByGender(params.location, window),
    ages: usersByBirthYear(params.location, window),
    daily: usersByWeekday(params.location, window, clock),
    menu_views: viewsByDay(params.location, window, clock),
    subscribes: subscribesByDay(params.location, window, clock),
    stats: sql`select count(*)::int, count(distinct user_id)::int from checkins where location_id = ${params.location.id}`,
    top_beers: topBeersHere(params.location, window),
    top_nearby_beers: topBeersNearby(params.location, window),
    top_nearby_users: nearbyUsers(params.location, window, ranked.length > 0 ? ranked.map((row) => row.beer_id) : [0]),
  };
  const plan = await rows<{ "QUERY PLAN": string }>(db, sql`explain (analyze, buffers) ${queries[name]}`);
  return plan.map((row) => row["QUERY PLAN"]).join("\n");
}
