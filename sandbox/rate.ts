import type { Db } from "@/lib/db/client";
import { hit, peek } from "@/lib/db/rate-limit";
import { SandboxError } from "./errors";
import type { RateHeaders } from "./envelope";

export const SANDBOX_HOURLY_LIMIT = 100;
const WINDOW_SECONDS = 3600;

const slot = Symbol.for("taproom.v4-sandbox.hourly-limit");
const holder = globalThis as { [slot]?: number };

/**
 * Tests only: lowers (or, with undefined, restores) the sandbox's hourly limit for calls that reach
 * it through the forwarder. Direct callers pass `hourlyLimit` to handleSandbox instead.
 */
export function setSandboxHourlyLimit(limit: number | undefined) {
  holder[slot] = limit;
}

export const hourlyLimit = (override?: number) => override ?? holder[slot] ?? SANDBOX_HOURLY_LIMIT;

/** With an access_token the budget is the user's, otherwise the app's (spec: Authentication 7). */
export const budgetKey = (clientId: string, userId: number | null) =>
  userId === null ? `sandbox:app:${clientId}` : `sandbox:user:${userId}`;

export type CountedCall = RateHeaders & { allowed: boolean; retryAfterSeconds: number };

/** Counts one call against its budget. */
export async function countCall(db: Db, key: string, limit: number, now: Date): Promise<CountedCall> {
  const result = await hit(db, { key, limit, windowSeconds: WINDOW_SECONDS, now });
  return { limit, remaining: limit - result.count, allowed: result.allowed, retryAfterSeconds: result.retryAfterSeconds };
}

/** What is left of a budget without spending from it: for answers refused before the caller is identified. */
export async function peekRemaining(db: Db, key: string, limit: number, now: Date): Promise<RateHeaders> {
  return { limit, remaining: limit - (await peek(db, { key, windowSeconds: WINDOW_SECONDS, now })).count };
}

export function limitError(userId: number | null) {
  const who = userId === null ? "Your application has" : "The authenticated user has";
  return new SandboxError(
    429,
    "api_limit_exceeded",
    `${who} reached their API limit for the hour. Please wait before making another call.`,
  );
}
