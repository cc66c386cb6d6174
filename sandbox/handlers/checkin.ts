import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { sandboxCheckins, sandboxComments, sandboxToasts, sandboxVenues } from "@/sandbox/schema";
import type { Ctx } from "../context";
import { checkinById, checkinItems, reactionsOf } from "../data/checkins";
import { existingBeer } from "../data/catalogue";
import { canSee } from "../data/relations";
import { requireViewer } from "../data/users";
import { invalidParam, notAllowed, notFound } from "../errors";
import { coordinate, decimal, onOff, parseParams, recordId, shortText } from "../params";
import { commentJson, commentsJson, toastsJson } from "../serialize/checkin";

const addParams = z
  .object({
    gmt_offset: z
      .string({ error: "gmt_offset is required." })
      .regex(decimal, "gmt_offset must be a number of hours, e.g. -5.")
      .transform(Number)
      .refine((hours) => hours >= -12 && hours <= 14, "gmt_offset must be between -12 and 14."),
    timezone: z
      .string({ error: "timezone is required." })
      .regex(/^[A-Za-z][A-Za-z0-9_+\-/:]{0,63}$/, "timezone must be a zone abbreviation such as EST."),
    bid: z.string({ error: "bid is required." }),
    directory_id: z
      .string()
      .regex(/^([0-9a-f]{24}|[0-9a-f]{32})$/i, "directory_id must be the venue's directory id or its MD5 hash.")
      .optional(),
    geolat: coordinate("geolat", 90).optional(),
    geolng: coordinate("geolng", 180).optional(),
    shout: shortText("shout", { required: false }).optional(),
    rating: z
      .string()
      .regex(/^\d+(\.\d+)?$/, "rating must be a number from 1 to 5.")
      .transform(Number)
      .refine(
        (value) => value >= 1 && value <= 5 && Number.isInteger(value * 2),
        "rating must be from 1 to 5 in half steps (0 is not allowed).",
      )
      .optional(),
    social_1: onOff("social_1"),
    social_2: onOff("social_2"),
    directory: onOff("directory"),
  })
  .superRefine((params, issues) => {
    if (params.directory_id !== undefined && (params.geolat === undefined || params.geolng === undefined)) {
      issues.addIssue({
        code: "custom",
        path: ["geolat"],
        message: "geolat and geolng are required when a location (directory_id) is added.",
      });
    }
    if (params.directory === "on" && params.directory_id === undefined) {
      issues.addIssue({ code: "custom", path: ["directory"], message: "directory=on needs a location (directory_id)." });
    }
  });

/** The venue a directory id (or its MD5) names; an unknown id checks in without a venue. */
async function venueFor(ctx: Ctx, directoryId: string | undefined) {
  if (directoryId === undefined) return null;
  const id = directoryId.toLowerCase();
  const [venue] = await ctx.db
    .select({ id: sandboxVenues.id })
    .from(sandboxVenues)
    .where(or(eq(sandboxVenues.directoryId, id), sql`md5(${sandboxVenues.directoryId}) = ${id}`))
    .limit(1);
  return venue?.id ?? null;
}

async function checkinItem(ctx: Ctx, id: number) {
  const row = await checkinById(ctx.db, id);
  return (await checkinItems(ctx.db, [row!], ctx.viewer))[0]!;
}

// POST /v4/checkin/add
export async function addCheckin(ctx: Ctx) {
  const me = requireViewer(ctx);
  const params = parseParams(addParams, ctx.params);
  const { beer } = await existingBeer(ctx, params.bid, "bid");
  const venueId = await venueFor(ctx, params.directory_id);
  const [created] = await ctx.db
    .insert(sandboxCheckins)
    .values({
      userId: me.id,
      beerId: beer.id,
      venueId,
      rating: params.rating === undefined ? null : params.rating.toFixed(1),
      comment: params.shout ?? "",
      gmtOffset: params.gmt_offset.toFixed(2),
      timezone: params.timezone,
      sourceName: ctx.clientId,
      createdAt: ctx.now,
    })
    .returning({ id: sandboxCheckins.id });
  return { result: "success", ...(await checkinItem(ctx, created!.id)) };
}

