import { and, arrayOverlaps, asc, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invitations, locations, users, type User } from "@/lib/db/schema";
import { recordActivity } from "@/lib/activity/activity";
import { KEEPERS, keepsTheBusiness, type Role, worksEverywhere } from "@/lib/auth/permissions";
import { ApiError, invalid, notFound } from "@/lib/server/errors";
import type { InvitationResponse, MemberChange, MemberResponse, TeamResponse } from "./schemas";

// The team of a business (venue-operations §3): who is in it, what they may do where, and the rules
// that keep a business reachable (its last owner stays). Every write UPDATEs or DELETEs the member's
// users row: the database notifies every instance (migration 0009), which drops the member's kept
// callers and sessions (lib/live/read-cache.ts), so a demoted or removed member loses access at once.

/** Who is looking at the team: their business, and their locations (null: every one, as an owner). */
export type Viewer = { businessId: number; locationIds: number[] | null };

/** Invitations still usable at `now`: not accepted, not revoked, not expired. */
export const pendingAt = (now: Date) => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/**
 * Each member's latest write in the business, in one pass over the activity log and the menu changes
 * (both name the writer in `actor`), grouped by member: one statement for the whole team.
 */
const lastSeen = (businessId: number) => sql`(
  select seen.user_id, max(seen.at) as at from (
    select (a.actor->>'user_id')::integer as user_id, a.at from activity a
      where a.business_id = ${businessId} and a.actor->>'user_id' is not null
    union all
    select (c.actor->>'user_id')::integer, c.at from menu_changes c join locations l on l.id = c.location_id
      where l.business_id = ${businessId} and c.actor->>'user_id' is not null
  ) seen group by seen.user_id
) last_seen`;

const ROLE_ORDER = sql`array_position(array['owner', 'manager', 'staff']::text[], ${users.role})`;

async function memberRows(db: Db, businessId: number, where?: SQL) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      locationIds: users.locationIds,
      lastActiveAt: sql<Date | null>`last_seen.at`.mapWith(users.createdAt),
    })
    .from(users)
    .leftJoin(lastSeen(businessId), sql`last_seen.user_id = ${users.id}`)
    .where(and(eq(users.businessId, businessId), where))
    .orderBy(ROLE_ORDER, asc(sql`lower(${users.name})`), asc(users.id));
}

type MemberRow = Awaited<ReturnType<typeof memberRows>>[number];

/**
 * The locations of a member or an invitation as `viewer` may see them: all of them for an owner; for a
 * manager only the ones they share, so the view names no location out of the manager's sight.
 */
const visibleIds = (ids: number[] | null, viewer: Viewer) =>
  ids === null || viewer.locationIds === null ? ids : ids.filter((id) => viewer.locationIds!.includes(id));

function memberJson(row: MemberRow, viewer: Viewer): MemberResponse {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    location_ids: visibleIds(row.locationIds, viewer),
    last_active_at: row.lastActiveAt ? new Date(row.lastActiveAt).toISOString() : null,
  };
}

export function invitationJson(row: typeof invitations.$inferSelect, viewer?: Viewer): InvitationResponse {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    location_ids: viewer ? visibleIds(row.locationIds, viewer) : row.locationIds,
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * GET /team. An owner sees every member and every pending invitation. A manager (who may read the
 * team but not change it) sees the owners and the members and invitations that share at least one of
 * their locations: the people they work with and whom they answer to, not the staff of venues they do
 * not run. Owner invitations count as owners.
 */
export async function listTeam(db: Db, viewer: Viewer, now: Date = new Date()): Promise<TeamResponse> {
  const scoped = viewer.locationIds;
  const members = await memberRows(
    db,
    viewer.businessId,
    scoped === null ? undefined : or(eq(users.role, "owner"), arrayOverlaps(users.locationIds, scoped.length > 0 ? scoped : [-1])),
  );
  const pending = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.businessId, viewer.businessId),
        pendingAt(now),
        scoped === null
          ? undefined
          : or(eq(invitations.role, "owner"), arrayOverlaps(invitations.locationIds, scoped.length > 0 ? scoped : [-1])),
      ),
    )
    .orderBy(asc(invitations.id));
  return { members: members.map((row) => memberJson(row, viewer)), invitations: pending.map((row) => invitationJson(row, viewer)) };
}

/** One member as an owner sees it (PATCH /team/:id's answer). */
export async function readMember(db: Db, businessId: number, id: number): Promise<MemberResponse> {
  const [row] = await memberRows(db, businessId, eq(users.id, id));
  if (!row) throw notFound("member");
  return memberJson(row, { businessId, locationIds: null });
}

/**
 * The names of the business's locations `ids`, in order. Each must be a location of the business that
 * is not archived, except those in `kept` (a member's current locations: one archived since stays
 * theirs, so it comes back with its location); else 422 on `location_ids`.
 */
