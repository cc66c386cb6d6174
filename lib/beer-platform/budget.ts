import type { Db } from "@/lib/db/client";
import { hit, raiseCount } from "@/lib/db/rate-limit";
import { V4Error } from "./errors";

const HOUR = 3600;

export type Budget = { key: string; limit: number };

/** The app key's budget for public calls; the user's own for calls made with their access token. */
export const appBudget = (clientId: string, limit: number): Budget => ({ key: `v4:app:${clientId}`, limit });
export const userBudget = (userId: number, limit: number): Budget => ({ key: `v4:user:${userId}`, limit });
/**
 * A business's share of the app key's hour: public calls made for one business (its forwarder calls,
 * its catalogue lookups) stop there, so one tenant cannot spend the hour every other tenant needs.
 */
export const businessShare = (businessId: number, limit: number, percent: number): Budget => ({
  key: `v4:business:${businessId}`,
  limit: Math.max(1, Math.floor((limit * percent) / 100)),
});

/**
 * Takes one call from the budget before calling upstream; a spent budget is answered here with 429
 * and the upstream is not called. Counters live in the database, shared by every instance.
 */
export async function spend(db: Db, budget: Budget): Promise<{ remaining: number }> {
  const result = await hit(db, { key: budget.key, limit: budget.limit, windowSeconds: HOUR });
  if (!result.allowed) {
    throw new V4Error(429, "rate_limit", "The hourly budget of calls to the beer platform is spent; try again later.", {
      "retry-after": String(result.retryAfterSeconds),
      "x-ratelimit-limit": String(budget.limit),
      "x-ratelimit-remaining": "0",
    });
  }
  return { remaining: budget.limit - result.count };
}

/** When upstream reports fewer calls left than we counted (another client of the key), believe it. */
export async function syncRemaining(db: Db, budget: Budget, upstreamRemaining: number) {
  if (!Number.isFinite(upstreamRemaining)) return;
  await raiseCount(db, { key: budget.key, count: Math.max(0, budget.limit - upstreamRemaining) });
}
