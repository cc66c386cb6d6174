import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { db } from "../api";
import { useTransport } from "@/lib/beer-platform/transport";
import { checkinSyncState, checkins, locations, rateLimits, v4Cache, venueBeerDays } from "@/lib/db/schema";
import { sandboxCheckins, sandboxUsers } from "@/sandbox/schema";
import { recordCheckins } from "@/lib/insights/record";
import { GENERATED } from "@/lib/demo/activity/world";
import { checkinFromFeedItem, PAGE_SIZE, syncCheckins, syncLocation, syncTargets, type LocationRow } from "@/lib/insights/sync";
import { handleSandbox } from "@/sandbox/server";
import { setSandboxHourlyLimit } from "@/sandbox/rate";

// The sync against the built-in sandbox upstream, in-process (the default upstream in tests), with a
// spy on every request that reaches it.

const requests: URL[] = [];
const BIG = { key: "test:sync", limit: 1_000_000 };
let downtown: LocationRow;

beforeAll(async () => {
  setSandboxHourlyLimit(1_000_000);
  useTransport((request) => {
    requests.push(new URL(request.url));
    return handleSandbox(request);
  });
  const database = await db();
  downtown = (await database.select().from(locations).where(eq(locations.untappdVenueId, 910001)))[0]!;
});
afterAll(() => {
  useTransport(undefined);
  setSandboxHourlyLimit(undefined);
});
beforeEach(async () => {
  const database = await db();
  await database.delete(v4Cache);
  await database.delete(rateLimits);
  requests.length = 0;
});

/** The venue feed's check-ins as the platform has them: public accounts only, oldest first. */
async function feedIds(venueId: number): Promise<number[]> {
  const database = await db();
  const rows = await database
    .select({ id: sandboxCheckins.id })
    .from(sandboxCheckins)
    .innerJoin(sandboxUsers, eq(sandboxUsers.id, sandboxCheckins.userId))
    .where(and(eq(sandboxCheckins.venueId, venueId), eq(sandboxUsers.isPrivate, false)))
    .orderBy(asc(sandboxCheckins.id));
  return rows.map((row) => row.id);
}

async function storedIds(venueId: number): Promise<number[]> {
  const database = await db();
  const rows = await database
    .select({ id: checkins.id })
    .from(checkins)
    .where(and(eq(checkins.venueId, venueId), lt(checkins.id, GENERATED.checkinBase)))
    .orderBy(asc(checkins.id));
  return rows.map((row) => row.id);
}

async function watermark(locationId: number) {
  const [state] = await (await db()).select().from(checkinSyncState).where(eq(checkinSyncState.locationId, locationId));
  return state?.lastCheckinId ?? null;
}

/** Forgets what was imported for a venue (rows, their counts, the location's state). */
async function forget(location: LocationRow) {
  const database = await db();
  await database.delete(checkins).where(and(eq(checkins.venueId, location.untappdVenueId!), lt(checkins.id, GENERATED.checkinBase)));
  // The venue's daily counts follow the rows that are left (generated demo activity may share the venue).
  await database.delete(venueBeerDays).where(eq(venueBeerDays.venueId, location.untappdVenueId!));
  await database.execute(sql`
    insert into venue_beer_days (venue_id, day, beer_id, checkins)
    select venue_id, (checkin_at at time zone 'UTC')::date, beer_id, count(*)::int from checkins
    where venue_id = ${location.untappdVenueId} group by 1, 2, 3`);
  await database.delete(checkinSyncState).where(eq(checkinSyncState.locationId, location.id));
}

/** venue_beer_days must equal the rows' own counts. */
async function countsMatchRows(venueId: number) {
  const database = await db();
  const result = (await database.execute(sql`
    select coalesce(sum(d.checkins), 0)::int as counted, (select count(*)::int from checkins where venue_id = ${venueId}) as rows
    from venue_beer_days d where d.venue_id = ${venueId}`)) as unknown as { rows: { counted: number; rows: number }[] };
  return result.rows[0]!;
}

