import { and, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../context";
import { byBeer, byBrewery, byFriendsOf, byUser, byVenue, checkinItems, checkinPage, nearPoint, publicAccounts } from "../data/checkins";
import { assertVisible, requireViewer, targetUser } from "../data/users";
import { coordinate, feedParams, parseParams, whole } from "../params";
import { existingBeer, existingBrewery, existingVenue } from "../data/catalogue";

function pageUrl(ctx: Ctx, query: Record<string, string | number | undefined>) {
  const url = new URL(`${ctx.apiRoot}${ctx.routePath}`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

/**
 * A check-in feed, newest first: `max_id` starts at that id (inclusive), `min_id` keeps only newer ones.
 * `pagination.max_id` is where the next (older) page starts; next_url is "" on the last page. `kept`:
 * the feed's own parameters, carried in both links.
 */
async function feed(ctx: Ctx, where: SQL | undefined, max: number, kept: Record<string, string | number> = {}) {
  const params = parseParams(feedParams(max, 25), ctx.params);
  const page = await checkinPage(ctx.db, where, { maxId: params.max_id, minId: params.min_id, limit: params.limit });
  const items = await checkinItems(ctx.db, page.rows, ctx.viewer);
  const newest = page.rows[0]?.checkin.id ?? params.min_id;
  const oldest = page.rows.at(-1)?.checkin.id;
  const nextMax = page.more && oldest !== undefined ? oldest - 1 : undefined;
  return {
    pagination: {
      next_url: nextMax === undefined ? "" : pageUrl(ctx, { ...kept, max_id: nextMax, min_id: params.min_id, limit: params.limit }),
      since_url: newest === undefined ? "" : pageUrl(ctx, { ...kept, min_id: newest, limit: params.limit }),
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

const MAX_RADIUS = 25;
const KM_PER_MILE = 1.609344;

const localParams = z.object({
  lat: coordinate("lat", 90),
  lng: coordinate("lng", 180),
  radius: whole("radius", 1)
    .transform((n) => Math.min(n, MAX_RADIUS))
    .default(MAX_RADIUS),
  dist_pref: z.enum(["m", "km"], { error: 'dist_pref must be "m" (miles) or "km".' }).default("m"),
});

// GET /v4/thepub/local — public accounts' check-ins at venues within `radius` (miles, or km with dist_pref=km) of lat, lng
export async function localFeed(ctx: Ctx) {
  const { lat, lng, radius, dist_pref } = parseParams(localParams, ctx.params);
  const km = dist_pref === "km" ? radius : radius * KM_PER_MILE;
  return feed(ctx, and(nearPoint(lat, lng, km), publicAccounts), 25, { lat, lng, radius, dist_pref });
}
