import { eq, lt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { v4Cache } from "@/lib/db/schema";

export type UpstreamAnswer = { status: number; body: string; headers: Record<string, string> };

/** A cached answer that has not expired, or null. */
export async function readCache(db: Db, key: string, now = new Date()): Promise<UpstreamAnswer | null> {
  const [row] = await db.select().from(v4Cache).where(eq(v4Cache.key, key)).limit(1);
  if (!row || row.expiresAt <= now) return null;
  return { status: row.status, body: row.body, headers: row.headers };
}

export async function writeCache(db: Db, key: string, answer: UpstreamAnswer, ttlSeconds: number) {
  if (ttlSeconds <= 0) return;
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const values = { key, status: answer.status, body: answer.body, headers: answer.headers, expiresAt, createdAt: new Date() };
  await db.insert(v4Cache).values(values).onConflictDoUpdate({ target: v4Cache.key, set: values });
  // Keep the table small: drop what expired a while ago, now and then.
  if (Math.random() < 0.02) await db.delete(v4Cache).where(lt(v4Cache.expiresAt, new Date(Date.now() - 3_600_000)));
}

// Identical lookups in flight in this process share one upstream call (and one unit of budget).
const slot = Symbol.for("taproom.v4-in-flight");
const holder = globalThis as { [slot]?: Map<string, Promise<unknown>> };
holder[slot] ??= new Map();
const inFlight = holder[slot];

export function shared<T>(key: string, run: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const started = run().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}
