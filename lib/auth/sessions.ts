import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { ApiError } from "@/lib/server/errors";
import { REALM } from "@/lib/auth/caller";
import type { User } from "@/lib/db/schema";
import { decoyHash, verifyPassword } from "@/lib/auth/password";
import { decryptSecret, issueTokenPair } from "@/lib/auth/tokens";
import { log } from "@/lib/server/log";
import { knownDevice } from "@/lib/auth/devices";
import { countFailedLogin, limitAttempts, type LoginClient } from "@/lib/auth/login-limits";

export type SessionUser = { email: string; auth_token: string; auth_token_read_only: string };

/**
 * Checks email and password and returns the user. The attempt is counted and may be refused (429 with
 * Retry-After) before the password is checked, by the login limits (lib/auth/login-limits.ts): against
 * the account and the client address, or, from a browser that signed in to this account before,
 * against that browser alone. A failure also counts against the account's run of failures.
 * The API's POST /sessions, the dashboard's sign-in and the password change share it.
 */
export async function verifyLogin(db: Db, input: { email: string; password: string; client: LoginClient; now?: Date }): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const { now } = input;
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const device = user ? knownDevice(input.client.device, user.id) : null;
  await limitAttempts(db, { kind: "login", email, address: input.client.address, device, now });
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) {
    await countFailedLogin(db, { email, device, now });
    throw new ApiError("unauthorized", "The email or password is wrong.", { headers: { "www-authenticate": REALM } });
  }
  return user;
}

/**
 * Logs in with email and password and returns the user's current token pair (the same pair on every
 * login until it is reset), under the login limits.
 */
export async function createSession(
  db: Db,
  input: { email: string; password: string; client: LoginClient; now?: Date },
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
