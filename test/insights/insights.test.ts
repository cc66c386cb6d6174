import { beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { locations, subscriptions } from "@/lib/db/schema";
import { recordCheckins, type CheckinInput } from "@/lib/insights/record";
import { recordMenuView } from "@/lib/insights/menu-views";
import { checkinsOverTime, explainInsight, insightStats, menuViewsOverTime, subscribesOverTime, topBeers } from "@/lib/insights/queries";
import type { Location } from "@/lib/locations/locations";

// A small fixed dataset, every answer worked out by hand. "Now" is Tuesday 2026-11-03 10:00 in New
// York, two days after the clocks went back (Sunday 2026-11-01, 02:00 EDT → 01:00 EST), so the
// 7-day window holds a 25-hour day and the hour 01:00–02:00 twice.
const NOW = new Date("2026-11-03T15:00:00Z");
let owner: Account;
let rival: Account;
let place: Location;

const VENUE = { id: 930_001, name: "Insight Tap", latitude: 40.7195, longitude: -74.0089 };
const BROOKLYN = { id: 930_002, name: "Brooklyn Bar", latitude: 40.6782, longitude: -73.9442 }; // ~7 km
const BOSTON = { id: 930_003, name: "Boston Pub", latitude: 42.3601, longitude: -71.0589 }; // ~300 km
const BEERS = {
  A: { bid: 3_000_001, name: "Alpha Ale", brewery: "One Brewing", style: "Pale Ale" },
  B: { bid: 3_000_002, name: "Beta Bock", brewery: "Two Brewing", style: "Bock" },
  C: { bid: 3_000_003, name: "Gamma Gose", brewery: "Three Brewing", style: "Gose" },
  D: { bid: 3_000_004, name: "Delta Dunkel", brewery: "Four Brewing", style: "Dunkel" },
  E: { bid: 3_000_005, name: "Epsilon IPA", brewery: "Five Brewing", style: "IPA" },
};
type Person = CheckinInput["user"];
const U: Record<number, Person> = {
  1: { id: 1, gender: "male", birthYear: 1990 },
  2: { id: 2, gender: "female", birthYear: 2000 },
  3: { id: 3, gender: null, birthYear: null },
  4: { id: 4, gender: "male", birthYear: 1965 },
  7: { id: 7, gender: null, birthYear: null },
  8: { id: 8, gender: null, birthYear: null },
  9: { id: 9, gender: null, birthYear: null },
};

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  const database = await db();
  const businessId = (await api.get("current_user", { as: owner.ro })).body.current_user.business_id;
  [place] = (await database
    .insert(locations)
    .values({
      businessId,
      name: "Insight Tap",
      timeZone: "America/New_York",
      latitude: String(VENUE.latitude),
      longitude: String(VENUE.longitude),
      untappdVenueId: VENUE.id,
    })
    .returning()) as [Location];
  const here = (id: number, user: number, beer: keyof typeof BEERS, at: string): CheckinInput => ({
    id,
    venue: VENUE,
    locationId: place.id,
    user: U[user]!,
    beer: BEERS[beer],
    checkinAt: new Date(at),
  });
  const at = (venue: typeof BROOKLYN, id: number, user: number, beer: keyof typeof BEERS, when: string): CheckinInput => ({
    id,
    venue,
    locationId: null,
    user: U[user]!,
    beer: BEERS[beer],
    checkinAt: new Date(when),
  });
  await recordCheckins(database, [
    here(1, 1, "A", "2026-10-28T03:30:00Z"), // Oct 27 23:30 EDT: before the window
    here(2, 1, "A", "2026-10-28T04:30:00Z"), // Oct 28 00:30 EDT
    here(3, 2, "A", "2026-11-01T05:30:00Z"), // Nov 1 01:30 EDT (the first 01:30)
    here(4, 2, "B", "2026-11-01T06:30:00Z"), // Nov 1 01:30 EST (the second)
    here(5, 3, "B", "2026-11-02T04:30:00Z"), // Nov 1 23:30 EST; Nov 2 00:30 at UTC-4
    here(6, 3, "C", "2026-11-03T14:00:00Z"), // Nov 3 09:00 EST
    here(7, 4, "A", "2026-10-30T12:00:00Z"), // Oct 30 08:00 EDT
    at(BROOKLYN, 11, 7, "D", "2026-11-02T12:00:00Z"),
    at(BROOKLYN, 12, 8, "D", "2026-11-02T13:00:00Z"),
    at(BROOKLYN, 13, 9, "A", "2026-11-03T12:00:00Z"),
    ...[21, 22, 23, 24, 25].map((id) => at(BOSTON, id, 7, "E", "2026-11-02T12:00:00Z")),
  ]);
  // Importing the same check-ins again changes nothing.
  expect(await recordCheckins(database, [here(2, 1, "A", "2026-10-28T04:30:00Z")])).toBe(0);
  for (const [when, source] of [
    ["2026-11-01T05:50:00Z", "API"], // Nov 1 01:50 EDT
    ["2026-11-01T06:10:00Z", "TV Board"], // Nov 1 01:10 EST
    ["2026-11-02T04:50:00Z", "TV Board"], // Nov 1 23:50 EST; Nov 2 00:50 at UTC-4
    ["2026-11-03T14:00:00Z", "API"],
  ] as const) {
    await recordMenuView(database, { locationId: place.id, source, at: new Date(when) });
  }
  await database.insert(subscriptions).values([
    { locationId: place.id, userId: 1, kind: "beers", subscribedAt: new Date("2026-11-01T05:30:00Z") },
    { locationId: place.id, userId: 2, kind: "events", subscribedAt: new Date("2026-11-02T04:30:00Z") },
    { locationId: place.id, userId: 3, kind: "beers", subscribedAt: new Date("2026-10-01T12:00:00Z") },
  ]);
});

