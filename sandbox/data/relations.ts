import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxFriendships } from "@/sandbox/schema";
import type { SandboxUser } from "../auth";
import type { Relationship, Viewer } from "../context";

/** The ordered pair a friendship row is stored under. */
export const pair = (a: number, b: number) => ({ userLow: Math.min(a, b), userHigh: Math.max(a, b) });

export const involving = (userId: number) => or(eq(sandboxFriendships.userLow, userId), eq(sandboxFriendships.userHigh, userId));

/** The other side of a friendship row, seen from `userId`. */
export const otherSide = (userId: number) =>
  sql<number>`case when ${sandboxFriendships.userLow} = ${userId} then ${sandboxFriendships.userHigh} else ${sandboxFriendships.userLow} end`;

/** Accepted friends' ids, as a sub-query. */
export function friendIds(db: Db, userId: number) {
  return db
    .select({ id: otherSide(userId) })
    .from(sandboxFriendships)
    .where(and(involving(userId), eq(sandboxFriendships.status, "accepted")));
}

/** Loads every friendship of the viewer once per request (one query). */
export async function viewerFor(db: Db, user: SandboxUser | null): Promise<Viewer> {
  if (!user) return { user: null, relation: () => null };
  const rows = await db
    .select({ other: otherSide(user.id), status: sandboxFriendships.status, requesterId: sandboxFriendships.requesterId })
    .from(sandboxFriendships)
    .where(involving(user.id));
  const relations = new Map<number, Relationship>(
    rows.map((row) => [
      row.other,
      row.status === "accepted" ? "friends" : row.requesterId === user.id ? "request_sent" : "request_received",
    ]),
  );
  return { user, relation: (userId) => (userId === user.id ? "self" : (relations.get(userId) ?? "none")) };
}

/** Private accounts show their activity to themselves and their friends only. */
export function canSee(viewer: Viewer, owner: Pick<SandboxUser, "id" | "isPrivate">): boolean {
  if (!owner.isPrivate) return true;
  const relation = viewer.relation(owner.id);
  return relation === "self" || relation === "friends";
}