/** A check-in the caller may see and react to: 400 malformed id, 404 missing, 403 private. */
async function reachableCheckin(ctx: Ctx) {
  const { checkin_id } = parseParams(z.object({ checkin_id: recordId("CHECKIN_ID") }), ctx.path);
  const row = await checkinById(ctx.db, checkin_id);
  if (!row) throw notFound("There is no check-in with that CHECKIN_ID.");
  if (!canSee(ctx.viewer, row.user)) throw notAllowed("This check-in belongs to a private account.");
  return row;
}

// GET /v4/checkin/view/CHECKIN_ID
export async function viewCheckin(ctx: Ctx) {
  const row = await reachableCheckin(ctx);
  return { checkin: (await checkinItems(ctx.db, [row], ctx.viewer))[0] };
}

async function commentsOf(ctx: Ctx, checkinId: number) {
  const reactions = await reactionsOf(ctx.db, [checkinId]);
  return commentsJson(reactions.get(checkinId)!.comments, ctx.viewer);
}

// POST /v4/checkin/addcomment/CHECKIN_ID
export async function addComment(ctx: Ctx) {
  const me = requireViewer(ctx);
  const row = await reachableCheckin(ctx);
  const { comment } = parseParams(z.object({ comment: shortText("comment", { required: true }) }), ctx.params);
  const [created] = await ctx.db
    .insert(sandboxComments)
    .values({ checkinId: row.checkin.id, userId: me.id, comment, createdAt: ctx.now })
    .returning();
  return {
    result: "success",
    comment: commentJson({ comment: created!, user: me }, ctx.viewer),
    comments: await commentsOf(ctx, row.checkin.id),
  };
}

// POST /v4/checkin/deletecomment/COMMENT_ID — only the comment's author may delete it
export async function deleteComment(ctx: Ctx) {
  const me = requireViewer(ctx);
  const { comment_id } = parseParams(z.object({ comment_id: recordId("COMMENT_ID") }), ctx.path);
  const [comment] = await ctx.db.select().from(sandboxComments).where(eq(sandboxComments.id, comment_id)).limit(1);
  if (!comment) throw notFound("There is no comment with that COMMENT_ID.");
  if (comment.userId !== me.id) throw notAllowed("You can only delete your own comments.");
  await ctx.db.delete(sandboxComments).where(and(eq(sandboxComments.id, comment.id), eq(sandboxComments.userId, me.id)));
  return { result: "success", comments: await commentsOf(ctx, comment.checkinId) };
}

// POST /v4/checkin/toast/CHECKIN_ID — toasts, or removes the caller's toast when there is one
export async function toggleToast(ctx: Ctx) {
  const me = requireViewer(ctx);
  const row = await reachableCheckin(ctx);
  const mine = and(eq(sandboxToasts.checkinId, row.checkin.id), eq(sandboxToasts.userId, me.id));
  const removed = await ctx.db.delete(sandboxToasts).where(mine).returning({ id: sandboxToasts.id });
  let likeId: number | null = null;
  if (removed.length === 0) {
    const [created] = await ctx.db
      .insert(sandboxToasts)
      .values({ checkinId: row.checkin.id, userId: me.id, createdAt: ctx.now })
      .onConflictDoNothing()
      .returning({ id: sandboxToasts.id });
    if (!created) throw invalidParam("The toast changed concurrently; try again.");
    likeId = created.id;
  }
  const reactions = await reactionsOf(ctx.db, [row.checkin.id]);
  return { result: "success", like_type: "toast", like_id: likeId, toasts: toastsJson(reactions.get(row.checkin.id)!.toasts, ctx.viewer) };
}
