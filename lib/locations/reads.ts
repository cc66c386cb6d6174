import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations } from "@/lib/db/schema";
import { type Tagged, tagged } from "@/lib/http/conditional";
import { type ReadCache, readCache, whenKept, withReadCache } from "@/lib/live/read-cache";
import { notFound } from "@/lib/server/errors";
import type { Scope } from "@/lib/server/scope";
import { listEvents } from "@/lib/events/events";
import { listHours } from "@/lib/hours/hours";
import { currentOffsetHours, type Location, locationJson } from "./locations";

// The location reads of live-menus §2, kept by the read cache (lib/live/read-cache.ts) under the tags
// whose notifications make them stale: the location itself, and the lists of one location (events,
// hours, menus): the events and hours answers are here, lib/menus reads its list through `locationList`. The caller's
// business is checked against what is kept, so another business's id is 404 exactly as in the database.

/** An answer weighed for the cache's budget (UTF-16 in memory: twice its length). */
export const weight = (answer: Tagged) => answer.body.byteLength + 200;

/** The location row, and its answer with the zone offset it was made with, checked in quarter hour `quarter`. */
type KeptLocation = { row: Location | null; offset: number; answer: Tagged | null; quarter: number };

function locationRow(cache: ReadCache, db: Db, id: number, since = cache.generation) {
  return cache.remember<KeptLocation>(
    `location:${id}`,
    async () => {
      const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
      return { value: { row: row ?? null, offset: Number.NaN, answer: null, quarter: Number.NaN }, bytes: 2000, tags: [`location:${id}`] };
    },
    since,
  );
}

/** The caller's location (kept), or 404. */
export async function keptLocation(db: Db, { businessId, id }: Scope, cache?: ReadCache): Promise<Location> {
  const kept = await locationRow(cache ?? (await readCache()), db, id);
  if (!kept.row || kept.row.businessId !== businessId) throw notFound("location");
  return kept.row;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * GET /locations/:id. Its `tz_offset` follows the clock (a DST change), so the answer is redone when it
 * moves. A zone's offset changes only at whole quarter hours of UTC (offsets are multiples of 15
 * minutes and the rules change them at whole local minutes of the quarter: 02:00, 03:00, 00:00), so it
 * is looked up again in each quarter hour the answer is asked in, not on every request.
 */
export async function locationAnswer(db: Db, { businessId, id }: Scope, now: () => number = Date.now): Promise<Tagged> {
  const kept = await locationRow(await readCache(), db, id);
  if (!kept.row || kept.row.businessId !== businessId) throw notFound("location");
  const at = now();
  const quarter = Math.floor(at / QUARTER_HOUR_MS);
  if (kept.answer && kept.quarter === quarter) return kept.answer;
  const offset = currentOffsetHours(kept.row.timeZone, new Date(at));
  if (!kept.answer || kept.offset !== offset) {
    kept.answer = tagged({ location: locationJson(kept.row, new Date(at)) });
    kept.offset = offset;
  }
  kept.quarter = quarter;
  return kept.answer;
}

/** A list of one location's (events, hours, menus), kept under `kind:<location>` and the location's tag. */
export function locationList(
  db: Db,
  scope: Scope,
  kind: "events" | "hours" | "menus",
  load: (location: Location) => Promise<unknown>,
): Tagged | Promise<Tagged> {
  // Kept, the location and the list are answered without a promise (issue 55); else each is loaded.
  return withReadCache((cache) => {
    const since = cache.generation;
    return whenKept(locationRow(cache, db, scope.id, since), (kept) => {
      if (!kept.row || kept.row.businessId !== scope.businessId) throw notFound("location");
      const location = kept.row;
      return cache.remember(
        `${kind}:${location.id}`,
        async () => {
          const answer = tagged(await load(location));
          return { value: answer, bytes: weight(answer), tags: [`${kind}:${location.id}`, `location:${location.id}`] };
        },
        since,
      );
    });
  });
}

/** GET /locations/:id/events */
export const eventsAnswer = (db: Db, scope: Scope): Tagged | Promise<Tagged> =>
  locationList(db, scope, "events", async (location) => ({ events: await listEvents(db, { location }) }));

/** GET /locations/:id/hours */
export const hoursAnswer = (db: Db, scope: Scope): Tagged | Promise<Tagged> =>
  locationList(db, scope, "hours", async (location) => ({ hours: await listHours(db, { locationId: location.id }) }));
