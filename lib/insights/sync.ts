import { asc, eq, isNotNull, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "@/lib/db/client";
import { checkinSyncState, checkins, locations } from "@/lib/db/schema";
import { appBudget, type Budget } from "@/lib/beer-platform/budget";
import { type CallResult, callUpstream } from "@/lib/beer-platform/client";
import { upstreamConfig } from "@/lib/beer-platform/config";
import { matchEndpoint } from "@/lib/beer-platform/endpoints";
import { V4Error } from "@/lib/beer-platform/errors";
import { FIRST_GENERATED_CHECKIN_ID, recordCheckins, type CheckinInput } from "./record";

// `npm run sync:checkins`: imports a location's venue check-ins from the platform's venue feed
// (GET /v4/venue/checkins/VENUE_ID, newest first, 25 a page) through the v4 client and the app's
// hourly budget, stored with recordCheckins (idempotent by check-in id).
//
// Progress. checkin_sync_state.last_checkin_id is a watermark W: every check-in of the venue with an
// id ≤ W has been imported. A run walks the feed from its newest check-in down to W (min_id = W,
// max_id = the next page), storing each page as it goes; W moves to the newest id of the walk when
// the walk reaches it, in the transaction that stores the last page. The feed can only be read
// newest first, so until then the pages already stored are the walk's progress: a run that finds
// imported check-ins above W (a crash, a spent budget, --max-calls) continues the walk below the
// lowest of them (max_id = lowest − 1) before it starts a new one. So a stop mid-run costs at most
// the page in flight, a run after a finished walk costs one call and imports nothing, and no
// check-in between W and the newest is ever skipped. Generated check-ins (ids above
// FIRST_GENERATED_CHECKIN_ID) are not platform check-ins and never count as progress.

export const PAGE_SIZE = 25;

export type LocationRow = typeof locations.$inferSelect;

export type LocationSync = {
  locationId: number;
  venueId: number;
  /** Check-ins stored that were not stored before. */
  imported: number;
  /** Check-ins the feed returned (new or not). */
  seen: number;
  /** Calls made to the platform (answered from the cache or not); a call our budget refused is not one. */
  calls: number;
  /** The watermark after the run (null: none yet). */
  lastCheckinId: number | null;
  /** complete: the walk reached the watermark; otherwise why it stopped (the next run continues). */
  status: "complete" | "budget" | "max_calls" | "failed";
  /** When status is budget: seconds until the budget refills. */
  retryAfterSeconds?: number;
  error?: string;
};

export type SyncOptions = {
  /** The budget the calls are paid from (default: the app's, shared with the forwarder). */
  budget?: Budget;
  /** Stop after this many upstream calls in the whole run (leave budget for the dashboard). */
  maxCalls?: number;
  now?: () => Date;
  log?: (line: string) => void;
};

// ---- the feed item -----------------------------------------------------------------------------------

type FeedItem = {
  checkin_id?: number | string;
  created_at?: string;
  user?: {
    uid?: number | string;
    gender?: string | null;
    birth_year?: number | string | null;
    date_of_birth?: string | null;
    birthday?: string | null;
  };
  beer?: { bid?: number | string; beer_name?: string; beer_style?: string; brewery?: { brewery_name?: string } };
  brewery?: { brewery_name?: string } | [];
  venue?: { venue_id?: number | string; venue_name?: string; location?: { lat?: number | string; lng?: number | string } } | [];
};

type FeedBody = {
  meta?: { code?: number; error_detail?: string };
  response?: { pagination?: { next_url?: string; max_id?: number | string }; checkins?: { count?: number; items?: FeedItem[] } };
};

const finite = (value: unknown): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** "Sat, 20 Jun 2015 00:06:25 +0000" (the platform's RFC 1123 with an offset), or ISO 8601. */
export function parsePlatformTime(value: string | undefined): Date | null {
  if (!value) return null;
  const rfc = DateTime.fromRFC2822(value, { setZone: true });
  if (rfc.isValid) return rfc.toJSDate();
  const iso = DateTime.fromISO(value, { setZone: true });
  return iso.isValid ? iso.toJSDate() : null;
}

const genderOf = (value: unknown): "male" | "female" | null => {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return text === "male" || text === "m" ? "male" : text === "female" || text === "f" ? "female" : null;
};

const birthYearOf = (user: FeedItem["user"]): number | null => {
  const direct = finite(user?.birth_year);
  const fromDate = [user?.date_of_birth, user?.birthday]
    .map((value) => (typeof value === "string" ? /^(\d{4})-\d{2}-\d{2}/.exec(value)?.[1] : undefined))
    .find(Boolean);
  const year = direct ?? finite(fromDate);
  return year !== null && Number.isInteger(year) && year >= 1900 && year <= 2100 ? year : null;
};

/**
 * A venue-feed item as a check-in of `location`. Venue coordinates come from the item's venue
 * (location.lat/lng), else the location's own; gender and birth year only when the platform sends them
 * (its public user objects do not: then null). Items without an id, user, beer or time are skipped.
 */
export function checkinFromFeedItem(item: FeedItem, location: LocationRow): CheckinInput | null {
  const id = finite(item.checkin_id);
  const userId = finite(item.user?.uid);
  const bid = finite(item.beer?.bid);
  const at = parsePlatformTime(item.created_at);
  if (id === null || !Number.isSafeInteger(id) || id <= 0 || id >= FIRST_GENERATED_CHECKIN_ID) return null;
  if (userId === null || !Number.isInteger(userId) || bid === null || !Number.isInteger(bid) || !at) return null;
  const venue = item.venue && !Array.isArray(item.venue) ? item.venue : undefined;
  const venueId = finite(venue?.venue_id) ?? location.untappdVenueId!;
  const latitude = finite(venue?.location?.lat) ?? finite(location.latitude) ?? 0;
  const longitude = finite(venue?.location?.lng) ?? finite(location.longitude) ?? 0;
  const brewery = item.brewery && !Array.isArray(item.brewery) ? item.brewery.brewery_name : item.beer?.brewery?.brewery_name;
  return {
    id,
    venue: { id: venueId, name: venue?.venue_name ?? location.name, latitude, longitude },
    locationId: location.id,
    user: { id: userId, gender: genderOf(item.user?.gender), birthYear: birthYearOf(item.user) },
    beer: { bid, name: item.beer?.beer_name ?? `Beer ${bid}`, brewery: brewery ?? null, style: item.beer?.beer_style ?? null },
    checkinAt: at,
  };
}

// ---- progress -----------------------------------------------------------------------------------------

/** The watermark, and the span of platform check-ins stored above it (an unfinished walk). */
async function progressOf(db: Db, location: LocationRow) {
  const [state] = await db.select().from(checkinSyncState).where(eq(checkinSyncState.locationId, location.id)).limit(1);
  const watermark = state?.lastCheckinId ?? 0;
  const result = (await db.execute(sql`
    select min(id)::text as low, max(id)::text as high from ${checkins}
    where ${checkins.venueId} = ${location.untappdVenueId} and ${checkins.id} > ${watermark} and ${checkins.id} < ${FIRST_GENERATED_CHECKIN_ID}`)) as unknown as {
    rows: { low: string | null; high: string | null }[];
  };
  const row = result.rows[0];
  return {
    watermark,
    hasState: state !== undefined,
    stored: row?.low ? { low: Number(row.low), high: Number(row.high) } : null,
  };
}

async function saveWatermark(db: Db, locationId: number, lastCheckinId: number, at: Date) {
  await db
    .insert(checkinSyncState)
    .values({ locationId, lastCheckinId, syncedAt: at })
    .onConflictDoUpdate({
      target: checkinSyncState.locationId,
      set: { lastCheckinId: sql`greatest(${checkinSyncState.lastCheckinId}, excluded.last_checkin_id)`, syncedAt: at },
    });
}

// ---- the run ------------------------------------------------------------------------------------------

class BudgetSpent extends Error {
  /** `local`: our own count refused the call, so the platform was not called. */
  constructor(
    readonly retryAfterSeconds: number,
    readonly local: boolean,
  ) {
    super("budget spent");
  }
}

/** One call of the venue feed; a spent budget (ours or the platform's) becomes BudgetSpent. */
async function fetchPage(db: Db, venueId: number, query: Record<string, number | undefined>, budget: Budget): Promise<FeedBody> {
  const endpoint = matchEndpoint("GET", ["venue", "checkins", String(venueId)]);
  if (!endpoint) throw new Error(`venue id ${venueId} cannot be asked for`);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  let answer: CallResult;
  try {
    answer = await callUpstream(db, { endpoint, query: params, budget });
  } catch (error) {
    if (error instanceof V4Error && error.status === 429) throw new BudgetSpent(Number(error.headers["retry-after"] ?? 3600), true);
    throw error;
  }
  if (answer.status === 429) throw new BudgetSpent(Number(answer.headers["retry-after"] ?? 3600), false);
  const body = JSON.parse(answer.body) as FeedBody;
  if (answer.status !== 200) {
    throw new Error(`the platform answered ${answer.status}${body.meta?.error_detail ? `: ${body.meta.error_detail}` : ""}`);
  }
  return body;
}

type Counter = { calls: number; maxCalls: number };

/** Imports one location's new venue check-ins; see the header for how progress is kept. */
export async function syncLocation(
  db: Db,
  location: LocationRow,
  options: SyncOptions = {},
  counter: Counter = { calls: 0, maxCalls: options.maxCalls ?? Infinity },
): Promise<LocationSync> {
  if (location.untappdVenueId === null) throw new Error(`location ${location.id} has no untappd_venue_id`);
  const venueId = location.untappdVenueId;
  const config = upstreamConfig();
  const budget = options.budget ?? appBudget(config.clientId, config.hourlyLimit);
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const progress = await progressOf(db, location);
  const { watermark } = progress;
  const result: LocationSync = {
    locationId: location.id,
    venueId,
    imported: 0,
    seen: 0,
    calls: 0,
    lastCheckinId: progress.hasState ? watermark : null,
    status: "complete",
  };

  // Resume an unfinished walk below what it stored; otherwise start at the newest check-in.
  let maxId: number | undefined = progress.stored ? progress.stored.low - 1 : undefined;
  let newest = progress.stored?.high ?? 0;
  if (progress.stored) log(`  location ${location.id}: resuming below check-in ${progress.stored.low} (watermark ${watermark})`);

  while (true) {
    if (maxId !== undefined && maxId <= watermark) break; // nothing can lie between the walk and the watermark
    if (counter.calls >= counter.maxCalls) {
      result.status = "max_calls";
      return result;
    }
    let body: FeedBody;
    counter.calls += 1;
    result.calls += 1;
    try {
      body = await fetchPage(db, venueId, { min_id: watermark > 0 ? watermark : undefined, max_id: maxId, limit: PAGE_SIZE }, budget);
    } catch (error) {
      if (error instanceof BudgetSpent) {
        if (error.local) {
          counter.calls -= 1;
          result.calls -= 1;
        }
        result.status = "budget";
        result.retryAfterSeconds = error.retryAfterSeconds;
        return result;
      }
      result.status = "failed";
      result.error = error instanceof Error ? error.message : String(error);
      return result;
    }
    const items = body.response?.checkins?.items ?? [];
    const rows = items
      .map((item) => checkinFromFeedItem(item, location))
      .filter((row): row is CheckinInput => row !== null && row.id > watermark);
    const ids = items.map((item) => finite(item.checkin_id)).filter((id): id is number => id !== null);
    const pagination = body.response?.pagination;
    const nextMax = finite(pagination?.max_id);
    const oldest = ids.length > 0 ? Math.min(...ids) : undefined;
    const more = items.length > 0 && (pagination?.next_url !== "" || nextMax !== null) && (nextMax ?? oldest! - 1) > watermark;
    newest = Math.max(newest, ...rows.map((row) => row.id));
    result.seen += items.length;
    // The page and, when it is the walk's last, the new watermark commit together.
    const imported = await db.transaction(async (tx) => {
      const stored = await recordCheckins(tx, rows);
      if (!more) await saveWatermark(tx, location.id, Math.max(newest, watermark), now());
      return stored;
    });
    result.imported += imported;
    if (!more) break;
    const next = nextMax ?? oldest! - 1;
    if (maxId !== undefined && next >= maxId) {
      result.status = "failed";
      result.error = `the feed did not move past max_id ${maxId}`;
      return result;
    }
    maxId = next;
  }
  if (maxId !== undefined && maxId <= watermark) await saveWatermark(db, location.id, Math.max(newest, watermark), now());
  result.lastCheckinId = Math.max(newest, watermark);
  return result;
}

export type SyncRun = {
  locations: LocationSync[];
  imported: number;
  calls: number;
  /** Set when the run stopped because the hourly budget is spent: when it refills. */
  resumeAt: Date | null;
};

/** Locations to sync: one by id, or every location with an untappd_venue_id. */
export async function syncTargets(db: Db, locationId?: number): Promise<LocationRow[]> {
  if (locationId !== undefined) {
    const [location] = await db.select().from(locations).where(eq(locations.id, locationId)).limit(1);
    if (!location) throw new Error(`no location ${locationId}`);
    if (location.untappdVenueId === null) throw new Error(`location ${locationId} has no untappd_venue_id`);
    return [location];
  }
  return db.select().from(locations).where(isNotNull(locations.untappdVenueId)).orderBy(asc(locations.id));
}

/**
 * Syncs each location in turn. A spent budget stops the whole run (every location shares it); a
 * failing location is reported and the others still run.
 */
export async function syncCheckins(db: Db, targets: LocationRow[], options: SyncOptions = {}): Promise<SyncRun> {
  const counter: Counter = { calls: 0, maxCalls: options.maxCalls ?? Infinity };
  const now = options.now ?? (() => new Date());
  const run: SyncRun = { locations: [], imported: 0, calls: 0, resumeAt: null };
  for (const location of targets) {
    const outcome = await syncLocation(db, location, options, counter);
    run.locations.push(outcome);
    run.imported += outcome.imported;
    run.calls += outcome.calls;
    options.log?.(
      `  location ${location.id} (venue ${outcome.venueId}): ${outcome.imported} new of ${outcome.seen} in ${outcome.calls} call(s), ${outcome.status}` +
        (outcome.error ? ` — ${outcome.error}` : ""),
    );
    if (outcome.status === "budget") {
      run.resumeAt = new Date(now().getTime() + (outcome.retryAfterSeconds ?? 3600) * 1000);
      break;
    }
    if (outcome.status === "max_calls") break;
  }
  return run;
}
