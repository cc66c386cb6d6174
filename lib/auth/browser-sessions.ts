import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { browserSessions, users, type User } from "@/lib/db/schema";
import { env } from "@/lib/server/env";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { readCache } from "@/lib/live/read-cache";

// The dashboard's sign-in: a random value in an HTTP-only cookie, stored only as its SHA-256.
export const SESSION_COOKIE = "taproom_session";
export const SESSION_LIFETIME_SECONDS = 14 * 24 * 60 * 60;

// newToken(): 32 random bytes in base64url. Anything else cannot be a session and is not looked up.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session for the user (and drops the user's expired ones). The token goes into the cookie only. */
export async function startBrowserSession(db: Db, { userId, now = new Date() }: { userId: number; now?: Date }) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  await db.delete(browserSessions).where(and(eq(browserSessions.userId, userId), lte(browserSessions.expiresAt, now)));
  await db.insert(browserSessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

type KeptSession = { user: User; expiresAt: number };

/**
 * The user a cookie value signs in, or null when it names no session or an expired one. Kept by the
 * read model (lib/live/read-cache.ts) under the token's hash until the session row (sign-out), its user
 * or its business is written on any instance (migration 0014); its end is checked on every use.
 * Refusals are not kept. At most one query, none while kept.
 */
export async function findBrowserSessionUser(db: Db, token: string, now: Date = new Date()): Promise<User | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const tokenHash = hashToken(token);
  const cache = await readCache();
  const key = `session:${tokenHash}`;
  const kept = cache.get<KeptSession>(key);
  if (kept) return kept.expiresAt > now.getTime() ? kept.user : null;
  const since = cache.generation;
  const [row] = await db
    .select({ user: users, expiresAt: browserSessions.expiresAt })
    .from(browserSessions)
    .innerJoin(users, eq(users.id, browserSessions.userId))
    .where(and(eq(browserSessions.tokenHash, tokenHash), gt(browserSessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const value: KeptSession = { user: row.user, expiresAt: row.expiresAt.getTime() };
  cache.keep(key, { value, bytes: 1000, tags: [`user:${row.user.id}`, `business:${row.user.businessId}`] }, since);
  return row.user;
}

/** Ends the session the cookie value names; nothing happens if there is none. */
export async function endBrowserSession(db: Db, token: string): Promise<void> {
  if (!TOKEN_SHAPE.test(token)) return;
  await db.delete(browserSessions).where(eq(browserSessions.tokenHash, hashToken(token)));
}

const ATTRIBUTES = "Path=/; HttpOnly; SameSite=Lax";

/** Set-Cookie value for a session: HTTP-only, SameSite=Lax, whole site, expiring with the session. */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean, now: Date = new Date()): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return `${SESSION_COOKIE}=${token}; ${ATTRIBUTES}; Max-Age=${maxAge}; Expires=${expiresAt.toUTCString()}${secure ? "; Secure" : ""}`;
}

/** Set-Cookie value that makes the browser forget the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${secure ? "; Secure" : ""}`;
}

/** Mark the cookie Secure when the request came over https or the app is published on https (APP_URL). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || (env().APP_URL?.toLowerCase().startsWith("https:") ?? false);
}

/** The session cookie's value from the Cookie header, or null. */
export function readSessionCookie(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), SESSION_COOKIE);
}

/** One cookie from a Cookie header: pairs split at `;`, name and value at the first `=`, optional quotes. */
export function readCookie(header: string | null, name: string): string | null {
  // Browsers send the most specific cookie first; an empty one (a cleared cookie) does not count.
  return readCookies(header, name)[0] ?? null;
}

/** Every non-empty cookie of the name in a Cookie header (one per path the browser holds it for), most specific first. */
export function readCookies(header: string | null, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (value) values.push(value);
  }
  return values;
}
