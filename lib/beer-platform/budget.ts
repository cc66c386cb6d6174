import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { hit, raiseCount } from "@/lib/db/rate-limit";
import { businesses } from "@/lib/db/schema";
import { V4Error } from "./errors";

const HOUR = 3600;

export type Budget = { key: string; limit: number };

/** The app key's budget for public calls; the user's own for calls made with their access token. */
export const appBudget = (clientId: string, limit: number): Budget => ({ key: `v4:app:${clientId}`, limit });
export const userBudget = (userId: number, limit: number): Budget => ({ key: `v4:user:${userId}`, limit });
/**
 * A business's share of the app key's hour: public calls made for one business (its forwarder calls,
 * its catalogue lookups) are paid from it (`spendShare`), so no tenant, nor any number of new ones,
 * can spend the hour every other tenant needs (decision 075).
 */
export type BusinessShare = { businessId: number; hourlyLimit: number; percent: number; newBusinessDays: number };

export const businessShare = (
  businessId: number,
  config: { hourlyLimit: number; businessSharePercent: number; newBusinessDays: number },
): BusinessShare => ({
  businessId,
  hourlyLimit: config.hourlyLimit,
  percent: config.businessSharePercent,
  newBusinessDays: config.newBusinessDays,
});

const DAY_MS = 24 * 3600 * 1000;
const BORROWED_KEY = "v4:borrowed";

/**
 * Pays one call from the business's share of the hour; 429 past it, the upstream not called. Each of
 * the N businesses is guaranteed G = min(share, ⌊hour / N⌋) calls an hour: those come from its own
 * count alone. Past G, up to its share, a business borrows from what no guarantee holds (the hour less
 * G × N), first come. A business younger than `newBusinessDays` gets its guarantee and no more: a
 * sign-up is free, so new ones start small. The guarantees and the borrowing together never pass the
 * hour, so a spent hour is only ever the spender's.
 */
export async function spendShare(db: Db, share: BusinessShare, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ createdAt: businesses.createdAt, total: sql<number>`(select count(*) from ${businesses})`.mapWith(Number) })
    .from(businesses)
    .where(eq(businesses.id, share.businessId));
  const total = Math.max(1, row?.total ?? 1);
  const full = Math.max(1, Math.floor((share.hourlyLimit * share.percent) / 100));
  const guaranteed = Math.min(full, Math.floor(share.hourlyLimit / total));
  const isNew = !row || row.createdAt.getTime() > now.getTime() - share.newBusinessDays * DAY_MS;
  const cap = isNew ? Math.max(1, guaranteed) : full;
  const own = await hit(db, { key: `v4:business:${share.businessId}`, limit: cap, windowSeconds: HOUR, now });
  if (!own.allowed) throw spent(cap, own.retryAfterSeconds);
  if (own.count <= guaranteed) return;
  const pool = Math.max(0, share.hourlyLimit - guaranteed * total);
  const borrowed = await hit(db, { key: BORROWED_KEY, limit: pool, windowSeconds: HOUR, now });
  if (!borrowed.allowed) throw spent(cap, borrowed.retryAfterSeconds);
}

const spent = (limit: number, retryAfterSeconds: number) =>
  new V4Error(429, "rate_limit", "The hourly budget of calls to the beer platform is spent; try again later.", {
    "retry-after": String(retryAfterSeconds),
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": "0",
  });

/**
 * Takes one call from the budget before calling upstream; a spent budget is answered here with 429
 * and the upstream is not called. Counters live in the database, shared by every instance.
 */
export async function spend(db: Db, budget: Budget): Promise<{ remaining: number }> {
  const result = await hit(db, { key: budget.key, limit: budget.limit, windowSeconds: HOUR });
  if (!result.allowed) throw spent(budget.limit, result.retryAfterSeconds);
  return { remaining: budget.limit - result.count };
}

/** When upstream reports fewer calls left than we counted (another client of the key), believe it. */
export async function syncRemaining(db: Db, budget: Budget, upstreamRemaining: number) {
  if (!Number.isFinite(upstreamRemaining)) return;
  await raiseCount(db, { key: budget.key, count: Math.max(0, budget.limit - upstreamRemaining) });
}
