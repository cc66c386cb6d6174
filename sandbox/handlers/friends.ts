import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { sandboxFriendships, sandboxUsers } from "@/sandbox/schema";
import type { SandboxUser } from "../auth";
import type { Ctx } from "../context";
import { involving, otherSide, pair, viewerFor } from "../data/relations";
import { requireViewer, targetById } from "../data/users";
import { invalidParam } from "../errors";
import { parseParams, whole } from "../params";
import { userJson } from "../serialize/user";
import { rfc1123 } from "../time";

type RequestType = "request" | "accept" | "reject" | "remove";

const pairOf = (a: number, b: number) => {
  const { userLow, userHigh } = pair(a, b);
  return and(eq(sandboxFriendships.userLow, userLow), eq(sandboxFriendships.userHigh, userHigh));
};

async function answer(ctx: Ctx, me: SandboxUser, target: SandboxUser, type: RequestType) {
  // Relationships changed: read them again for the answer.
  const viewer = await viewerFor(ctx.db, me);
  return { result: "success", request_type: type, target_user: userJson(target, viewer) };
}

// GET /v4/friend/request/TARGET_ID — a pending request from the caller to TARGET_ID
export async function requestFriend(ctx: Ctx) {
  const me = requireViewer(ctx);
  const target = await targetById(ctx);
  if (target.id === me.id) throw invalidParam("You cannot send a friend request to yourself.");
  const created = await ctx.db
    .insert(sandboxFriendships)
    .values({ ...pair(me.id, target.id), requesterId: me.id, status: "pending", createdAt: ctx.now })
    .onConflictDoNothing()
    .returning({ status: sandboxFriendships.status });
  if (created.length === 0) {
    const [existing] = await ctx.db.select().from(sandboxFriendships).where(pairOf(me.id, target.id)).limit(1);
    if (existing?.status === "accepted") throw invalidParam("You are already friends with this user.");
    if (existing?.requesterId === me.id) throw invalidParam("You have already sent this user a friend request.");
    throw invalidParam("This user has already sent you a friend request: accept it instead.");
  }
  return answer(ctx, me, target, "request");
}

// GET /v4/friend/accept/TARGET_ID — accepts the pending request TARGET_ID sent to the caller
export async function acceptFriend(ctx: Ctx) {
  const me = requireViewer(ctx);
  const target = await targetById(ctx);
  const accepted = await ctx.db
    .update(sandboxFriendships)
    .set({ status: "accepted", acceptedAt: ctx.now })
    .where(
      and(
        pairOf(me.id, target.id),
        eq(sandboxFriendships.status, "pending"),
        eq(sandboxFriendships.requesterId, target.id),
        ne(sandboxFriendships.requesterId, me.id),
      ),
    )
    .returning({ status: sandboxFriendships.status });
  if (accepted.length === 0) throw invalidParam("There is no pending friend request from this user to you.");
  return answer(ctx, me, target, "accept");
}

// GET /v4/friend/reject/TARGET_ID — declines the pending request TARGET_ID sent to the caller
export async function rejectFriend(ctx: Ctx) {
  const me = requireViewer(ctx);
  const target = await targetById(ctx);
  const rejected = await ctx.db
    .delete(sandboxFriendships)
    .where(
      and(
        pairOf(me.id, target.id),
        eq(sandboxFriendships.status, "pending"),
        eq(sandboxFriendships.requesterId, target.id),
        ne(sandboxFriendships.requesterId, me.id),
      ),
    )
    .returning({ status: sandboxFriendships.status });
  if (rejected.length === 0) throw invalidParam("There is no pending friend request from this user to you.");
  return answer(ctx, me, target, "reject");
}

// GET /v4/friend/remove/TARGET_ID — ends an accepted friendship
export async function removeFriend(ctx: Ctx) {
  const me = requireViewer(ctx);
  const target = await targetById(ctx);
  const removed = await ctx.db
    .delete(sandboxFriendships)
    .where(and(pairOf(me.id, target.id), eq(sandboxFriendships.status, "accepted")))
    .returning({ status: sandboxFriendships.status });
  if (removed.length === 0) throw invalidParam("You are not friends with this user.");
  return answer(ctx, me, target, "remove");
}

const pendingParams = z.object({ offset: whole("offset").default(0), limit: whole("limit", 1).optional() });

// GET /v4/user/pending — requests waiting for the caller's answer, newest first; limit defaults to all
export async function pendingRequests(ctx: Ctx) {
  const me = requireViewer(ctx);
  const { offset, limit } = parseParams(pendingParams, ctx.params);
  const query = ctx.db
    .select({ user: sandboxUsers, createdAt: sandboxFriendships.createdAt })
    .from(sandboxFriendships)
    .innerJoin(sandboxUsers, eq(sandboxUsers.id, otherSide(me.id)))
    .where(and(involving(me.id), eq(sandboxFriendships.status, "pending"), ne(sandboxFriendships.requesterId, me.id)))
    .orderBy(desc(sandboxFriendships.createdAt), sandboxUsers.id)
    .offset(offset);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return { count: rows.length, items: rows.map((row) => ({ created_at: rfc1123(row.createdAt), user: userJson(row.user, ctx.viewer) })) };
}
