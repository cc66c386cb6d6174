import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxBeers, sandboxCheckins, sandboxComments, sandboxFriendships, sandboxToasts, sandboxUsers } from "@/sandbox/schema";
import type { SandboxUser } from "../auth";
import { involving } from "./relations";
import { qualified } from "./sql";

const NOTIFICATION_WINDOW = 25;

/** The envelope's notifications block for a signed-in caller: what arrived since they last read. */
export async function unreadCounts(db: Db, user: SandboxUser) {
  // Correlated with the user row, so a read marked earlier in the same request counts.
  const since = sql`coalesce(${qualified(sandboxUsers.notificationsReadAt)}, '-infinity'::timestamptz)`;
  const mine = sql`(select ${qualified(sandboxCheckins.id)} from ${sandboxCheckins} where ${qualified(sandboxCheckins.userId)} = ${user.id})`;
  const [counts] = await db
    .select({
      comments: sql<number>`(select count(*) from ${sandboxComments} where ${qualified(sandboxComments.checkinId)} in ${mine}
        and ${qualified(sandboxComments.userId)} <> ${user.id} and ${qualified(sandboxComments.createdAt)} > ${since})::int`,
      toasts: sql<number>`(select count(*) from ${sandboxToasts} where ${qualified(sandboxToasts.checkinId)} in ${mine}
        and ${qualified(sandboxToasts.userId)} <> ${user.id} and ${qualified(sandboxToasts.createdAt)} > ${since})::int`,
      friends: sql<number>`(select count(*) from ${sandboxFriendships} where ${and(involving(user.id), eq(sandboxFriendships.status, "pending"), ne(sandboxFriendships.requesterId, user.id))})::int`,
    })
    .from(sandboxUsers)
    .where(eq(sandboxUsers.id, user.id));
  return { type: "notifications", unread_count: { ...counts!, messages: 0, news: 0 } };
}

type Notification = {
  type: "toast" | "comment";
  id: number;
  createdAt: Date;
  actor: SandboxUser;
  checkinId: number;
  beer: typeof sandboxBeers.$inferSelect;
  comment?: string;
};

/** The newest 25 toasts and comments others left on the user's check-ins, newest first. */
export async function latestNotifications(db: Db, user: SandboxUser): Promise<Notification[]> {
  const common = { actor: sandboxUsers, checkinId: sandboxCheckins.id, beer: sandboxBeers };
  const [toasts, comments] = await Promise.all([
    db
      .select({ ...common, id: sandboxToasts.id, createdAt: sandboxToasts.createdAt })
      .from(sandboxToasts)
      .innerJoin(sandboxCheckins, eq(sandboxCheckins.id, sandboxToasts.checkinId))
      .innerJoin(sandboxUsers, eq(sandboxUsers.id, sandboxToasts.userId))
      .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxCheckins.beerId))
      .where(and(eq(sandboxCheckins.userId, user.id), ne(sandboxToasts.userId, user.id)))
      .orderBy(desc(sandboxToasts.createdAt), desc(sandboxToasts.id))
      .limit(NOTIFICATION_WINDOW),
    db
      .select({ ...common, id: sandboxComments.id, createdAt: sandboxComments.createdAt, comment: sandboxComments.comment })
      .from(sandboxComments)
      .innerJoin(sandboxCheckins, eq(sandboxCheckins.id, sandboxComments.checkinId))
      .innerJoin(sandboxUsers, eq(sandboxUsers.id, sandboxComments.userId))
      .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxCheckins.beerId))
      .where(and(eq(sandboxCheckins.userId, user.id), ne(sandboxComments.userId, user.id)))
      .orderBy(desc(sandboxComments.createdAt), desc(sandboxComments.id))
      .limit(NOTIFICATION_WINDOW),
  ]);
  return [...toasts.map((row) => ({ ...row, type: "toast" as const })), ...comments.map((row) => ({ ...row, type: "comment" as const }))]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, NOTIFICATION_WINDOW);
}

export async function markNotificationsRead(db: Db, user: SandboxUser, now: Date) {
  await db.update(sandboxUsers).set({ notificationsReadAt: now }).where(eq(sandboxUsers.id, user.id));
}
