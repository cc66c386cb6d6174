import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one hit on `key` in a fixed window, atomically, in the shared database. The window restarts
 * with the first hit after it ends. Keys are hashed so no email or address is stored.
 */
const storedKey = (key: string) => createHash("sha256").update(key).digest("base64url");

export async function hit(db: Db, input: { key: string; limit: number; windowSeconds: number; now?: Date }): Promise<RateLimitResult> {
  const now = input.now ?? new Date();
  const key = storedKey(input.key);
  const expired = sql`${rateLimits.windowStart} <= ${now.toISOString()}::timestamptz - make_interval(secs => ${input.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error("rate limit upsert returned no row");
  const endsAt = row.windowStart.getTime() + input.windowSeconds * 1000;
  return {
    allowed: row.count <= input.limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/** Raises the current window's count to at least `count` (another party spent from the same budget). */
export async function raiseCount(db: Db, { key, count }: { key: string; count: number }) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count}, ${count})` })
    .where(eq(rateLimits.key, storedKey(key)));
}

/**
 * How many hits the current window of `key` holds, without counting one (0 once the window ended),
 * and the seconds until that window ends.
 */
export async function peek(
  db: Db,
  input: { key: string; windowSeconds: number; now?: Date },
): Promise<{ count: number; retryAfterSeconds: number }> {
  const now = input.now ?? new Date();
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, storedKey(input.key)))
    .limit(1);
  const endsAt = row ? row.windowStart.getTime() + input.windowSeconds * 1000 : 0;
  if (!row || endsAt <= now.getTime()) return { count: 0, retryAfterSeconds: input.windowSeconds };
  return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/**
 * A run of events on one key (failed logins on one account): how many, and when the last one was. A
 * run is forgotten `forgetSeconds` after its last event; the next event starts a new one. Stored in the
 * same table, `window_start` holding the last event.
 */
export type Run = { count: number; last: Date | null };

/** Adds one event to the run on `key`, atomically, and returns the run with it. */
export async function extendRun(db: Db, input: { key: string; forgetSeconds: number; now?: Date }): Promise<Run> {
  const now = input.now ?? new Date();
  const forgotten = sql`${rateLimits.windowStart} <= ${now.toISOString()}::timestamptz - make_interval(secs => ${input.forgetSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: storedKey(input.key), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { windowStart: now, count: sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end` },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error("run upsert returned no row");
  return { count: row.count, last: row.windowStart };
}

/** The run on `key` as it stands, without adding to it (no events and no last one once it is forgotten). */
export async function readRun(db: Db, input: { key: string; forgetSeconds: number; now?: Date }): Promise<Run> {
  const now = input.now ?? new Date();
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, storedKey(input.key)))
    .limit(1);
  if (!row || row.windowStart.getTime() + input.forgetSeconds * 1000 <= now.getTime()) return { count: 0, last: null };
  return { count: row.count, last: row.windowStart };
}

/** Ends the current window of `key` at once: a lease kept as a count (limit 1) given back by its holder. */
export async function clearCount(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, storedKey(key)));
}
