import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one hit on `key` in a fixed window, atomically, in the shared database. The window restarts
 * with the first hit after it ends. Keys are hashed so no email or address is stored.
 */
export async function hit(
  db: Db,
  input: { key: string; limit: number; windowSeconds: number; now?: Date },
): Promise<RateLimitResult> {
  const now = input.now ?? new Date();
  const key = createHash("sha256").update(input.key).digest("base64url");
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
