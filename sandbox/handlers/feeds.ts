import { and, type SQL } from "drizzle-orm";
import type { Ctx } from "../context";
import { byBeer, byBrewery, byFriendsOf, byUser, byVenue, checkinItems, checkinPage, publicAccounts } from "../data/checkins";
import { assertVisible, requireViewer, targetUser } from "../data/users";
import { feedParams, parseParams } from "../params";
import { existingBeer, existingBrewery, existingVenue } from "../data/catalogue";

function pageUrl(ctx: Ctx, query: Record<string, number | undefined>) {
  const url = new URL(`${ctx.apiRoot}${ctx.routePath}`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

/**
 * A check-in feed, newest first: `max_id` starts at that id (inclusive), `min_id` keeps only newer ones.
 * `pagination.max_id` is where the next (older) page starts; next_url is "" on the last page.
 */
async function feed(ctx: Ctx, where: SQL | undefined, max: number) {
  const params = parseParams(feedParams(max, 25), ctx.params);
  const page = await checkinPage(ctx.db, where, { maxId: params.max_id, minId: params.min_id, limit: params.limit });
  const items = await checkinItems(ctx.db, page.rows, ctx.viewer);
  const newest = page.rows[0]?.checkin.id ?? params.min_id;
  const oldest = page.rows.at(-1)?.checkin.id;
  const nextMax = page.more && oldest !== undefined ? oldest - 1 : undefined;
  return {
    pagination: {
      next_url: nextMax === undefined ? "" : pageUrl(ctx, { max_id: nextMax, min_id: params.min_id, limit: params.limit }),
      since_url: newest === undefined ? "" : pageUrl(ctx, { min_id: newest, limit: params.limit }),
      max_id: nextMax ?? "",
    },
    checkins: { count: items.length, items },
  };
}

// GET /v4/checkin/recent — the caller's friends' check-ins
export async function recentFeed(ctx: Ctx) {
  const me = requireViewer(ctx);
  return feed(ctx, byFriendsOf(ctx.db, me.id), 50);
}

// GET /v4/user/checkins/USERNAME
export async function userFeed(ctx: Ctx) {
  const user = await targetUser(ctx);
  assertVisible(ctx, user);
  return feed(ctx, byUser(user.id), 25);
}

// GET /v4/beer/checkins/BID — public accounts only
export async function beerFeed(ctx: Ctx) {
  const { beer } = await existingBeer(ctx, ctx.path.bid);
  return feed(ctx, and(byBeer(beer.id), publicAccounts), 25);
}

// GET /v4/brewery/checkins/BREWERY_ID — public accounts only
export async function breweryFeed(ctx: Ctx) {
  const brewery = await existingBrewery(ctx, ctx.path.brewery_id);
  return feed(ctx, and(byBrewery(brewery.id), publicAccounts), 25);
}

// GET /v4/venue/checkins/VENUE_ID — public accounts only
export async function venueFeed(ctx: Ctx) {
  const venue = await existingVenue(ctx, ctx.path.venue_id);
  return feed(ctx, and(byVenue(venue.id), publicAccounts), 25);
}
