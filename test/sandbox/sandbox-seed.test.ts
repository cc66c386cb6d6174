import { count, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb, type Db } from "@/lib/db/client";
import { locations } from "@/lib/db/schema";
import {
  sandboxBeers,
  sandboxBreweries,
  sandboxCheckins,
  sandboxComments,
  sandboxFriendships,
  sandboxToasts,
  sandboxUserBadges,
  sandboxUsers,
  sandboxVenues,
  sandboxWishlist,
} from "@/sandbox/schema";
import { DEMO } from "@/lib/demo/seed";
import { generateSandboxData } from "@/sandbox/seed/generate";
import { ensureSandboxData } from "@/sandbox/seed/ensure";
import { demoBeerRows, demoBreweryRows } from "@/sandbox/seed/demo-beers";
import * as schema from "@/sandbox/schema";

/** A second Db over the same connection(s): what another app instance sharing the database would hold. */
async function twin(): Promise<Db> {
  const { db, kind } = await getDatabase();
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === "postgres") {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    return drizzle({ client: client as never, schema }) as unknown as Db;
  }
  const { drizzle } = await import("drizzle-orm/pglite");
  return drizzle({ client: client as never, schema }) as unknown as Db;
}

const total = async (table: PgTable) => (await (await getDb()).select({ n: count() }).from(table))[0]!.n;

describe("the sandbox seed", () => {
  // How long the seed takes is a figure, not a test (decision 046): no clock is raced here.
  it("seeds once, even when several first calls race", async () => {
    const db = await getDb();
    await Promise.all([ensureSandboxData(db), ensureSandboxData(db), ensureSandboxData(db)]);
    const users = await total(sandboxUsers);
    await ensureSandboxData(db);
    expect(await total(sandboxUsers)).toBe(users);
  });

  it("holds the catalogue, people and activity the brief asks for", async () => {
    await ensureSandboxData(await getDb());
    expect(await total(sandboxBeers)).toBeGreaterThanOrEqual(500);
    expect(await total(sandboxBreweries)).toBe(100 + demoBreweryRows(new Date()).length);
    expect(await total(sandboxVenues)).toBeGreaterThanOrEqual(53);
    expect(await total(sandboxUsers)).toBe(200);
    expect(await total(sandboxCheckins)).toBeGreaterThanOrEqual(3000);
    expect(await total(sandboxComments)).toBeGreaterThan(1000);
    expect(await total(sandboxToasts)).toBeGreaterThan(3000);
    expect(await total(sandboxFriendships)).toBeGreaterThan(500);
    expect(await total(sandboxUserBadges)).toBeGreaterThan(1000);
    expect(await total(sandboxWishlist)).toBeGreaterThan(500);
    const db = await getDb();
    const oldest = new Date(Date.now() - 181 * 86_400_000);
    expect((await db.select({ n: count() }).from(sandboxCheckins).where(lt(sandboxCheckins.createdAt, oldest)))[0]!.n).toBe(0);
    const beer = (await db.select().from(sandboxBeers).limit(1))[0]!;
    expect(beer.description.length).toBeGreaterThan(20);
    expect(Number(beer.abv)).toBeGreaterThan(0);
  });

  it("names the demo locations' venues by their untappd_venue_id, with matching names, cities and coordinates", async () => {
    const db = await getDb();
    await ensureSandboxData(db);
    const demo = await db.select().from(locations).where(isNotNull(locations.untappdVenueId));
    expect(demo).toHaveLength(3);
    const venues = await db
      .select()
      .from(sandboxVenues)
      .where(
        inArray(
          sandboxVenues.id,
          demo.map((l) => l.untappdVenueId!),
        ),
      );
    for (const location of demo) {
      const venue = venues.find((v) => v.id === location.untappdVenueId)!;
      expect(venue).toMatchObject({ name: location.name, city: location.city });
      expect(Number(venue.lat)).toBeCloseTo(Number(location.latitude), 4);
      expect(Number(venue.lng)).toBeCloseTo(Number(location.longitude), 4);
      const [{ n }] = (await db.select({ n: count() }).from(sandboxCheckins).where(eq(sandboxCheckins.venueId, venue.id))) as [
        { n: number },
      ];
      expect(n).toBeGreaterThan(50);
    }
  });

  it("has the accounts the demo users connect", async () => {
    const db = await getDb();
    await ensureSandboxData(db);
    const names = (await db.select({ name: sandboxUsers.userName }).from(sandboxUsers).orderBy(sandboxUsers.id).limit(2)).map(
      (u) => u.name,
    );
    expect(names).toEqual([DEMO.owner.platformUsername, DEMO.rival.platformUsername]);
  });

  it("is deterministic: the same rows every time, apart from the time anchor", () => {
    const anchor = new Date("2030-06-01T12:00:00Z");
    const first = generateSandboxData(anchor);
    const second = generateSandboxData(anchor);
    expect(second).toEqual(first);
    const shifted = generateSandboxData(new Date("2031-01-01T00:00:00Z"));
    expect(shifted.beers.map((b) => [b.id, b.name, b.abv])).toEqual(first.beers.map((b) => [b.id, b.name, b.abv]));
    expect(shifted.venues.map((v) => v.directoryId)).toEqual(first.venues.map((v) => v.directoryId));
    expect(first.beers[0]).toMatchObject({ id: 100001 });
  });

  it("ends its catalogue with the demo's breweries and beers, written out: the generated rows and ids stay as they were", () => {
    const anchor = new Date("2030-06-01T12:00:00Z");
    const data = generateSandboxData(anchor);
    const [breweries, beers] = [demoBreweryRows(anchor), demoBeerRows(anchor)];
    expect(data.breweries.slice(-breweries.length)).toEqual(breweries);
    expect(data.beers.slice(-beers.length)).toEqual(beers);
    const generated = { breweries: data.breweries.slice(0, -breweries.length), beers: data.beers.slice(0, -beers.length) };
    expect([generated.breweries.length, generated.beers.length]).toEqual([100, 520]);
    expect(generated.beers.at(-1)).toMatchObject({ id: 100520 });
    // Ids are unique, and no generated beer or brewery shares a demo name (a search finds the demo's one).
    expect(new Set(data.breweries.map((b) => b.id)).size).toBe(data.breweries.length);
    expect(new Set(data.beers.map((b) => b.id)).size).toBe(data.beers.length);
    const names = new Set([...beers.map((b) => b.name), ...breweries.map((b) => b.name)]);
    expect([...generated.beers, ...generated.breweries].filter((row) => names.has(row.name))).toEqual([]);
    for (const beer of beers) expect(breweries.map((b) => b.id)).toContain(beer.breweryId);
  });

  it("adds the demo's beers to a sandbox seeded before they joined it, once per process", async () => {
    const db = await getDb();
    await ensureSandboxData(db);
    const ids = demoBeerRows(new Date()).map((b) => b.id);
    const breweryIds = demoBreweryRows(new Date()).map((b) => b.id);
    await db.delete(sandboxBeers).where(inArray(sandboxBeers.id, ids));
    await db.delete(sandboxBreweries).where(inArray(sandboxBreweries.id, breweryIds));
    const users = await total(sandboxUsers);
    // Another instance (a Db of its own over the same database) starts and makes its first sandbox call.
    await ensureSandboxData(await twin());
    const present = await db.select({ id: sandboxBeers.id }).from(sandboxBeers).where(inArray(sandboxBeers.id, ids));
    expect(present).toHaveLength(ids.length);
    expect(await total(sandboxBreweries)).toBe(100 + breweryIds.length);
    expect(await total(sandboxUsers)).toBe(users);
  });
});
