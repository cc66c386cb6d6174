import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { catalogueBeers, checkinVenues, checkins, venueBeerDays } from "@/lib/db/schema";

/**
 * Check-ins with an id from here up are generated (demo and benchmark activity), never the platform's:
 * the platform's ids stay far below, and the check-in sync never counts them as progress.
 */
export const FIRST_GENERATED_CHECKIN_ID = 10_000_000_000;

export type CheckinInput = {
  /** The platform's check-in id: importing the same check-in twice changes nothing. */
  id: number;
  venue: { id: number; name: string | null; latitude: number; longitude: number };
  /** Set when the venue is one of our locations. */
  locationId: number | null;
  user: { id: number; gender: "male" | "female" | null; birthYear: number | null };
  beer: { bid: number; name: string; brewery: string | null; style: string | null };
  checkinAt: Date;
};

const unique = <T, K>(rows: T[], key: (row: T) => K) => [...new Map(rows.map((row) => [key(row), row])).values()];

/**
 * Stores check-ins in one transaction: their beers and venues, the rows themselves (skipping ids
 * already stored), and the per-venue, per-day, per-beer counts of the ones that were new. Every
 * writer (sync, generator, tests) goes through here, so the counts never drift from the rows.
 * Returns how many were new.
 */
export async function recordCheckins(db: Db, rows: CheckinInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  return db.transaction(async (tx) => {
    await tx
      .insert(catalogueBeers)
      .values(
        unique(rows, (row) => row.beer.bid).map(({ beer }) => ({
          bid: beer.bid,
          name: beer.name,
          brewery: beer.brewery,
          style: beer.style,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(checkinVenues)
      .values(unique(rows, (row) => row.venue.id).map(({ venue }) => venue))
      .onConflictDoNothing();
    const inserted = await tx
      .insert(checkins)
      .values(
        unique(rows, (row) => row.id).map((row) => ({
          id: row.id,
          venueId: row.venue.id,
          locationId: row.locationId,
          userId: row.user.id,
          gender: row.user.gender,
          birthYear: row.user.birthYear,
          beerId: row.beer.bid,
          checkinAt: row.checkinAt,
        })),
      )
      .onConflictDoNothing()
      .returning({ venueId: checkins.venueId, beerId: checkins.beerId, checkinAt: checkins.checkinAt });
    const counts = new Map<string, { venueId: number; day: string; beerId: number; checkins: number }>();
    for (const row of inserted) {
      const day = row.checkinAt.toISOString().slice(0, 10);
      const key = `${row.venueId}:${day}:${row.beerId}`;
      const entry = counts.get(key) ?? { venueId: row.venueId, day, beerId: row.beerId, checkins: 0 };
      entry.checkins += 1;
      counts.set(key, entry);
    }
    if (counts.size > 0) {
      await tx
        .insert(venueBeerDays)
        .values([...counts.values()])
        .onConflictDoUpdate({
          target: [venueBeerDays.venueId, venueBeerDays.day, venueBeerDays.beerId],
          set: { checkins: sql`${venueBeerDays.checkins} + excluded.checkins` },
        });
    }
    return inserted.length;
  });
}

/** After a bulk load that bypassed recordCheckins: recount venue_beer_days from the rows. */
export async function rebuildVenueBeerDays(db: Db) {
  await db.transaction(async (tx) => {
    await tx.delete(venueBeerDays);
    await tx.execute(sql`
      insert into venue_beer_days (venue_id, day, beer_id, checkins)
      select venue_id, (checkin_at at time zone 'UTC')::date, beer_id, count(*)::int
      from checkins group by 1, 2, 3`);
  });
}
