import { lt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { Database } from "@/lib/db/client";
import type { Job } from "@/lib/server/jobs";
import { browserSessions, oauthStates, rateLimits, v4Cache } from "@/lib/db/schema";
import { env } from "@/lib/server/env";
import { pruneChanges } from "@/lib/live/feed";
import { pruneDeliveries } from "@/lib/webhooks/webhooks";
import { forgetOldSearches } from "@/lib/beer-platform/seen-beers";
import { pruneSentOutbox } from "@/lib/pos/outbound";

/** The longest a rate-limit counter lives: a run of failed logins (two login windows), and the v4 budgets' hour. */
const longestWindowSeconds = () => Math.max(3600, 2 * env().SESSION_RATE_LIMIT_WINDOW_SECONDS);

/**
 * Deletes what has expired: rate-limit counters whose window ended a day ago or more, OAuth states,
 * cached v4 answers and browser sessions past their expiry, menu changes and their history past the
 * days they are kept (lib/live/feed.ts), webhook delivery records (lib/webhooks/webhooks.ts), catalogue search
 * terms past their memory (lib/beer-platform/seen-beers.ts; the beers seen stay), sold-out changes sent to a
 * POS a week ago (lib/pos/outbound.ts). Every row it touches is dead to every
 * reader already, so any number of instances may run it at any time.
 */
export async function pruneExpired(db: Db, now = new Date()) {
  const windowEnded = new Date(now.getTime() - (longestWindowSeconds() + 86_400) * 1000);
  const counts = async (query: Promise<unknown[]>) => (await query).length;
  return {
    rateLimits: await counts(db.delete(rateLimits).where(lt(rateLimits.windowStart, windowEnded)).returning({ key: rateLimits.key })),
    oauthStates: await counts(db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)).returning({ key: oauthStates.stateHash })),
    v4Cache: await counts(db.delete(v4Cache).where(lt(v4Cache.expiresAt, now)).returning({ key: v4Cache.key })),
    browserSessions: await counts(
      db.delete(browserSessions).where(lt(browserSessions.expiresAt, now)).returning({ key: browserSessions.tokenHash }),
    ),
    menuChanges: await pruneChanges(db, now),
    webhookDeliveries: await pruneDeliveries(db, now),
    catalogueSearches: await counts(forgetOldSearches(db, now)),
    posOutbox: await pruneSentOutbox(db, now),
  };
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** The prune as a background job (lib/server/jobs.ts): plain deletes, safe on every instance at once. */
export const pruneJob: Job<Database> = { name: "prune", everyMs: PRUNE_EVERY_MS, run: (database) => pruneExpired(database.db) };
