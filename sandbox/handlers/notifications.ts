import { z } from "zod";
import type { Ctx } from "../context";
import { latestNotifications, markNotificationsRead, unreadCounts } from "../data/notifications";
import { requireViewer } from "../data/users";
import { paging, parseParams } from "../params";
import { beerJson } from "../serialize/beer";
import { userJson } from "../serialize/user";
import { rfc1123 } from "../time";

// GET /v4/notifications — toasts and comments on the caller's check-ins: the last 25, newest first.
// offset/limit only slice those 25; there is no paging beyond them. Reading marks them read.
export async function notifications(ctx: Ctx) {
  const me = requireViewer(ctx);
  const { offset, limit } = parseParams(z.object(paging(25, 25)), ctx.params);
  const [unread, latest] = await Promise.all([unreadCounts(ctx.db, me), latestNotifications(ctx.db, me)]);
  await markNotificationsRead(ctx.db, me, ctx.now);
  const items = latest.slice(offset, offset + limit).map((item) => ({
    type: item.type,
    created_at: rfc1123(item.createdAt),
    user: userJson(item.actor, ctx.viewer),
    checkin: { checkin_id: item.checkinId, beer: beerJson(item.beer) },
    ...(item.type === "toast" ? { like_id: item.id } : { comment_id: item.id, comment: item.comment }),
  }));
  return { unread_count: unread.unread_count, notifications: { count: items.length, items }, news: { count: 0, items: [] } };
}
