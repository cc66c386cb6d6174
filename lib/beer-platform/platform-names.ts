// The spec (v4-public-api.md) writes neutral words where the platform names third-party products;
// the platform itself, and client code written for it, use the product names. Callers may send either:
// the forwarder works with the spec's words (allow-list, cache key, the sandbox) and sends a real
// platform its own names.

const PARAMS = { directory_id: "foursquare_id", directory: "foursquare", social_1: "twitter", social_2: "facebook" } as const;
const SEGMENTS = { directory_lookup: "foursquare_lookup" } as const;

const reversed = (table: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([neutral, platform]) => [platform, neutral]));
const NEUTRAL_PARAMS = reversed(PARAMS);
const NEUTRAL_SEGMENTS = reversed(SEGMENTS);

const lookup = (table: Record<string, string>, name: string) => (Object.hasOwn(table, name) ? table[name]! : name);

/** The spec's word for a parameter name (`foursquare_id` → `directory_id`); other names unchanged. */
export const neutralParam = (name: string) => lookup(NEUTRAL_PARAMS, name);
/** The platform's name for a parameter (`directory_id` → `foursquare_id`); other names unchanged. */
export const platformParam = (name: string) => lookup(PARAMS, name);
/** The spec's word for a path segment (`foursquare_lookup` → `directory_lookup`). */
export const neutralSegment = (segment: string) => lookup(NEUTRAL_SEGMENTS, segment);
/** The platform's name for a path segment (`directory_lookup` → `foursquare_lookup`). */
export const platformSegment = (segment: string) => lookup(SEGMENTS, segment);
