import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { users } from "./venues";

// ---- The beer-platform (v4) forwarder ------------------------------------------------------------

/** Public v4 lookups, cached for every app instance. `key` is the upstream path and query without credentials. */
export const v4Cache = pgTable(
  "v4_cache",
  {
    key: text().primaryKey(),
    status: integer().notNull(),
    body: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
    expiresAt: stamp("expires_at").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("v4_cache_expires_idx").on(t.expiresAt)],
);

/** A user's connected beer-platform account; the access token is sealed (AES-GCM) and never sent out. */
export const beerAccounts = pgTable("beer_accounts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  platformUserName: text("platform_user_name"),
  accessTokenEncrypted: text("access_token_encrypted").notNull(),
  connectedAt: stamp("connected_at").notNull().defaultNow(),
});

/** OAuth `state` values in flight: one use, short-lived, bound to the user who started the flow. */
export const oauthStates = pgTable("oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  returnTo: text("return_to"),
  expiresAt: stamp("expires_at").notNull(),
});

/**
 * Every beer the app has received from the platform (search answers, beer info), kept for every
 * instance so a repeated search or the add of a beer already seen costs no upstream call. A cache of
 * the platform's data, not a venue's (decision 061); insights' `catalogue_beers` (names from check-ins) is
 * another table. `search_text` is what the trigram search reads.
 */
export const platformBeers = pgTable(
  "platform_beers",
  {
    untappdId: integer("untappd_id").primaryKey(),
    name: text().notNull(),
    brewery: text(),
    breweryId: integer("brewery_id"),
    breweryLocation: text("brewery_location"),
    style: text(),
    description: text(),
    abv: numeric(),
    ibu: numeric(),
    labelImage: text("label_image"),
    labelImageHd: text("label_image_hd"),
    slug: text(),
    inProduction: boolean("in_production").notNull(),
    rating: numeric(),
    calories: integer(),
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`name || ' ' || coalesce(brewery, '') || ' ' || coalesce(style, '')`),
    /** When the platform last sent this beer, in any answer. */
    seenAt: stamp("seen_at").notNull(),
    /** When it last sent the whole record (beer info, or a search item as complete): an add may use the row until it is old. */
    detailedAt: stamp("detailed_at"),
  },
  (t) => [index("platform_beers_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`)],
);

/** Search terms the platform was asked, so the same term (or a longer one it answered in full) is not asked again soon. */
export const platformBeerSearches = pgTable(
  "platform_beer_searches",
  {
    term: text().primaryKey(),
    /** The `limit` the platform was asked for and how many beers it answered (fewer: the answer was complete). */
    askedLimit: integer("asked_limit").notNull(),
    found: integer().notNull(),
    askedAt: stamp("asked_at").notNull(),
  },
  (t) => [index("platform_beer_searches_asked_idx").on(t.askedAt)],
);
