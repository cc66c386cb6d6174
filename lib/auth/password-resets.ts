import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { passwordResets, users } from "@/lib/db/schema";
import { recordActivity } from "@/lib/activity/activity";
import { env } from "@/lib/server/env";
import { ApiError, invalid, notFound } from "@/lib/server/errors";
import { mailEnabled, sendMail } from "@/lib/server/mail";
import type { MemberPasswordResetResponse } from "@/lib/auth/schemas/password-resets";
import { endCredentialsOf, setPassword } from "./account-security";
import { passwordErrors } from "./password-policy";
import { limitAttempts } from "./login-limits";
import { hashToken, newToken } from "./tokens";

// Password resets (venue-operations §4): a one-time link `${APP_URL}/reset-password?token=…`, valid one
// hour, asked for by email (and mailed when SMTP_URL is set) or made by an owner for a member to hand
// over. Only the token's SHA-256 is stored; the link is shown or mailed once. Using it sets the
// password, spends the link (and every other outstanding one of the user) and ends every browser session.

export const RESET_LIFETIME_SECONDS = 60 * 60;

// newToken(): 43 URL-safe characters. Anything else cannot be a link of ours and is not looked up.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const linkExpired = () => new ApiError("link_expired", "This password reset link has expired or was already used: ask for a new one.");

/** Where a browser reaches the app (APP_URL, default http://127.0.0.1:PORT), without a trailing slash. */
function appUrl(): string {
  const settings = env();
  return (settings.APP_URL ?? `http://127.0.0.1:${settings.PORT}`).replace(/\/+$/, "");
}

/** A new link for the user: its row is written in `db` (a transaction of the caller's, if any). */
async function issueLink(db: Db, userId: number, now: Date): Promise<{ url: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + RESET_LIFETIME_SECONDS * 1000);
  await db.insert(passwordResets).values({ userId, tokenHash: hashToken(token), expiresAt, createdAt: now, updatedAt: now });
  return { url: `${appUrl()}/reset-password?token=${token}`, expiresAt };
}

export type ResetRequest = {
  /** Whether this server sends mail at all (the answer says so; it is not about the account). */
  mailEnabled: boolean;
  /**
   * The mail on its way, when an account uses the email and mail is on; null otherwise. The route does
   * not wait for it: how long an answer takes must not tell whether the email has an account.
   */
  mail: Promise<boolean> | null;
};

/**
 * POST /password_resets: counts against limits per email and per client address (the login limits'
 * sizes, their own counts: asking for links must not lock anyone out of signing in), then, when an
 * account uses the email, makes a link and mails it. The same answer either way.
 */
export async function requestPasswordReset(db: Db, input: { email: string; address: string | null; now?: Date }): Promise<ResetRequest> {
  const now = input.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  await limitAttempts(db, { kind: "password_reset", email, address: input.address, now });
  const enabled = mailEnabled();
  // Without mail there is no one to give a link to: nothing is written.
  if (!enabled) return { mailEnabled: false, mail: null };
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { mailEnabled: true, mail: null };
  const { url } = await issueLink(db, user.id, now);
  const mail = sendMail({
    to: user.email,
    subject: "Reset your Taproom password",
    text: [
      `Someone, hopefully you, asked to reset the password of the Taproom account ${user.email}.`,
      "",
      "Open this link within the hour to choose a new password:",
      url,
      "",
      "The link works once. If you did not ask for it, ignore this mail: your password stays as it is.",
    ].join("\n"),
  });
  return { mailEnabled: true, mail };
}

/**
 * POST /team/:id/password_reset (owners): a link for a member of the caller's business (404 for anyone
 * else), to hand over; recorded in the activity log with the link, in one transaction.
 */
export async function createMemberResetLink(
  db: Db,
  input: { businessId: number; memberId: number; now?: Date },
): Promise<MemberPasswordResetResponse> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.id, input.memberId), eq(users.businessId, input.businessId)))
      .limit(1);
    if (!member) throw notFound("member");
    const { url, expiresAt } = await issueLink(tx, member.id, now);
    await recordActivity(tx, {
      businessId: input.businessId,
      locationId: null,
      kind: "member.password_reset",
      summary: `Password reset link made for ${member.name ? `${member.name} (${member.email})` : member.email}`,
      target: { type: "member", id: member.id },
    });
    return { url, expires_at: expiresAt.toISOString() };
  });
}

/**
 * POST /password_resets/complete: a link that is unknown, used or expired is 410 link_expired; a
 * password that breaks the rules 422 on `password`; either way nothing changes. Otherwise, in one
 * transaction: the link is spent (only one of two racing uses wins), the password set, every other
 * outstanding link spent, and every browser session, API token and integration key of the user ended
 * (the tokens and keys kept with `keepApiKeys`).
 */
export async function completePasswordReset(
  db: Db,
  input: { token: string; password: string; keepApiKeys?: boolean; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  if (!TOKEN_SHAPE.test(input.token)) throw linkExpired();
  const tokenHash = hashToken(input.token);
  const live = and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
  const [found] = await db
    .select({ userId: users.id, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(live)
    .limit(1);
  if (!found) throw linkExpired();
  const problems = passwordErrors("password", input.password, found.email);
  if (problems.length > 0) throw invalid(problems, "The password was not changed.");
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now, updatedAt: now })
      .where(live)
      .returning({ userId: passwordResets.userId });
    if (!spent) throw linkExpired();
    await setPassword(tx, spent.userId, input.password, now);
    await endCredentialsOf(tx, spent.userId, { keepSession: null, keepApiKeys: input.keepApiKeys ?? false });
  });
}
