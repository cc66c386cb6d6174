import type { Handler } from "./context";
import { SandboxError } from "./errors";
import { beerInfo, trending } from "./handlers/beer";
import { breweryInfo } from "./handlers/brewery";
import { directoryLookup, venueInfo } from "./handlers/venue";
import { addCheckin, addComment, deleteComment, toggleToast, viewCheckin } from "./handlers/checkin";
import { beerFeed, breweryFeed, localFeed, recentFeed, userFeed, venueFeed } from "./handlers/feeds";
import { acceptFriend, pendingRequests, rejectFriend, removeFriend, requestFriend } from "./handlers/friends";
import { notifications } from "./handlers/notifications";
import { searchBeer, searchBrewery } from "./handlers/search";
import { userBadges, userFriends, userInfo } from "./handlers/user";
import { userBeers } from "./handlers/user-beers";
import { wishlist, wishlistAdd, wishlistDelete } from "./handlers/wishlist";
import { authorize } from "./oauth/authorize";

/**
 * user: an access_token is required (spec "auth: yes"); public: an access_token or the client
 * credentials; app: the client credentials themselves (the code exchange).
 */
type Access = "public" | "user" | "app";
type Method = "GET" | "POST";
/** `methods`: the spec's method first; a second one is what clients are seen to send for the same call. */
export type Route = { methods: readonly Method[]; pattern: string; access: Access; handler: Handler };

const GET = ["GET"] as const;
const POST = ["POST"] as const;
// State-changing calls the spec lists as GET (friends, wish list) or POST (toast), which clients send
// either way: both methods, same effect, same answer.
const GET_OR_POST = ["GET", "POST"] as const;
const POST_OR_GET = ["POST", "GET"] as const;

// Static paths before the patterns that could swallow them (wishlist/add before wishlist/:username).
// A trailing :param may be left out: handlers answer 400 for a required one, or use the token's user
// for an optional USERNAME.
const ROUTES: Route[] = [
  { methods: GET, pattern: "v4/checkin/recent", access: "user", handler: recentFeed },
  { methods: GET, pattern: "v4/user/checkins/:username", access: "public", handler: userFeed },
  { methods: GET, pattern: "v4/beer/checkins/:bid", access: "public", handler: beerFeed },
  { methods: GET, pattern: "v4/brewery/checkins/:brewery_id", access: "public", handler: breweryFeed },
  { methods: GET, pattern: "v4/venue/checkins/:venue_id", access: "public", handler: venueFeed },
  // Not in the spec's table: the platform's feed of check-ins near a point, which its clients call (decision 052).
  { methods: GET, pattern: "v4/thepub/local", access: "public", handler: localFeed },
  { methods: GET, pattern: "v4/beer/info/:bid", access: "public", handler: beerInfo },
  { methods: GET, pattern: "v4/brewery/info/:brewery_id", access: "public", handler: breweryInfo },
  { methods: GET, pattern: "v4/venue/info/:venue_id", access: "public", handler: venueInfo },
  { methods: GET, pattern: "v4/checkin/view/:checkin_id", access: "public", handler: viewCheckin },
  { methods: GET, pattern: "v4/user/info/:username", access: "public", handler: userInfo },
  { methods: GET, pattern: "v4/user/friends/:username", access: "public", handler: userFriends },
  { methods: GET, pattern: "v4/user/badges/:username", access: "public", handler: userBadges },
  { methods: GET_OR_POST, pattern: "v4/user/wishlist/add", access: "user", handler: wishlistAdd },
  { methods: GET_OR_POST, pattern: "v4/user/wishlist/delete", access: "user", handler: wishlistDelete },
  { methods: GET, pattern: "v4/user/wishlist/:username", access: "public", handler: wishlist },
  { methods: GET, pattern: "v4/user/beers/:username", access: "public", handler: userBeers },
  { methods: GET, pattern: "v4/user/pending", access: "user", handler: pendingRequests },
  { methods: GET, pattern: "v4/search/beer", access: "public", handler: searchBeer },
  { methods: GET, pattern: "v4/search/brewery", access: "public", handler: searchBrewery },
  { methods: GET, pattern: "v4/beer/trending", access: "public", handler: trending },
  { methods: GET, pattern: "v4/venue/directory_lookup/:directory_id", access: "user", handler: directoryLookup },
  // The platform's own name for the same lookup (the spec says "directory" for the third-party product).
  { methods: GET, pattern: "v4/venue/foursquare_lookup/:directory_id", access: "user", handler: directoryLookup },
  { methods: POST, pattern: "v4/checkin/add", access: "user", handler: addCheckin },
  { methods: POST, pattern: "v4/checkin/addcomment/:checkin_id", access: "user", handler: addComment },
  { methods: POST, pattern: "v4/checkin/deletecomment/:comment_id", access: "user", handler: deleteComment },
  { methods: POST_OR_GET, pattern: "v4/checkin/toast/:checkin_id", access: "user", handler: toggleToast },
  { methods: GET_OR_POST, pattern: "v4/friend/request/:target_id", access: "user", handler: requestFriend },
  { methods: GET_OR_POST, pattern: "v4/friend/accept/:target_id", access: "user", handler: acceptFriend },
  { methods: GET_OR_POST, pattern: "v4/friend/reject/:target_id", access: "user", handler: rejectFriend },
  { methods: GET_OR_POST, pattern: "v4/friend/remove/:target_id", access: "user", handler: removeFriend },
  { methods: GET, pattern: "v4/notifications", access: "user", handler: notifications },
  { methods: GET, pattern: "oauth/authorize", access: "app", handler: authorize },
];

const compiled = ROUTES.map((route) => ({ route, parts: route.pattern.split("/") }));

function fit(parts: string[], segments: string[]): Record<string, string | undefined> | null {
  const last = parts.at(-1)!;
  const optionalTail = last.startsWith(":") && segments.length === parts.length - 1;
  if (segments.length !== parts.length && !optionalTail) return null;
  const params: Record<string, string | undefined> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index];
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** The route for a method and path segments: 404 invalid_method for no path, 405 for a wrong method. */
export function matchRoute(method: string, segments: string[]): { route: Route; path: Record<string, string | undefined> } {
  const candidates = compiled.flatMap(({ route, parts }) => {
    const path = fit(parts, segments);
    return path ? [{ route, path }] : [];
  });
  if (candidates.length === 0) throw new SandboxError(404, "invalid_method", "Invalid API endpoint.");
  const found = candidates.find((candidate) => (candidate.route.methods as readonly string[]).includes(method));
  if (!found) throw new SandboxError(405, "invalid_method", `This endpoint only answers ${candidates[0]!.route.methods.join(" or ")}.`);
  return found;
}