describe("npm run sync:checkins", () => {
  it("imports each venue's feed on the first run and nothing on the second", async () => {
    const database = await db();
    const targets = await syncTargets(database);
    expect(targets.map((target) => target.untappdVenueId).sort()).toEqual([910001, 910002, 910003]);

    const first = await syncCheckins(database, targets, { budget: BIG });
    for (const outcome of first.locations) {
      const expected = await feedIds(outcome.venueId);
      expect(expected.length).toBeGreaterThan(PAGE_SIZE); // more than one page: the walk pages backwards
      expect(outcome.status).toBe("complete");
      expect(outcome.imported).toBe(expected.length);
      expect(outcome.calls).toBe(Math.ceil(expected.length / PAGE_SIZE));
      expect(await storedIds(outcome.venueId)).toEqual(expected);
      expect(await watermark(outcome.locationId)).toBe(expected.at(-1));
      const counts = await countsMatchRows(outcome.venueId);
      expect(counts.counted).toBe(counts.rows);
    }
    // Rows belong to their location; pages after the first were asked for with max_id, limit 25.
    const [row] = await database.select().from(checkins).where(eq(checkins.venueId, 910001)).limit(1);
    expect(row!.locationId).toBe(downtown.id);
    expect(requests.every((url) => url.pathname.startsWith("/sandbox/v4/venue/checkins/") && url.searchParams.get("limit") === "25")).toBe(
      true,
    );
    expect(requests.some((url) => url.searchParams.has("max_id"))).toBe(true);

    requests.length = 0;
    const second = await syncCheckins(database, targets, { budget: BIG });
    expect(second.imported).toBe(0);
    expect(second.calls).toBe(targets.length); // one look at what is newer, per location
    for (const outcome of second.locations) {
      expect(outcome.status).toBe("complete");
      const sent = requests.find((url) => url.pathname.endsWith(`/${outcome.venueId}`))!;
      expect(Number(sent.searchParams.get("min_id"))).toBe(await watermark(outcome.locationId));
      expect(sent.searchParams.has("max_id")).toBe(false);
    }
  });

  it("maps the platform's check-in: time, venue position, beer and brewery; no gender or birth year in public users", async () => {
    const database = await db();
    const [row] = await database.select().from(checkins).where(eq(checkins.venueId, 910001)).orderBy(asc(checkins.id)).limit(1);
    const [source] = await database.select().from(sandboxCheckins).where(eq(sandboxCheckins.id, row!.id));
    expect(row!.checkinAt.getTime()).toBe(Math.floor(source!.createdAt.getTime() / 1000) * 1000); // RFC 1123: whole seconds
    expect(row!.userId).toBe(source!.userId);
    expect(row!.beerId).toBe(source!.beerId);
    expect(row!.gender).toBeNull();
    expect(row!.birthYear).toBeNull();
    const venue = (await database.execute(sql`select latitude, longitude from checkin_venues where id = 910001`)) as unknown as {
      rows: { latitude: number; longitude: number }[];
    };
    expect(venue.rows[0]).toEqual({ latitude: 40.7195, longitude: -74.0089 });
    const beer = (await database.execute(sql`select name, brewery, style from catalogue_beers where bid = ${row!.beerId}`)) as unknown as {
      rows: { name: string; brewery: string }[];
    };
    expect(beer.rows[0]!.name).toEqual(expect.any(String));
    expect(beer.rows[0]!.brewery).toEqual(expect.any(String));
  });

  it("takes gender and birth year when the platform sends them, and the location's position without a venue", () => {
    const item = {
      checkin_id: 77,
      created_at: "Sat, 20 Jun 2015 00:06:25 +0200",
      user: { uid: 5, gender: "Female", birth_year: "1988" },
      beer: { bid: 9, beer_name: "Test IPA", beer_style: "IPA - American" },
      brewery: { brewery_name: "Test Brewing" },
      venue: [] as [],
    };
    const row = checkinFromFeedItem(item, downtown)!;
    expect(row.checkinAt.toISOString()).toBe("2015-06-19T22:06:25.000Z");
    expect(row.user).toEqual({ id: 5, gender: "female", birthYear: 1988 });
    expect(row.venue).toEqual({ id: 910001, name: downtown.name, latitude: 40.7195, longitude: -74.0089 });
    expect(row.beer).toEqual({ bid: 9, name: "Test IPA", brewery: "Test Brewing", style: "IPA - American" });
    expect(row.locationId).toBe(downtown.id);
    expect(checkinFromFeedItem({ ...item, user: { uid: 5, gender: "other", date_of_birth: "1990-04-01" } }, downtown)!.user).toEqual({
      id: 5,
      gender: null,
      birthYear: 1990,
    });
    expect(checkinFromFeedItem({ ...item, checkin_id: undefined }, downtown)).toBeNull();
    expect(checkinFromFeedItem({ ...item, created_at: "yesterday" }, downtown)).toBeNull();
  });

  it("resumes a stopped walk below what it stored, fetching no page twice", async () => {
    const database = await db();
    await forget(downtown);
    const expected = await feedIds(910001);
    const pages = Math.ceil(expected.length / PAGE_SIZE);

    const stopped = await syncLocation(database, downtown, { budget: BIG, maxCalls: 2 });
    expect(stopped).toMatchObject({ status: "max_calls", imported: 2 * PAGE_SIZE, calls: 2 });
    expect(await watermark(downtown.id)).toBeNull(); // the walk has not reached the (absent) watermark
    expect(await storedIds(910001)).toEqual(expected.slice(-2 * PAGE_SIZE));

    requests.length = 0;
    const resumed = await syncLocation(database, downtown, { budget: BIG });
    expect(resumed).toMatchObject({ status: "complete", imported: expected.length - 2 * PAGE_SIZE, calls: pages - 2 });
    expect(Number(requests[0]!.searchParams.get("max_id"))).toBe(expected.at(-2 * PAGE_SIZE)! - 1);
    expect(await storedIds(910001)).toEqual(expected);
    expect(await watermark(downtown.id)).toBe(expected.at(-1));
    const counts = await countsMatchRows(910001);
    expect(counts.counted).toBe(counts.rows);
  });

  it("continues from min_id = the watermark: only newer check-ins are asked for and stored", async () => {
    const database = await db();
    const expected = await feedIds(910001);
    const cut = expected[expected.length - 40]!; // as if the last run ended here
    await forget(downtown);
    await database.insert(checkinSyncState).values({ locationId: downtown.id, lastCheckinId: cut, syncedAt: new Date() });

    const outcome = await syncLocation(database, downtown, { budget: BIG });
    expect(outcome).toMatchObject({ status: "complete", imported: 39, calls: 2 });
    expect(requests.map((url) => url.searchParams.get("min_id"))).toEqual([String(cut), String(cut)]);
    expect(await storedIds(910001)).toEqual(expected.filter((id) => id > cut));
    expect(await watermark(downtown.id)).toBe(expected.at(-1));
  });

  it("is idempotent by check-in id: the same check-ins stored again change nothing", async () => {
    const database = await db();
    const before = await countsMatchRows(910002);
    // A second location on the same venue: the venue's check-ins are already stored, so its walk
    // only checks below them (one call at most), stores nothing and takes the same watermark.
    const [twin] = await database
      .insert(locations)
      .values({ ...withoutId(await harbor()), name: "Harbor Twin" })
      .returning();
    const outcome = await syncLocation(database, twin!, { budget: BIG });
    expect(outcome).toMatchObject({ status: "complete", imported: 0, seen: 0 });
    expect(outcome.calls).toBeLessThanOrEqual(1);
    expect(await countsMatchRows(910002)).toEqual(before);
    expect(await watermark(twin!.id)).toBe((await feedIds(910002)).at(-1));
    await database.delete(locations).where(eq(locations.id, twin!.id));

    // The write path itself: the stored rows offered again are all skipped.
    const stored = await database
      .select()
      .from(checkins)
      .where(and(eq(checkins.venueId, 910002), lt(checkins.id, GENERATED.checkinBase)));
    const again = stored.map((row) => ({
      id: row.id,
      venue: { id: row.venueId, name: null, latitude: 52.3765, longitude: 4.938 },
      locationId: row.locationId,
      user: { id: row.userId, gender: row.gender, birthYear: row.birthYear },
      beer: { bid: row.beerId, name: "ignored", brewery: null, style: null },
      checkinAt: row.checkinAt,
    }));
    expect(await recordCheckins(database, again)).toBe(0);
    expect(await countsMatchRows(910002)).toEqual(before);
  });

  it("stops cleanly on a spent budget, says when to resume, and the next run finishes the walk", async () => {
    const database = await db();
    await forget(downtown);
    const expected = await feedIds(910001);
    const small = { key: "test:sync-small", limit: 3 };
    const run = await syncCheckins(database, [downtown], { budget: small });
    expect(run.locations[0]).toMatchObject({ status: "budget", imported: 3 * PAGE_SIZE, calls: 3 });
    expect(run.locations[0]!.retryAfterSeconds).toBeGreaterThan(3000);
    expect(run.resumeAt!.getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
    expect(requests).toHaveLength(3); // the fourth was refused before reaching the platform

    const rest = await syncCheckins(database, [downtown], { budget: BIG });
    expect(rest.locations[0]).toMatchObject({ status: "complete", imported: expected.length - 3 * PAGE_SIZE });
    expect(await storedIds(910001)).toEqual(expected);
  });

  it("stops cleanly when the platform itself answers 429", async () => {
    const database = await db();
    await forget(downtown);
    setSandboxHourlyLimit(2);
    try {
      const run = await syncCheckins(database, [downtown], { budget: BIG });
      expect(run.locations[0]).toMatchObject({ status: "budget", imported: 2 * PAGE_SIZE });
      expect(run.resumeAt).not.toBeNull();
      expect(await watermark(downtown.id)).toBeNull();
    } finally {
      setSandboxHourlyLimit(1_000_000);
    }
  });
});

async function harbor() {
  const [row] = await (await db()).select().from(locations).where(eq(locations.untappdVenueId, 910002));
  return row!;
}

function withoutId(location: LocationRow) {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = location;
  return rest;
}
