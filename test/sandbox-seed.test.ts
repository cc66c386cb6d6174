import { count, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
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

const total = async (table: PgTable) => (await (await getDb()).select({ n: count() }).from(table))[0]!.n;

describe("the sandbox seed", () => {
  it("seeds once, even when several first calls race, and quickly", async () => {
    const db = await getDb();
    const started = performance.now();
    await Promise.all([ensureSandboxData(db), ensureSandboxData(db), ensureSandboxData(db)]);
    expect(performance.now() - started).toBeLessThan(5000);
    const users = await total(sandboxUsers);
    await ensureSandboxData(db);
    expect(await total(sandboxUsers)).toBe(users);
  });

  it("holds the catalogue, people and activity the brief asks for", async () => {
    await ensureSandboxData(await getDb());
    expect(await total(sandboxBeers)).toBeGreaterThanOrEqual(500);
    expect(await total(sandboxBreweries)).toBe(100);
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
});
