import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys, browserSessions, passwordResets, type User, users } from "@/lib/db/schema";
import { ApiError, type FieldError, invalid } from "@/lib/server/errors";
import { hashPassword } from "./password";
import { passwordErrors } from "./password-policy";
import type { LoginClient } from "./login-limits";
import { resetTokens, verifyLogin } from "./sessions";
import { hashToken } from "./tokens";

// Account security (venue-operations §4): changing one's password, and signing out everywhere. Browser
// sessions end by deleting their rows, which notifies every instance (each drops what it kept of them);
// a password change also writes the users row, which drops the user's kept callers everywhere. Those
// notifications are what ends a stream opened with a credential that stopped working (lib/live/stream.ts),
// on whichever instance holds it.

/**
 * Ends the user's browser sessions, all of them or all but the one `keepToken` (a cookie value) names.
 * Run it in the transaction of the change that calls for it.
 */
export async function endBrowserSessionsOf(db: Db, userId: number, keepToken: string | null = null): Promise<void> {
  const keep = keepToken ? ne(browserSessions.tokenHash, hashToken(keepToken)) : undefined;
  await db.delete(browserSessions).where(and(eq(browserSessions.userId, userId), keep));
}

/**
 * Sets the user's password (already checked against the rules) and stamps the row, so every instance
 * drops what it kept of the user. Reset links still outstanding stop working: a link mailed before the
 * change must not undo it.
 */
export async function setPassword(db: Db, userId: number, password: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: now })
    .where(eq(users.id, userId));
  await db
    .update(passwordResets)
    .set({ usedAt: now, updatedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * After a new password (issue 47 row 8, decision 075): a change or reset after a compromise must not
 * leave the intruder's credentials alive. Every other browser session ends and, unless the person
 * chose to keep them, their API token pair is replaced and the integration keys they made are
 * revoked. Run it in the transaction that sets the password.
 */
export async function endCredentialsOf(
  db: Db,
  userId: number,
  { keepSession, keepApiKeys }: { keepSession: string | null; keepApiKeys: boolean },
): Promise<void> {
  await endBrowserSessionsOf(db, userId, keepSession);
  if (keepApiKeys) return;
  await resetTokens(db, userId);
  await db.delete(apiKeys).where(eq(apiKeys.createdBy, userId));
}

export type ChangePasswordInput = {
  user: User;
  currentPassword: string;
  newPassword: string;
  /** The client, for the login limits the current password is checked under. */
  client: LoginClient;
  /** The cookie value of the browser session the change came from: that session stays signed in. */
  keepSession: string | null;
  /** Keep the API tokens and integration keys working (they end otherwise). */
  keepApiKeys: boolean;
  now?: Date;
};

/**
 * POST /current_user/password. The current password is checked as a login is (the same limits, 429
 * over them); a wrong one is 422 on `current_password`, a new one that breaks the rules 422 on
 * `new_password`, both at once when both are wrong, and nothing changes. Then, in one transaction: the
 * new password, and every other browser session, API token and integration key of the user ends
 * (`endCredentialsOf`; the tokens and keys stay with `keepApiKeys`).
 */
export async function changePassword(db: Db, input: ChangePasswordInput): Promise<void> {
  const now = input.now ?? new Date();
  const errors: FieldError[] = [];
  try {
    await verifyLogin(db, { email: input.user.email, password: input.currentPassword, client: input.client, now: input.now });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "unauthorized") throw error;
    errors.push({ path: "current_password", message: "is not your current password" });
  }
  errors.push(...passwordErrors("new_password", input.newPassword, input.user.email));
  if (errors.length === 0 && input.newPassword === input.currentPassword) {
    errors.push({ path: "new_password", message: "must differ from your current password" });
  }
  if (errors.length > 0) throw invalid(errors, "The password was not changed.");
  await db.transaction(async (tx) => {
    await setPassword(tx, input.user.id, input.newPassword, now);
    await endCredentialsOf(tx, input.user.id, { keepSession: input.keepSession, keepApiKeys: input.keepApiKeys });
  });
}

/** DELETE /current_user/sessions: every browser session of the user ends, the caller's own too. */
export async function signOutEverywhere(db: Db, userId: number): Promise<void> {
  await endBrowserSessionsOf(db, userId);
}
