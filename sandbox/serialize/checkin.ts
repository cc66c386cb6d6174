import type { sandboxCheckins, sandboxComments, sandboxToasts } from "@/sandbox/schema";
import type { SandboxUser } from "../auth";
import type { Viewer } from "../context";
import { rfc1123 } from "../time";
import { checkinBadgeJson, type BadgeRow, type UserBadgeRow } from "./badge";
import { beerJson, type BeerRow } from "./beer";
import { breweryJson, type BreweryRow } from "./brewery";
import { userJson } from "./user";
import { venueJson, type VenueRow } from "./venue";

export type CheckinRow = {
  checkin: typeof sandboxCheckins.$inferSelect;
  user: SandboxUser;
  beer: BeerRow;
  brewery: BreweryRow;
  venue: VenueRow | null;
};
export type CommentRow = { comment: typeof sandboxComments.$inferSelect; user: SandboxUser };
export type ToastRow = { toast: typeof sandboxToasts.$inferSelect; user: SandboxUser };
export type Reactions = { comments: CommentRow[]; toasts: ToastRow[]; badges: { earned: UserBadgeRow; badge: BadgeRow }[] };

export function commentJson({ comment, user }: CommentRow, viewer: Viewer) {
  const own = viewer.user?.id === user.id;
  return {
    comment_id: comment.id,
    checkin_id: comment.checkinId,
    comment: comment.comment,
    comment_owner: own,
    comment_editor: own,
    comment_source: "sandbox",
    created_at: rfc1123(comment.createdAt),
    user: userJson(user, viewer),
  };
}

export function commentsJson(comments: CommentRow[], viewer: Viewer) {
  return { total_count: comments.length, count: comments.length, items: comments.map((row) => commentJson(row, viewer)) };
}

/** `auth_toast` says whether the caller has toasted the check-in (null without an access token). */
export function toastsJson(toasts: ToastRow[], viewer: Viewer) {
  const me = viewer.user?.id;
  return {
    total_count: toasts.length,
    count: toasts.length,
    auth_toast: me === undefined ? null : toasts.some((row) => row.user.id === me),
    items: toasts.map(({ toast, user }) => ({
      uid: user.id,
      like_id: toast.id,
      like_owner: user.id === me,
      created_at: rfc1123(toast.createdAt),
      user: userJson(user, viewer),
    })),
  };
}

/** The check-in item of every feed, checkin/view and checkin/add. `venue` is [] when there is none. */
export function checkinJson(row: CheckinRow, reactions: Reactions, viewer: Viewer) {
  const { checkin } = row;
  return {
    checkin_id: checkin.id,
    created_at: rfc1123(checkin.createdAt),
    checkin_comment: checkin.comment,
    rating_score: checkin.rating === null ? 0 : Number(checkin.rating),
    user: userJson(row.user, viewer),
    beer: beerJson(row.beer),
    brewery: breweryJson(row.brewery),
    venue: row.venue ? venueJson(row.venue) : [],
    comments: commentsJson(reactions.comments, viewer),
    toasts: toastsJson(reactions.toasts, viewer),
    media: { count: 0, items: [] },
    source: { app_name: checkin.sourceName, app_website: "https://sandbox.taproom.test" },
    badges: {
      retro_status: false,
      count: reactions.badges.length,
      items: reactions.badges.map(({ earned, badge }) => checkinBadgeJson(badge, earned)),
    },
  };
}