const base = () => ({ location: place, numDays: 7, now: NOW });

describe("checkins_over_time", () => {
  it("buckets whole local days in the location's zone across the DST change, zeros included", async () => {
    const { insights } = await checkinsOverTime(await db(), { ...base(), groupBy: "checkins" });
    expect(insights.checkins).toEqual({
      count: 6,
      items: [
        { date: "2026-10-28", checkins: 1, distinct_users: 1 },
        { date: "2026-10-29", checkins: 0, distinct_users: 0 },
        { date: "2026-10-30", checkins: 1, distinct_users: 1 },
        { date: "2026-10-31", checkins: 0, distinct_users: 0 },
        { date: "2026-11-01", checkins: 3, distinct_users: 2 },
        { date: "2026-11-02", checkins: 0, distinct_users: 0 },
        { date: "2026-11-03", checkins: 1, distinct_users: 1 },
      ],
    });
    expect(typeof insights.time_taken).toBe("number");
  });

  it("uses a fixed offset in hours when tz_offset is given", async () => {
    const minus4 = (await checkinsOverTime(await db(), { ...base(), groupBy: "checkins", tzOffsetHours: -4 })).insights.checkins!;
    expect(
      minus4.items.map((i: { date: string; checkins: number; distinct_users: number }) => [i.date, i.checkins, i.distinct_users]),
    ).toEqual([
      ["2026-10-28", 1, 1],
      ["2026-10-29", 0, 0],
      ["2026-10-30", 1, 1],
      ["2026-10-31", 0, 0],
      ["2026-11-01", 2, 1],
      ["2026-11-02", 1, 1],
      ["2026-11-03", 1, 1],
    ]);
    const plus9 = (await checkinsOverTime(await db(), { ...base(), groupBy: "checkins", tzOffsetHours: 9 })).insights.checkins!;
    expect(plus9.count).toBe(5);
    expect(plus9.items.map((i: { date: string; checkins: number }) => [i.date, i.checkins])).toEqual([
      ["2026-10-29", 0],
      ["2026-10-30", 1],
      ["2026-10-31", 0],
      ["2026-11-01", 2],
      ["2026-11-02", 1],
      ["2026-11-03", 1],
      ["2026-11-04", 0],
    ]);
  });

  it("counts distinct users by gender, age band and weekday", async () => {
    const database = await db();
    expect((await checkinsOverTime(database, { ...base(), groupBy: "gender" })).insights.user_gender).toEqual([
      { gender: "Male", count: 2 },
      { gender: "Female", count: 1 },
      { gender: "N/A", count: 1 },
    ]);
    expect((await checkinsOverTime(database, { ...base(), groupBy: "ages" })).insights.user_ages).toEqual({
      data: { "19-21": 0, "22-25": 0, "26-30": 1, "31-40": 1, "41-50": 0, "51-60": 0, "61+": 1 },
      total: 3,
    });
    expect((await checkinsOverTime(database, { ...base(), groupBy: "daily" })).insights.daily_data).toEqual([
      { day: "Monday", distinct_users: 0 },
      { day: "Tuesday", distinct_users: 1 },
      { day: "Wednesday", distinct_users: 1 },
      { day: "Thursday", distinct_users: 0 },
      { day: "Friday", distinct_users: 1 },
      { day: "Saturday", distinct_users: 0 },
      { day: "Sunday", distinct_users: 2 },
    ]);
  });

  it("takes num_days 1 as today only", async () => {
    const { insights } = await checkinsOverTime(await db(), { ...base(), numDays: 1, groupBy: "checkins" });
    expect(insights.checkins).toEqual({ count: 1, items: [{ date: "2026-11-03", checkins: 1, distinct_users: 1 }] });
  });
});

