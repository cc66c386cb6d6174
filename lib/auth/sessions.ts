import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/errors";
import { REALM } from "@/lib/auth/caller";
import type { User } from "@/lib/db/schema";
import { decoyHash, verifyPassword } from "@/lib/auth/password";
import { decryptSecret, issueTokenPair } from "@/lib/auth/tokens";
import { log } from "@/lib/server/log";
import { hit, peek } from "@/lib/db/rate-limit";

export type SessionUser = { email: string; auth_token: string; auth_token_read_only: string };

const FAILURES_KEY = "login:failures";

/** What an attempt counts against: logins (sign-in, sign-up, password changes) or password-reset requests. */
export type AttemptKind = "login" | "password_reset";

/**
 * Counts one attempt against the email and, when a trusted proxy names it, the client address (the
 * login limits: SESSION_RATE_LIMIT_*); a login also checks the one ceiling of failed logins for the
 * whole app. Over any of them: 429 with Retry-After. The counts are written whatever the caller does
 * next, so run it outside a transaction that a refusal rolls back.
 */
export async function limitAttempts(db: Db, input: { kind: AttemptKind; email: string; address: string | null; now?: Date }) {
  const settings = env();
  const email = input.email.trim().toLowerCase();
  const windowSeconds = settings.SESSION_RATE_LIMIT_WINDOW_SECONDS;
  const { kind, now } = input;
  // Logins keep their original keys (`login:…`), so counts survive an upgrade.
  const prefix = kind === "login" ? "login" : "reset";
  const limits = await Promise.all([
    hit(db, { key: `${prefix}:email:${email}`, limit: settings.SESSION_RATE_LIMIT_PER_EMAIL, windowSeconds, now }),
    ...(input.address
      ? [hit(db, { key: `${prefix}:address:${input.address}`, limit: settings.SESSION_RATE_LIMIT_PER_ADDRESS, windowSeconds, now })]
      : []),
    ...(kind === "login"
      ? [
          peek(db, { key: FAILURES_KEY, windowSeconds, now }).then((failures) => ({
            allowed: failures.count < settings.LOGIN_FAILURE_CEILING,
            retryAfterSeconds: failures.retryAfterSeconds,
          })),
        ]
      : []),
  ]);
  const blocked = limits.filter((limit) => !limit.allowed);
  if (blocked.length > 0) {
    const retryAfter = Math.max(...blocked.map((limit) => limit.retryAfterSeconds));
    const what = kind === "login" ? "login attempts" : "password reset requests";
    throw new ApiError("rate_limited", `Too many ${what}. Try again in ${retryAfter} seconds.`, {
      headers: { "retry-after": String(retryAfter) },
    });
  }
}

/**
 * Checks email and password and returns the user. Every attempt counts against the email and, when a
 * trusted proxy names it, the client address; failed attempts also count against one ceiling for the
 * whole app. Over any of them: 429 with Retry-After, before the password is checked. The API's
 * POST /sessions and the dashboard's sign-in share it, so they share the limits.
 */
export async function verifyLogin(db: Db, input: { email: string; password: string; address: string | null; now?: Date }): Promise<User> {
  const settings = env();
  const email = input.email.trim().toLowerCase();
  const windowSeconds = settings.SESSION_RATE_LIMIT_WINDOW_SECONDS;
  const now = input.now;
  await limitAttempts(db, { kind: "login", email, address: input.address, now });
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) {
    await hit(db, { key: FAILURES_KEY, limit: settings.LOGIN_FAILURE_CEILING, windowSeconds, now });
    throw new ApiError("unauthorized", "The email or password is wrong.", { headers: { "www-authenticate": REALM } });
  }
  return user;
}

/**
 * Logs in with email and password and returns the user's current token pair (the same pair on every
 * login until it is reset). Every attempt counts against the email and the client address.
 */
export async function createSession(
  db: Db,
  input: { email: string; password: string; address: string | null; now?: Date },
): Promise<SessionUser> {
  return tokensOf(await verifyLogin(db, input));
}

/**
 * The user's current token pair, decrypted. Only for a caller who just proved to be this user (password
 * or the dashboard's session). A pair this instance cannot open was sealed under another APP_SECRET:
 * the instances are misconfigured, and the pair stays as it is (it still authenticates everywhere;
 * issuing a new one here would silently break every integration using it).
 */
export function tokensOf(user: User): SessionUser {
  try {
    return {
      email: user.email,
      auth_token: decryptSecret(user.tokenEncrypted),
      auth_token_read_only: decryptSecret(user.readOnlyTokenEncrypted),
    };
  } catch {
    log().error({ user_id: user.id }, "The stored tokens cannot be decrypted with this instance's APP_SECRET");
    throw new ApiError(
      "server_misconfigured",
      "The API tokens cannot be shown by this server: its APP_SECRET differs from the one they were stored with. The tokens still work; an operator must give every instance the same APP_SECRET.",
    );
  }
}

/** Replaces both tokens; the old ones stop working with this commit. */
export async function resetTokens(db: Db, userId: number) {
  const { plain, columns } = issueTokenPair();
  await db
    .update(users)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return { auth_token: plain.token, auth_token_read_only: plain.readOnlyToken };
}

/**
 * The client's address as the trusted proxies saw it, or null when it cannot be known. Each of the
 * TRUSTED_PROXY_COUNT proxies appends the address it received from to X-Forwarded-For, so the client is
 * the entry that many places from the right; anything left of it the client wrote itself. Without a
 * trusted proxy the whole header is the client's own words (Next.js passes a sent header through, and
 * gives route handlers no socket), so it is not read at all.
 */
export function clientAddress(request: Request, trustedProxies = env().TRUSTED_PROXY_COUNT): string | null {
  if (trustedProxies === 0) return null;
  const entries = (request.headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  if (entries.length < trustedProxies) return null;
  return entries[entries.length - trustedProxies] || null;
}