export async function usableLocations(db: Db, businessId: number, ids: number[], kept: readonly number[] = []): Promise<string[]> {
  const rows = await db
    .select({ id: locations.id, name: locations.name, archivedAt: locations.archivedAt })
    .from(locations)
    .where(and(eq(locations.businessId, businessId), inArray(locations.id, ids.length > 0 ? ids : [-1])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const bad = ids.filter((id) => {
    const row = byId.get(id);
    return !row || (row.archivedAt !== null && !kept.includes(id));
  });
  if (bad.length > 0) {
    throw invalid([
      {
        path: "location_ids",
        message: `must name locations of your business that are not archived: ${bad.join(", ")} ${bad.length === 1 ? "is" : "are"} not`,
      },
    ]);
  }
  return ids.map((id) => byId.get(id)!.name);
}

/** "A", "A and B", "A, B and C". */
export const listWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/**
 * Records a team write in the activity log (venue-operations §5): one row for each location it
 * concerns, so each location's log shows the people who work there, and one with no location when it
 * concerns an owner (every location: the business as a whole).
 */
export async function recordTeamActivity(
  db: Db,
  entry: { businessId: number; scopes: (number[] | null)[]; kind: string; summary: string; target: { type: string; id: number } },
) {
  const ids = new Set<number | null>();
  for (const scope of entry.scopes) {
    if (scope === null) ids.add(null);
    else for (const id of scope) ids.add(id);
  }
  for (const locationId of ids) {
    await recordActivity(db, { businessId: entry.businessId, locationId, kind: entry.kind, summary: entry.summary, target: entry.target });
  }
}

/**
 * Locks the business's owners' rows for the rest of the transaction and answers their ids. Every write
 * that could leave the business without an owner takes this lock first, so two owners demoting or
 * removing each other at once cannot both succeed: the second waits, then sees one owner left.
 */
async function lockOwners(tx: Db, businessId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, businessId), inArray(users.role, [...KEEPERS])))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((row) => row.id);
}

async function lockMember(tx: Db, businessId: number, id: number): Promise<User> {
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.businessId, businessId)))
    .for("update");
  if (!member) throw notFound("member");
  return member;
}

const lastOwner = (what: string) =>
  new ApiError("last_owner", `This is the business's last owner and cannot be ${what}: make another member an owner first.`);

const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y).join(",");
const sameIds = (a: number[] | null, b: number[] | null) => (a === null || b === null ? a === b : sorted(a) === sorted(b));

/** The member's role and locations after `change`, checked: an owner has none, anyone else at least one. */
async function nextScope(tx: Db, member: User, change: MemberChange): Promise<{ role: Role; locationIds: number[] | null }> {
  const role = change.role ?? (member.role as Role);
  if (worksEverywhere(role)) {
    if (change.locationIds) {
      throw invalid([{ path: "location_ids", message: "must be null or left out for an owner: owners work at every location" }]);
    }
    return { role, locationIds: null };
  }
  if (change.locationIds === undefined) {
    if (member.locationIds === null) {
      throw invalid([{ path: "location_ids", message: `is required when an owner becomes a ${role}: name the locations they work at` }]);
    }
    return { role, locationIds: member.locationIds };
  }
  if (change.locationIds === null) throw invalid([{ path: "location_ids", message: `must name at least one location for a ${role}` }]);
  await usableLocations(tx, member.businessId, change.locationIds, member.locationIds ?? []);
  return { role, locationIds: change.locationIds };
}

/**
 * PATCH /team/:id: a member's new role, locations or both. A member of another business is 404; the
 * last owner cannot be made a manager or staff (409 last_owner). Changing nothing writes nothing.
 */
export async function updateMember(db: Db, { businessId, id, change }: { businessId: number; id: number; change: MemberChange }) {
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, businessId);
    const member = await lockMember(tx, businessId, id);
    const next = await nextScope(tx, member, change);
    if (keepsTheBusiness(member.role) && !keepsTheBusiness(next.role) && owners.every((owner) => owner === member.id))
      throw lastOwner("demoted");
    if (next.role === member.role && sameIds(next.locationIds, member.locationIds)) return;
    await tx.update(users).set({ role: next.role, locationIds: next.locationIds, updatedAt: new Date() }).where(eq(users.id, member.id));
    // "Sam Lee: staff → manager"; the locations too when they changed ("Sam Lee: staff at Harbor").
    const moved = next.locationIds !== null && !sameIds(next.locationIds, member.locationIds);
    const where = moved ? listWords(await usableLocations(tx, businessId, next.locationIds!, next.locationIds!)) : null;
    const roles = next.role === member.role ? member.role : `${member.role} → ${next.role}`;
    await recordTeamActivity(tx, {
      businessId,
      scopes: [member.locationIds, next.locationIds],
      kind: "member.updated",
      summary: `${member.name}: ${roles}${where ? ` at ${where}` : ""}`,
      target: { type: "member", id: member.id },
    });
  });
  return readMember(db, businessId, id);
}

/**
 * DELETE /team/:id: the member's account goes, and with it their tokens, browser sessions and
 * password-reset links (foreign keys cascade; the deletes notify every instance). What they wrote
 * stays, under their name. The last owner cannot be removed (409 last_owner).
 */
export async function removeMember(db: Db, { businessId, id }: { businessId: number; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, businessId);
    const member = await lockMember(tx, businessId, id);
    if (keepsTheBusiness(member.role) && owners.every((owner) => owner === member.id)) throw lastOwner("removed");
    await recordTeamActivity(tx, {
      businessId,
      scopes: [member.locationIds],
      kind: "member.removed",
      summary: `Removed ${member.name}`,
      target: { type: "member", id: member.id },
    });
    await tx.delete(users).where(eq(users.id, member.id));
  });
}