describe("menu_views_over_time", () => {
  it("sums views per local day and source; the DST day runs 25 hours", async () => {
    const answer = await menuViewsOverTime(await db(), base());
    expect(answer.total_menu_views).toBe(4);
    expect(answer.menu_views).toHaveLength(7);
    const nov1 = answer.menu_views[4]!;
    expect(nov1).toEqual({
      value: [
        { source: "API", result: 1 },
        { source: "TV Board", result: 2 },
      ],
      timeframe: { start: "2026-11-01T04:00:00.000Z", end: "2026-11-02T05:00:00.000Z" },
    });
    expect(answer.menu_views[5]!.value).toEqual([
      { source: "API", result: 0 },
      { source: "TV Board", result: 0 },
    ]);
  });

  it("takes tz_offset in seconds", async () => {
    const answer = await menuViewsOverTime(await db(), { ...base(), tzOffsetSeconds: -14_400 });
    expect(answer.menu_views.map((day: { value: { result: number }[] }) => day.value.map((v) => v.result))).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [1, 1],
      [0, 1],
      [1, 0],
    ]);
    expect(answer.menu_views[4]!.timeframe).toEqual({ start: "2026-11-01T04:00:00.000Z", end: "2026-11-02T04:00:00.000Z" });
  });
});

describe("stats and subscribes_over_time", () => {
  it("counts all-time subscribers, check-ins and users", async () => {
    const { insights } = await insightStats(await db(), { location: place });
    expect(insights.subscribes).toEqual({ all: 3, beers: 2, events: 1 });
    expect(insights.stats).toEqual({ total_checkins: 7, total_users: 4 });
  });

  it("gives new subscribers per local day, all and by kind", async () => {
    const zone = (await subscribesOverTime(await db(), base())).insights;
    expect(zone.date_range).toEqual({ start: "2026-10-28", end: "2026-11-03" });
    const counts = (series: { count: number }[]) => series.map((entry) => entry.count);
    expect(counts(zone.subscribes.all)).toEqual([0, 0, 0, 0, 2, 0, 0]);
    expect(counts(zone.subscribes.beers)).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(counts(zone.subscribes.events)).toEqual([0, 0, 0, 0, 1, 0, 0]);
    const fixed = (await subscribesOverTime(await db(), { ...base(), tzOffsetHours: -4 })).insights;
    expect(counts(fixed.subscribes.events)).toEqual([0, 0, 0, 0, 0, 1, 0]);
  });
});

