import { inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import {
  sandboxBadges,
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
import { generateSandboxData } from "./generate";
import { demoBeerRows, demoBreweryRows } from "./demo-beers";
import { oncePerDatabase } from "./once";

// Serialises the first seeding across app instances sharing one PostgreSQL server.
const SEED_LOCK = 727_404;
const CHUNK = 1000;

/**
 * Seeds the sandbox's catalogue, users and activity once per database: deterministic content (fixed
 * PRNG seed), times relative to the first use. Safe to call on every request.
 */
export const ensureSandboxData = oncePerDatabase("v4-sandbox", seedIfEmpty);

async function seedIfEmpty(db: Db) {
  const [existing] = await db.select({ id: sandboxUsers.id }).from(sandboxUsers).limit(1);
  if (existing) return addDemoBeers(db);
  await db.transaction(async (tx) => {
    // Another instance may have seeded while this one waited for the lock: look again under it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [again] = await tx.select({ id: sandboxUsers.id }).from(sandboxUsers).limit(1);
    if (again) return;
    const anchor = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const data = generateSandboxData(anchor);
    await insertAll(tx, sandboxBreweries, data.breweries);
    await insertAll(tx, sandboxBeers, data.beers);
    await insertAll(tx, sandboxVenues, data.venues);
    await insertAll(tx, sandboxUsers, data.users);
    await insertAll(tx, sandboxFriendships, data.friendships);
    await insertAll(tx, sandboxBadges, data.badges);
    await insertAll(tx, sandboxCheckins, data.checkins);
    await insertAll(tx, sandboxUserBadges, data.userBadges);
    await insertAll(tx, sandboxWishlist, data.wishlist);
    await insertAll(tx, sandboxComments, data.comments);
    await insertAll(tx, sandboxToasts, data.toasts);
    // Seeded rows carry explicit ids: move the identity sequences past them.
    for (const table of ["sandbox_checkins", "sandbox_user_badges", "sandbox_comments", "sandbox_toasts"]) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest(1, (select coalesce(max(id), 0) from ${sql.identifier(table)})))`,
      );
    }
  });
}

/**
 * A sandbox seeded before the demo's beers joined its catalogue gets them now, so the demo menus'
 * untappd ids resolve in every database. Their ids are fixed and unused by the generated rows, so
 * nothing else changes; two instances doing this at once both end with the same rows.
 */
async function addDemoBeers(db: Db) {
  const anchor = new Date();
  const beers = demoBeerRows(anchor);
  const present = await db
    .select({ id: sandboxBeers.id })
    .from(sandboxBeers)
    .where(
      inArray(
        sandboxBeers.id,
        beers.map((beer) => beer.id),
      ),
    );
  if (present.length === beers.length) return;
  await db.insert(sandboxBreweries).values(demoBreweryRows(anchor)).onConflictDoNothing();
  await db.insert(sandboxBeers).values(beers).onConflictDoNothing();
}

async function insertAll<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(table).values(rows.slice(start, start + CHUNK));
  }
}
