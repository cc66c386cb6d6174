import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { actingAs } from "@/lib/db/actor";
import { businesses, invitations, locations, users, type User } from "@/lib/db/schema";
import { createUser } from "@/lib/auth/accounts";
import { passwordErrors } from "@/lib/auth/password-policy";
import { aRole, type Role } from "@/lib/auth/permissions";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { hit } from "@/lib/db/rate-limit";
import { env } from "@/lib/server/env";
import { ApiError, invalid, notFound } from "@/lib/server/errors";
import { sendMail } from "@/lib/server/mail";
import type { AcceptInvitationInput, CreatedInvitationResponse, InviteInput } from "./schemas";
import { invitationJson, listWords, pendingAt, recordTeamActivity, usableLocations } from "./team";

// Invitations (venue-operations §3): an owner invites by email; the invitee gets a one-time link, valid
// 7 days, shown to the owner once (and mailed when mail is on), and chooses their name and password on
// it. Only the link token's SHA-256 is stored. One pending invitation per email and business: a new
// one revokes the earlier. Whether the email has an account elsewhere is not said (decision 075): an
// invitation is answered alike either way, and the accept is where an existing account is refused.

export const INVITATION_LIFETIME_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a browser reaches this app, for links: APP_URL, else http://127.0.0.1:PORT. */
export const appUrl = () => (env().APP_URL ?? `http://127.0.0.1:${env().PORT}`).replace(/\/$/, "");

const expired = () => new ApiError("invitation_expired", "The invitation has expired, was used or was revoked: ask for a new one.");

const HOUR_SECONDS = 3600;

/**
 * Counts one invitation against the business's hour and day (INVITATIONS_PER_HOUR, _PER_DAY); 429 with
 * Retry-After past either. Run in the invitation's transaction: a refused or failed one counts nothing.
 */
async function limitInvitations(db: Db, businessId: number, now: Date) {
  const settings = env();
  const results = await Promise.all([
    hit(db, { key: `invitations:hour:${businessId}`, limit: settings.INVITATIONS_PER_HOUR, windowSeconds: HOUR_SECONDS, now }),
    hit(db, { key: `invitations:day:${businessId}`, limit: settings.INVITATIONS_PER_DAY, windowSeconds: 24 * HOUR_SECONDS, now }),
  ]);
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(...blocked.map((result) => result.retryAfterSeconds));
  throw new ApiError("rate_limited", `Too many invitations from this business. Try again in ${retryAfter} seconds.`, {
    headers: { "retry-after": String(retryAfter) },
  });
}

/**
 * POST /team/invitations. Locations must be the business's and not archived (422 on `location_ids`);
 * a member of this business is 409 email_taken (the owner sees the team anyway). An email with an
 * account in another business is invited like any other: saying so would tell anyone who has an
 * account (decision 075); accepting it is refused then. At most INVITATIONS_PER_HOUR and _PER_DAY per
 * business (429). The link is mailed after the commit, so a slow mail server holds no lock; a mail
 * that could not be sent leaves a working link (`mailed: false`).
 */
export async function createInvitation(
  db: Db,
  {
    businessId,
    inviter,
    input,
    now = new Date(),
  }: { businessId: number; inviter: Pick<User, "id" | "name">; input: InviteInput; now?: Date },
): Promise<CreatedInvitationResponse> {
  const token = newToken();
  const { row, businessName, where } = await db.transaction(async (tx) => {
    // One invitation per email at a time: two owners inviting the same person at once take turns here,
    // and the second revokes the first's.
    const [business] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for("no key update");
    const names = input.locationIds ? await usableLocations(tx, businessId, input.locationIds) : [];
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), eq(users.businessId, businessId)))
      .limit(1);
    if (member) throw new ApiError("email_taken", `${input.email} is already on your team.`);
    await limitInvitations(tx, businessId, now);
    const earlier = await tx
      .update(invitations)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(eq(invitations.businessId, businessId), eq(invitations.email, input.email), pendingAt(now)))
      .returning();
    for (const old of earlier) {
      await recordTeamActivity(tx, {
        businessId,
        scopes: [old.locationIds],
        kind: "invitation.revoked",
        summary: `Replaced the earlier invitation of ${old.email}`,
        target: { type: "invitation", id: old.id },
      });
    }
    const [row] = await tx
      .insert(invitations)
      .values({
        businessId,
        email: input.email,
        role: input.role,
        locationIds: input.locationIds,
        tokenHash: hashToken(token),
        invitedBy: inviter.id,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const where = names.length > 0 ? listWords(names) : null;
    await recordTeamActivity(tx, {
      businessId,
      scopes: [input.locationIds],
      kind: "invitation.created",
      summary: `Invited ${input.email} as ${input.role}${where ? ` at ${where}` : ""}`,
      target: { type: "invitation", id: row!.id },
    });
    return { row: row!, businessName: business?.name ?? "", where };
  });
  const url = `${appUrl()}/invitations/accept?token=${token}`;
  const mailed = await sendMail({
    to: row.email,
    subject: `${inviter.name} invited you to ${businessName} on Taproom`,
    text: [
      `${inviter.name} invited you to join ${businessName} on Taproom as ${aRole(row.role)}${where ? ` at ${where}` : ""}.`,
      "",
      "Choose your name and password here to accept:",
      url,
      "",
      `The link works once and expires on ${row.expiresAt.toUTCString()}.`,
      "If you did not expect this invitation, ignore this mail.",
    ].join("\n"),
  });
  return { ...invitationJson(row), url, mailed };
}