describe("top_beers", () => {
  it("ranks beers here, and at other venues within 25 km", async () => {
    const { insights } = await topBeers(await db(), base());
    expect(insights.top_beers).toEqual([
      { untappd_id: BEERS.A.bid, name: "Alpha Ale", brewery: "One Brewing", style: "Pale Ale", checkins: 3, distinct_users: 3 },
      { untappd_id: BEERS.B.bid, name: "Beta Bock", brewery: "Two Brewing", style: "Bock", checkins: 2, distinct_users: 2 },
      { untappd_id: BEERS.C.bid, name: "Gamma Gose", brewery: "Three Brewing", style: "Gose", checkins: 1, distinct_users: 1 },
    ]);
    expect(insights.top_nearby_beers).toEqual([
      { untappd_id: BEERS.D.bid, name: "Delta Dunkel", brewery: "Four Brewing", style: "Dunkel", checkins: 2, distinct_users: 2 },
      { untappd_id: BEERS.A.bid, name: "Alpha Ale", brewery: "One Brewing", style: "Pale Ale", checkins: 1, distinct_users: 1 },
    ]);
  });
});

describe("query plans", () => {
  it("explains the main query of every insight", async () => {
    const names = [
      "checkins",
      "gender",
      "ages",
      "daily",
      "menu_views",
      "subscribes",
      "stats",
      "top_beers",
      "top_nearby_beers",
      "top_nearby_users",
    ] as const;
    for (const name of names) {
      const plan = await explainInsight(await db(), name, base());
      expect(plan, name).toMatch(/Execution Time/);
    }
  });
});

describe("the insight routes", () => {
  const routes = [
    "checkins_over_time",
    "checkins_over_time?group_by=gender",
    "checkins_over_time?group_by=ages&num_days=180",
    "checkins_over_time?group_by=daily&tz_offset=-5",
    "menu_views_over_time?tz_offset=19800",
    "stats",
    "subscribes_over_time?num_days=30",
    "top_beers",
  ];

  it("answer with the read-only token in the spec's shapes", async () => {
    for (const route of routes) {
      const response = await api.get(`locations/${place.id}/insights/${route}`, { as: owner.ro });
      expect(response.status, route).toBe(200);
    }
    const daily = await api.get(`locations/${place.id}/insights/checkins_over_time?num_days=30`, { as: owner.ro });
    expect(daily.body.insights.checkins.items).toHaveLength(30);
    const views = await api.get(`locations/${place.id}/insights/menu_views_over_time?num_days=90`, { as: owner.ro });
    // The spec's fields, and beside them the previous period (an addition; decision 063).
    expect(views.body).toEqual({
      total_menu_views: expect.any(Number),
      menu_views: expect.any(Array),
      previous_period: {
        start: expect.any(String),
        end: expect.any(String),
        total_menu_views: expect.any(Number),
        value: expect.any(Array),
      },
      time_taken: expect.any(Number),
    });
    expect(views.body.menu_views).toHaveLength(90);
  });

  it.each([
    ["checkins_over_time?num_days=5", "query.num_days"],
    ["checkins_over_time?num_days=abc", "query.num_days"],
    ["checkins_over_time?group_by=beers", "query.group_by"],
    ["checkins_over_time?tz_offset=15", "query.tz_offset"],
    ["checkins_over_time?tz_offset=5.3", "query.tz_offset"],
    ["subscribes_over_time?tz_offset=east", "query.tz_offset"],
    ["menu_views_over_time?tz_offset=100", "query.tz_offset"],
    ["menu_views_over_time?num_days=365", "query.num_days"],
    ["top_beers?num_days=14", "query.num_days"],
  ])("refuse %s with 422", async (route, path) => {
    const response = await api.get(`locations/${place.id}/insights/${route}`, { as: owner.ro });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("answer another business's location with 404", async () => {
    for (const route of routes) {
      expect((await api.get(`locations/${place.id}/insights/${route}`, { as: rival.ro })).status, route).toBe(404);
    }
  });
});
