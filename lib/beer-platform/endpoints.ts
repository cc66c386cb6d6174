// The v4 endpoints the forwarder passes on (contract §7): anything else is 404. A caller's path is
// matched segment by segment, and the upstream path is rebuilt from the matched values only.

import { neutralSegment, platformSegment } from "./platform-names";

export type Access = "public" | "user";
type Method = "GET" | "POST";
export type EndpointMatch = {
  name: string;
  /** The spec's method: what goes upstream, whichever of the accepted methods the caller used. */
  method: Method;
  /** The call changes something (a check-in, a toast, a friendship, the wish list): HEAD is not offered. */
  writes: boolean;
  access: Access;
  cacheSeconds: "lookup" | "feed" | null;
  /** The path in the spec's words (the sandbox's, and the cache key's). */
  upstreamPath: string;
  /** The same path in the platform's own words (platform-names.ts), for a real platform. */
  platformPath: string;
  /** The query and form parameters the spec documents for it: nothing else is sent, or keyed in the cache. */
  params: readonly string[];
};

export type Param = "int" | "username";
/** One allow-listed endpoint: lib/openapi describes each from this list. */
export type Pattern = {
  name: string;
  method: Method;
  /** A second method clients send for the same call: answered the same way. */
  alsoAnswers?: Method;
  writes?: true;
  segments: (string | Param)[];
  optional?: Param;
  access: Access;
  cache?: "lookup" | "feed";
  params: readonly string[];
};

// Parameter lists of the spec's rows (v4-public-api.md); credentials are the forwarder's own.
const FEED = ["max_id", "min_id", "limit"] as const;
const PAGE = ["offset", "limit"] as const;

// Calls that change something: HEAD (a GET without its answer) is not offered on them. The spec lists
// friend/* and wishlist add/delete as GET and the toast as POST; clients send them either way.
const WRITES = { writes: true } as const;
const ALSO_POST = { writes: true, alsoAnswers: "POST" } as const;
const ALSO_GET = { writes: true, alsoAnswers: "GET" } as const;

// `optional`: a trailing USERNAME that may be left out; then the caller's own account answers
// (which needs the caller's access token).
const PATTERNS: Pattern[] = [
  { name: "checkin/recent", method: "GET", segments: ["checkin", "recent"], access: "user", params: FEED },
  {
    name: "user/checkins",
    method: "GET",
    segments: ["user", "checkins"],
    optional: "username",
    access: "public",
    cache: "feed",
    params: FEED,
  },
  { name: "beer/checkins", method: "GET", segments: ["beer", "checkins", "int"], access: "public", cache: "feed", params: FEED },
  { name: "brewery/checkins", method: "GET", segments: ["brewery", "checkins", "int"], access: "public", cache: "feed", params: FEED },
  { name: "venue/checkins", method: "GET", segments: ["venue", "checkins", "int"], access: "public", cache: "feed", params: FEED },
  // Not in the spec's table, but an endpoint of the platform its clients call (issue 31 row 15, decision 052).
  {
    name: "thepub/local",
    method: "GET",
    segments: ["thepub", "local"],
    access: "public",
    cache: "feed",
    params: ["lat", "lng", "radius", "dist_pref", ...FEED],
  },
  { name: "beer/info", method: "GET", segments: ["beer", "info", "int"], access: "public", cache: "lookup", params: ["compact"] },
  { name: "brewery/info", method: "GET", segments: ["brewery", "info", "int"], access: "public", cache: "lookup", params: ["compact"] },
  { name: "venue/info", method: "GET", segments: ["venue", "info", "int"], access: "public", cache: "lookup", params: ["compact"] },
  { name: "checkin/view", method: "GET", segments: ["checkin", "view", "int"], access: "public", cache: "feed", params: [] },
  {
    name: "user/info",
    method: "GET",
    segments: ["user", "info"],
    optional: "username",
    access: "public",
    cache: "lookup",
    params: ["compact"],
  },
  {
    name: "user/friends",
    method: "GET",
    segments: ["user", "friends"],
    optional: "username",
    access: "public",
    cache: "feed",
    params: PAGE,
  },
  {
    name: "user/badges",
    method: "GET",
    segments: ["user", "badges"],
    optional: "username",
    access: "public",
    cache: "lookup",
    params: PAGE,
  },
  { name: "user/wishlist/add", method: "GET", ...ALSO_POST, segments: ["user", "wishlist", "add"], access: "user", params: ["bid"] },
  { name: "user/wishlist/delete", method: "GET", ...ALSO_POST, segments: ["user", "wishlist", "delete"], access: "user", params: ["bid"] },
  {
    name: "user/wishlist",
    method: "GET",
    segments: ["user", "wishlist"],
    optional: "username",
    access: "public",
    cache: "feed",
    params: [...PAGE, "sort"],
  },
  {
    name: "user/beers",
    method: "GET",
    segments: ["user", "beers"],
    optional: "username",
    access: "public",
    cache: "feed",
    params: [...PAGE, "sort", "start_date", "end_date"],
  },
  { name: "user/pending", method: "GET", segments: ["user", "pending"], access: "user", params: PAGE },
  { name: "search/beer", method: "GET", segments: ["search", "beer"], access: "public", cache: "lookup", params: ["q", ...PAGE, "sort"] },
  { name: "search/brewery", method: "GET", segments: ["search", "brewery"], access: "public", cache: "lookup", params: ["q", ...PAGE] },
  { name: "beer/trending", method: "GET", segments: ["beer", "trending"], access: "public", cache: "feed", params: [] },
  { name: "venue/directory_lookup", method: "GET", segments: ["venue", "directory_lookup", "username"], access: "user", params: [] },
  {
    name: "checkin/add",
    method: "POST",
    ...WRITES,
    segments: ["checkin", "add"],
    access: "user",
    params: ["gmt_offset", "timezone", "bid", "directory_id", "geolat", "geolng", "shout", "rating", "social_1", "social_2", "directory"],
  },
  {
    name: "checkin/addcomment",
    method: "POST",
    ...WRITES,
    segments: ["checkin", "addcomment", "int"],
    access: "user",
    params: ["comment"],
  },
  { name: "checkin/deletecomment", method: "POST", ...WRITES, segments: ["checkin", "deletecomment", "int"], access: "user", params: [] },
  { name: "checkin/toast", method: "POST", ...ALSO_GET, segments: ["checkin", "toast", "int"], access: "user", params: [] },
  { name: "friend/request", method: "GET", ...ALSO_POST, segments: ["friend", "request", "int"], access: "user", params: [] },
  { name: "friend/accept", method: "GET", ...ALSO_POST, segments: ["friend", "accept", "int"], access: "user", params: [] },
  { name: "friend/reject", method: "GET", ...ALSO_POST, segments: ["friend", "reject", "int"], access: "user", params: [] },
  { name: "friend/remove", method: "GET", ...ALSO_POST, segments: ["friend", "remove", "int"], access: "user", params: [] },
  { name: "notifications", method: "GET", segments: ["notifications"], access: "user", params: PAGE },
];