/**
 * DELETE /team/invitations/:id: the link stops working. Another business's invitation is 404; an
 * accepted one is 409 (remove the member instead); one already revoked or expired changes nothing.
 */
export async function revokeInvitation(db: Db, { businessId, id, now = new Date() }: { businessId: number; id: number; now?: Date }) {
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.businessId, businessId)))
      .for("update");
    if (!invitation) throw notFound("invitation");
    if (invitation.acceptedAt) throw new ApiError("conflict", "The invitation was accepted: remove the member instead.");
    if (invitation.revokedAt || invitation.expiresAt <= now) return;
    await tx.update(invitations).set({ revokedAt: now, updatedAt: now }).where(eq(invitations.id, invitation.id));
    await recordTeamActivity(tx, {
      businessId,
      scopes: [invitation.locationIds],
      kind: "invitation.revoked",
      summary: `Revoked the invitation of ${invitation.email}`,
      target: { type: "invitation", id: invitation.id },
    });
  });
}

async function pendingInvitation(db: Db, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(token)), pendingAt(now)))
    .limit(1);
  return row ?? null;
}

export type InvitationPreview = {
  email: string;
  role: Role;
  businessName: string;
  /** The locations the invitee will work at, by name; empty for an owner (every location). */
  locationNames: string[];
  expiresAt: Date;
};

/** What an invitation link offers, for the acceptance page; null when it is unknown, used, revoked or expired. */
export async function peekInvitation(db: Db, token: string, now: Date = new Date()): Promise<InvitationPreview | null> {
  const invitation = await pendingInvitation(db, token, now);
  if (!invitation) return null;
  const [business] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, invitation.businessId));
  const places = invitation.locationIds
    ? await db
        .select({ name: locations.name })
        .from(locations)
        .where(and(eq(locations.businessId, invitation.businessId), inArray(locations.id, invitation.locationIds)))
        .orderBy(asc(locations.id))
    : [];
  return {
    email: invitation.email,
    role: invitation.role as Role,
    businessName: business?.name ?? "",
    locationNames: places.map((place) => place.name),
    expiresAt: invitation.expiresAt,
  };
}

/**
 * POST /invitations/accept (and the dashboard's POST /api/session/accept-invitation): the member's
 * account is made and the invitation marked used in one transaction, so a link works exactly once even
 * when two browsers send it at once. Unknown, used, revoked or expired: 410 invitation_expired; the
 * password rules: 422 on `password`; an email that has an account (in any business: one person, one
 * business) 409 email_taken, told only to whoever holds the link.
 * `via` names how the new member arrived, for the activity log.
 */
export async function acceptInvitation(
  db: Db,
  { token, name, password, via, now = new Date() }: AcceptInvitationInput & { via: "token" | "session"; now?: Date },
) {
  const found = await pendingInvitation(db, token, now);
  if (!found) throw expired();
  const problems = passwordErrors("password", password, found.email);
  if (problems.length > 0) throw invalid(problems);
  return db.transaction(async (tx) => {
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, found.id)).for("update");
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= now) throw expired();
    const created = await createUser(tx, {
      businessId: invitation.businessId,
      email: invitation.email,
      name,
      password,
      role: invitation.role as Role,
      locationIds: invitation.locationIds,
    });
    await tx.update(invitations).set({ acceptedAt: now, updatedAt: now }).where(eq(invitations.id, invitation.id));
    const { user } = created;
    // The new member wrote this one: nobody is signed in yet to name them.
    await actingAs({ user_id: user.id, name: user.name, via }, () =>
      recordTeamActivity(tx, {
        businessId: user.businessId,
        scopes: [user.locationIds],
        kind: "member.joined",
        summary: `${user.name} joined as ${user.role}`,
        target: { type: "member", id: user.id },
      }),
    );
    return created;
  });
}
