import { beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { api, db, login, type Account } from "../api";
import { locations, subscriptions } from "@/lib/db/schema";
import { recordCheckins, type CheckinInput } from "@/lib/insights/record";
import { recordMenuView } from "@/lib/insights/menu-views";
import { checkinsOverTime, menuViewsOverTime, subscribesOverTime } from "@/lib/insights/queries";
import type { Location } from "@/lib/locations/locations";

// Issue 38 row 12: each figure beside the previous period (computed by the server for exactly that
// period), and "Today" by the hour. Worked out by hand in New York around the night the clocks went
// back (Sunday 2026-11-01, 02:00 EDT → 01:00 EST). "Now" is Monday 2026-11-02 09:00 EST.
const NOW = new Date("2026-11-02T14:00:00Z");
/** Sunday 2026-11-01 23:30 EST: the 25-hour day itself, nearly over. */
const DST_NIGHT = new Date("2026-11-02T04:30:00Z");

let owner: Account;
let place: Location;
let recent: Location;

const VENUE = { id: 940_001, name: "Period Tap", latitude: 40.73, longitude: -73.99 };
const RECENT = { id: 940_002, name: "Recent Tap", latitude: 40.74, longitude: -73.98 };
const BEER = { bid: 3_100_001, name: "Period Pils", brewery: "Clock Brewing", style: "Pilsner" };
type Person = CheckinInput["user"];
const U: Record<number, Person> = {
  1: { id: 1, gender: "male", birthYear: 1990 },
  2: { id: 2, gender: "female", birthYear: 2000 },
  3: { id: 3, gender: null, birthYear: null },
  4: { id: 4, gender: "female", birthYear: 1995 },
  5: { id: 5, gender: "male", birthYear: 1980 },
  6: { id: 6, gender: "male", birthYear: 1970 },
};

beforeAll(async () => {
  owner = await login("owner");
  const database = await db();
  const businessId = (await api.get("current_user", { as: owner.ro })).body.current_user.business_id;
  const make = async (venue: typeof VENUE) =>
    (
      await database
        .insert(locations)
        .values({ businessId, name: venue.name, timeZone: "America/New_York", untappdVenueId: venue.id })
        .returning()
    )[0] as Location;
  place = await make(VENUE);
  recent = await make(RECENT);
  const here = (id: number, user: number, at: string, location = place, venue = VENUE): CheckinInput => ({
    id,
    venue,
    locationId: location.id,
    user: U[user]!,
    beer: BEER,
    checkinAt: new Date(at),
  });
  const day = 86_400_000;
  await recordCheckins(database, [
    here(1, 5, "2026-10-22T12:00:00Z"), // Oct 22 08:00 EDT: the 7 days before the 7-day window
    here(2, 6, "2026-10-26T14:00:00Z"), // Oct 26 10:00 EDT: after 09:00 a week ago, so in neither
    here(3, 1, "2026-11-01T05:30:00Z"), // Nov 1 01:30 EDT (the first 01:30): yesterday
    here(4, 2, "2026-11-01T06:30:00Z"), // Nov 1 01:30 EST (the second): yesterday
    here(5, 3, "2026-11-01T18:00:00Z"), // Nov 1 13:00 EST: yesterday, but after 09:00
    here(6, 1, "2026-11-02T05:10:00Z"), // Nov 2 00:10 EST: today, hour 0
    here(7, 4, "2026-11-02T13:30:00Z"), // Nov 2 08:30 EST: today, hour 8
    here(8, 4, "2026-11-02T13:59:00Z"), // Nov 2 08:59 EST: hour 8, the same guest
    // Relative to the real clock, for the routes (which take no clock): 10 and 200 days ago.
    here(21, 1, new Date(Date.now() - 10 * day).toISOString(), recent, RECENT),
    here(22, 2, new Date(Date.now() - 200 * day).toISOString(), recent, RECENT),
  ]);
  for (const [when, source] of [
    ["2026-11-01T05:50:00Z", "API"], // yesterday 01:50 EDT
    ["2026-11-01T06:10:00Z", "TV Board"], // yesterday 01:10 EST
    ["2026-11-01T20:00:00Z", "API"], // yesterday 15:00: after 09:00
    ["2026-11-02T13:20:00Z", "Website"], // today 08:20
  ] as const) {
    await recordMenuView(database, { locationId: place.id, source, at: new Date(when) });
  }
  await database.insert(subscriptions).values([
    { locationId: place.id, userId: 1, kind: "beers", subscribedAt: new Date("2026-11-01T05:30:00Z") }, // yesterday
    { locationId: place.id, userId: 2, kind: "events", subscribedAt: new Date("2026-11-02T06:30:00Z") }, // today 01:30
    { locationId: place.id, userId: 3, kind: "beers", subscribedAt: new Date("2026-11-02T06:45:00Z") }, // today 01:45
  ]);
});

const at = (numDays: number, now = NOW) => ({ location: place, numDays, now });

describe("the previous period beside each figure", () => {
  it("compares today's check-ins with yesterday up to the same time", async () => {
    const { insights } = await checkinsOverTime(await db(), { ...at(1), groupBy: "checkins" });
    expect(insights.checkins!.count).toBe(3);
    expect(insights.previous_period).toEqual({
      start: "2026-11-01T04:00:00.000Z",
      end: "2026-11-01T14:00:00.000Z",
      checkins: { count: 2 },
    });
  });

  it("compares 7 days with the 7 before them, days 8–14, up to the same time a week ago", async () => {
    const { insights } = await checkinsOverTime(await db(), { ...at(7), groupBy: "checkins" });
    expect(insights.checkins!.count).toBe(6);
    expect(insights.previous_period).toEqual({
      start: "2026-10-20T04:00:00.000Z",
      end: "2026-10-26T13:00:00.000Z", // 09:00 EDT
      checkins: { count: 1 },
    });
  });

  it("counts the audience of the previous period as the current one's", async () => {
    const database = await db();
    const gender = (await checkinsOverTime(database, { ...at(1), groupBy: "gender" })).insights;
    expect(gender.user_gender).toEqual([
      { gender: "Male", count: 1 },
      { gender: "Female", count: 1 },
      { gender: "N/A", count: 0 },
    ]);
    expect(gender.previous_period).toEqual({
      start: "2026-11-01T04:00:00.000Z",
      end: "2026-11-01T14:00:00.000Z",
      user_gender: [
        { gender: "Male", count: 1 },
        { gender: "Female", count: 1 },
        { gender: "N/A", count: 0 },
      ],
    });
    const ages = (await checkinsOverTime(database, { ...at(7), groupBy: "ages" })).insights;
    expect(ages).toMatchObject({
      user_ages: { total: 3 },
      previous_period: {
        user_ages: { data: { "19-21": 0, "22-25": 0, "26-30": 0, "31-40": 0, "41-50": 1, "51-60": 0, "61+": 0 }, total: 1 },
      },
    });
    const daily = (await checkinsOverTime(database, { ...at(7), groupBy: "daily" })).insights;
    expect(daily.previous_period).toEqual({
      start: "2026-10-20T04:00:00.000Z",
      end: "2026-10-26T13:00:00.000Z",
      daily_data: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((day) => ({
        day,
        distinct_users: day === "Thursday" ? 1 : 0,
      })),
    });
  });

  it("compares menu views and new subscribers the same way", async () => {
    const database = await db();
    const views = await menuViewsOverTime(database, at(1));
    expect(views.total_menu_views).toBe(1);
    expect(views.previous_period).toEqual({
      start: "2026-11-01T04:00:00.000Z",
      end: "2026-11-01T14:00:00.000Z",
      total_menu_views: 2,
      value: [
        { source: "API", result: 1 },
        { source: "TV Board", result: 1 },
      ],
    });
    const subscribes = (await subscribesOverTime(database, at(1))).insights;
    expect(subscribes.previous_period).toEqual({
      start: "2026-11-01T04:00:00.000Z",
      end: "2026-11-01T14:00:00.000Z",
      subscribes: { all: 1, beers: 1, events: 0 },
    });
  });
});

describe("today by the hour", () => {
  it("gives each hour from midnight to now, in the venue's zone", async () => {
    const { insights } = await checkinsOverTime(await db(), { ...at(1), groupBy: "checkins" });
    const hours = insights.checkins_by_hour!;
    expect(hours).toHaveLength(10); // 00:00 … 09:00
    expect(hours[0]).toEqual({ start: "2026-11-02T05:00:00.000Z", checkins: 1, distinct_users: 1 });
    expect(hours[8]).toEqual({ start: "2026-11-02T13:00:00.000Z", checkins: 2, distinct_users: 1 });
    expect(hours.at(-1)!.start).toBe("2026-11-02T14:00:00.000Z");
    expect(hours.reduce((sum, hour) => sum + hour.checkins, 0)).toBe(insights.checkins!.count);
  });

  it("gives the day the clocks go back its 25 hours, 01:00 twice", async () => {
    const database = await db();
    const { insights } = await checkinsOverTime(database, { ...at(1, DST_NIGHT), groupBy: "checkins" });
    const hours = insights.checkins_by_hour!;
    expect(hours).toHaveLength(25);
    expect(hours[1]).toEqual({ start: "2026-11-01T05:00:00.000Z", checkins: 1, distinct_users: 1 }); // 01:00 EDT
    expect(hours[2]).toEqual({ start: "2026-11-01T06:00:00.000Z", checkins: 1, distinct_users: 1 }); // 01:00 EST
    expect(hours[14]).toEqual({ start: "2026-11-01T18:00:00.000Z", checkins: 1, distinct_users: 1 }); // 13:00 EST
    const views = await menuViewsOverTime(database, at(1, DST_NIGHT));
    expect(views.menu_views_by_hour).toHaveLength(25);
    expect(views.menu_views_by_hour![1]).toEqual({
      value: [
        { source: "API", result: 1 },
        { source: "TV Board", result: 0 },
      ],
      timeframe: { start: "2026-11-01T05:00:00.000Z", end: "2026-11-01T06:00:00.000Z" },
    });
    expect(views.menu_views_by_hour![2]!.value).toEqual([
      { source: "API", result: 0 },
      { source: "TV Board", result: 1 },
    ]);
  });

  it("gives new subscribers per hour today, and no hours for longer periods", async () => {
    const database = await db();
    const today = (await subscribesOverTime(database, at(1))).insights;
    expect(today.subscribes_by_hour!.all.map((hour: { count: number }) => hour.count)).toEqual([0, 2, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(today.subscribes_by_hour!.events[1]).toEqual({ start: "2026-11-02T06:00:00.000Z", count: 1 });
    expect((await subscribesOverTime(database, at(7))).insights.subscribes_by_hour).toBeUndefined();
    expect((await menuViewsOverTime(database, at(7))).menu_views_by_hour).toBeUndefined();
    expect((await checkinsOverTime(database, { ...at(30), groupBy: "checkins" })).insights.checkins_by_hour).toBeUndefined();
  });
});

describe("the insight routes", () => {
  it("answer the previous period beside the spec's fields, and today's hours", async () => {
    const path = `locations/${recent.id}/insights`;
    const half = await api.get(`${path}/checkins_over_time?num_days=180`, { as: owner.ro });
    expect(half.status).toBe(200);
    expect(half.body.insights.checkins.count).toBe(1); // 10 days ago
    expect(half.body.insights.previous_period.checkins).toEqual({ count: 1 }); // 200 days ago
    const today = await api.get(`${path}/checkins_over_time?num_days=1`, { as: owner.ro });
    expect(today.body.insights.checkins.items).toHaveLength(1);
    expect(today.body.insights.checkins_by_hour.length).toBeGreaterThanOrEqual(1);
    const first = DateTime.fromISO(today.body.insights.checkins_by_hour[0].start, { zone: "America/New_York" });
    expect(first.toFormat("HH:mm")).toBe("00:00");
    for (const route of ["checkins_over_time?group_by=gender", "checkins_over_time?group_by=ages", "checkins_over_time?group_by=daily"]) {
      const answer = await api.get(`${path}/${route}&num_days=180`, { as: owner.ro });
      expect(answer.status, route).toBe(200);
      expect(Object.keys(answer.body.insights.previous_period).sort(), route).toHaveLength(3);
    }
    const views = await api.get(`${path}/menu_views_over_time?num_days=1`, { as: owner.ro });
    expect(Object.keys(views.body).sort()).toEqual([
      "menu_views",
      "menu_views_by_hour",
      "previous_period",
      "time_taken",
      "total_menu_views",
    ]);
    const subscribes = await api.get(`${path}/subscribes_over_time?num_days=30`, { as: owner.ro });
    expect(subscribes.body.insights.previous_period.subscribes).toEqual({ all: 0, beers: 0, events: 0 });
  });
});