/** The allow-list, for the API description (lib/openapi/v4.ts). */
export const DOCUMENTED_ENDPOINTS: readonly Pattern[] = PATTERNS;

const VALUE: Record<Param, RegExp> = {
  int: /^[1-9][0-9]{0,11}$/,
  // Usernames and directory ids: letters, digits, dot, dash, underscore. Nothing that can change a path.
  username: /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/,
};

const isParam = (expected: string): expected is Param => Object.hasOwn(VALUE, expected);

// A literal segment matches its spec word or the platform's own name for it (venue/foursquare_lookup).
const fits = (value: string | undefined, expected: string | Param) =>
  value !== undefined &&
  (isParam(expected) ? VALUE[expected].test(value) && value !== "." && value !== ".." : neutralSegment(value) === expected);

/**
 * The endpoint a caller's path names, or null. `segments` are the decoded path segments after /v4
 * (the caller may write /api/v4/v4/… or /api/v4/…).
 */
export function matchEndpoint(method: string, segments: string[]): EndpointMatch | null {
  const parts = segments[0] === "v4" ? segments.slice(1) : segments;
  for (const pattern of PATTERNS) {
    if (pattern.method !== method && pattern.alsoAnswers !== method) continue;
    const { segments: expected, optional } = pattern;
    const extra = parts.length - expected.length;
    if (extra !== 0 && !(optional && extra === 1)) continue;
    if (!expected.every((segment, index) => fits(parts[index], segment))) continue;
    const username = extra === 1 ? parts[expected.length] : undefined;
    if (username !== undefined && !fits(username, optional!)) continue;
    const access: Access = optional && username === undefined ? "user" : pattern.access;
    // Rebuilt from the pattern's own words and the matched values only.
    const words = parts.map((part, index) => {
      const literal = index < expected.length && !isParam(expected[index]!);
      return { value: literal ? expected[index]! : part, literal };
    });
    const pathOf = (name: (word: string) => string) =>
      `/v4/${words.map(({ value, literal }) => encodeURIComponent(literal ? name(value) : value)).join("/")}`;
    const cacheSeconds = access === "public" ? (pattern.cache ?? null) : null;
    return {
      name: pattern.name,
      method: pattern.method,
      writes: pattern.writes === true,
      access,
      cacheSeconds,
      upstreamPath: pathOf((word) => word),
      platformPath: pathOf(platformSegment),
      params: pattern.params,
    };
  }
  return null;
}
