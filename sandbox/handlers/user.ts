import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  sandboxBadges,
  sandboxBeers,
  sandboxBreweries,
  sandboxCheckins,
  sandboxFriendships,
  sandboxUserBadges,
  sandboxUsers,
} from "@/sandbox/schema";
import type { SandboxUser } from "../auth";
import type { Ctx } from "../context";
import { byUser, checkinItems, checkinPage } from "../data/checkins";
import { canSee, involving, otherSide } from "../data/relations";
import { qualified } from "../data/sql";
import { assertVisible, targetUser } from "../data/users";
import { paging, parseParams } from "../params";
import { earnedBadgeJson } from "../serialize/badge";
import { beerJson } from "../serialize/beer";
import { breweryJson } from "../serialize/brewery";
import { userJson } from "../serialize/user";
import { rfc1123 } from "../time";
import { emptyBlock, isCompact } from "./blocks";

const EMBEDDED = 15;

async function userStats(ctx: Ctx, userId: number) {
  const [stats] = await ctx.db
    .select({
      total_badges: sql<number>`(select count(*) from ${sandboxUserBadges} where ${qualified(sandboxUserBadges.userId)} = ${userId})::int`,
      total_friends: sql<number>`(select count(*) from ${sandboxFriendships} where (${qualified(sandboxFriendships.userLow)} = ${userId} or ${qualified(sandboxFriendships.userHigh)} = ${userId}) and ${qualified(sandboxFriendships.status)} = 'accepted')::int`,
      total_checkins: sql<number>`(select count(*) from ${sandboxCheckins} where ${qualified(sandboxCheckins.userId)} = ${userId})::int`,
      total_beers: sql<number>`(select count(distinct ${qualified(sandboxCheckins.beerId)}) from ${sandboxCheckins} where ${qualified(sandboxCheckins.userId)} = ${userId})::int`,
    })
    .from(sandboxUsers)
    .where(eq(sandboxUsers.id, userId));
  return { ...stats!, total_created_beers: 0, total_followings: 0, total_photos: 0 };
}

/** Filled for the account's own token only; otherwise an empty array, the platform's empty block. */
function settingsOf(ctx: Ctx, user: SandboxUser) {
  if (ctx.viewer.user?.id !== user.id) return [];
  return {
    badge: { badges_to_social_1: 0, badges_to_social_2: 0 },
    checkin: { checkin_to_social_1: 0, checkin_to_social_2: 0, checkin_to_directory: 0 },
    navigation: { default_to_checkin: 0 },
    email_address: user.email,
  };
}

async function recentBrews(ctx: Ctx, userId: number) {
  const rows = await ctx.db
    .select({ beer: sandboxBeers, brewery: sandboxBreweries })
    .from(sandboxCheckins)
    .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxCheckins.beerId))
    .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
    .where(eq(sandboxCheckins.userId, userId))
    .groupBy(sandboxBeers.id, sandboxBreweries.id)
    .orderBy(desc(sql`max(${sandboxCheckins.id})`))
    .limit(EMBEDDED);
  return { count: rows.length, items: rows.map((row) => ({ beer: beerJson(row.beer), brewery: breweryJson(row.brewery) })) };
}

// GET /v4/user/info/USERNAME — compact=true leaves out checkins, media and recent_brews
export async function userInfo(ctx: Ctx) {
  const user = await targetUser(ctx);
  const record = {
    ...userJson(user, ctx.viewer),
    account_type: "user",
    date_joined: rfc1123(user.createdAt),
    stats: await userStats(ctx, user.id),
    settings: settingsOf(ctx, user),
  };
  if (isCompact(ctx)) return { user: record };
  if (!canSee(ctx.viewer, user)) return { user: { ...record, recent_brews: emptyBlock(), checkins: emptyBlock(), media: emptyBlock() } };
  const [brews, recent] = await Promise.all([recentBrews(ctx, user.id), checkinPage(ctx.db, byUser(user.id), { limit: EMBEDDED })]);
  const checkins = await checkinItems(ctx.db, recent.rows, ctx.viewer);
  return { user: { ...record, recent_brews: brews, checkins: { count: checkins.length, items: checkins }, media: emptyBlock() } };
}

const friendshipHash = (a: number, b: number) =>
  createHash("sha1")
    .update(`${Math.min(a, b)}:${Math.max(a, b)}`)
    .digest("hex");

// GET /v4/user/friends/USERNAME — 25 per call
export async function userFriends(ctx: Ctx) {
  const user = await targetUser(ctx);
  assertVisible(ctx, user);
  const { offset, limit } = parseParams(z.object(paging(25, 25)), ctx.params);
  const rows = await ctx.db
    .select({ friend: sandboxUsers, since: sandboxFriendships.acceptedAt, found: sql<number>`(count(*) over ())::int` })
    .from(sandboxFriendships)
    .innerJoin(sandboxUsers, eq(sandboxUsers.id, otherSide(user.id)))
    .where(and(involving(user.id), eq(sandboxFriendships.status, "accepted")))
    .orderBy(desc(sandboxFriendships.acceptedAt), sandboxUsers.id)
    .offset(offset)
    .limit(limit);
  return {
    found: rows[0]?.found ?? 0,
    count: rows.length,
    items: rows.map((row) => ({
      friendship_hash: friendshipHash(user.id, row.friend.id),
      created_at: rfc1123(row.since!),
      user: userJson(row.friend, ctx.viewer),
    })),
  };
}

const LAST_BADGES = 50;

// GET /v4/user/badges/USERNAME — the last 50 earned, newest first; offset/limit page within them
export async function userBadges(ctx: Ctx) {
  const user = await targetUser(ctx);
  assertVisible(ctx, user);
  const { offset, limit } = parseParams(z.object(paging(LAST_BADGES, LAST_BADGES)), ctx.params);
  const take = Math.max(0, Math.min(limit, LAST_BADGES - offset));
  const rows =
    take === 0
      ? []
      : await ctx.db
          .select({ earned: sandboxUserBadges, badge: sandboxBadges })
          .from(sandboxUserBadges)
          .innerJoin(sandboxBadges, eq(sandboxBadges.id, sandboxUserBadges.badgeId))
          .where(eq(sandboxUserBadges.userId, user.id))
          .orderBy(desc(sandboxUserBadges.createdAt), desc(sandboxUserBadges.id))
          .offset(offset)
          .limit(take);
  return { count: rows.length, items: rows.map(({ earned, badge }) => earnedBadgeJson(badge, earned)) };
}
