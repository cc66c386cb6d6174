import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { stamp } from "@/lib/db/schema/columns";

// ---- The v4 sandbox upstream ----------------------------------------------------------------------
// The built-in beer platform served under /sandbox (this folder). Catalogue rows carry fixed ids
// from a deterministic seed; rows the API creates (check-ins, comments, toasts) take identity ids that
// continue after the seeded ones.

export const sandboxBreweries = pgTable("sandbox_breweries", {
  id: integer().primaryKey(),
  name: text().notNull(),
  slug: text().notNull(),
  breweryType: text("brewery_type").notNull(),
  description: text().notNull(),
  city: text().notNull(),
  state: text().notNull(),
  countryName: text("country_name").notNull(),
  lat: numeric({ precision: 10, scale: 7 }).notNull(),
  lng: numeric({ precision: 10, scale: 7 }).notNull(),
  url: text().notNull(),
  twitter: text().notNull(),
  createdAt: stamp("created_at").notNull(),
});

export const sandboxBeers = pgTable(
  "sandbox_beers",
  {
    id: integer().primaryKey(),
    breweryId: integer("brewery_id")
      .notNull()
      .references(() => sandboxBreweries.id),
    name: text().notNull(),
    slug: text().notNull(),
    style: text().notNull(),
    abv: numeric({ precision: 4, scale: 1 }).notNull(),
    ibu: integer().notNull(),
    description: text().notNull(),
    inProduction: boolean("in_production").notNull(),
    isHomebrew: boolean("is_homebrew").notNull(),
    ratingScore: numeric("rating_score", { precision: 4, scale: 3 }).notNull(),
    ratingCount: integer("rating_count").notNull(),
    createdAt: stamp("created_at").notNull(),
  },
  (t) => [index("sandbox_beers_brewery_idx").on(t.breweryId)],
);

export const sandboxVenues = pgTable(
  "sandbox_venues",
  {
    id: integer().primaryKey(),
    // The external venue directory's v2 id (24 hex); check-ins may name a venue by its MD5 too.
    directoryId: text("directory_id").notNull(),
    name: text().notNull(),
    slug: text().notNull(),
    category: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    countryName: text("country_name").notNull(),
    lat: numeric({ precision: 10, scale: 7 }).notNull(),
    lng: numeric({ precision: 10, scale: 7 }).notNull(),
    url: text().notNull(),
    twitter: text().notNull(),
    isVerified: boolean("is_verified").notNull(),
    createdAt: stamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("sandbox_venues_directory_id_key").on(t.directoryId)],
);

export const sandboxUsers = pgTable(
  "sandbox_users",
  {
    id: integer().primaryKey(),
    userName: text("user_name").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text().notNull(),
    location: text().notNull(),
    bio: text().notNull(),
    url: text().notNull(),
    isPrivate: boolean("is_private").notNull(),
    isSupporter: boolean("is_supporter").notNull(),
    // Toasts and comments after this moment count as unread (GET /v4/notifications reads them).
    notificationsReadAt: stamp("notifications_read_at"),
    createdAt: stamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("sandbox_users_user_name_key").on(sql`lower(${t.userName})`)],
);

export const SANDBOX_FRIENDSHIP_STATES = ["pending", "accepted"] as const;

/** One row per pair (lower id first); `requester_id` says who asked. */
export const sandboxFriendships = pgTable(
  "sandbox_friendships",
  {
    userLow: integer("user_low")
      .notNull()
      .references(() => sandboxUsers.id),
    userHigh: integer("user_high")
      .notNull()
      .references(() => sandboxUsers.id),
    requesterId: integer("requester_id").notNull(),
    status: text({ enum: SANDBOX_FRIENDSHIP_STATES }).notNull(),
    createdAt: stamp("created_at").notNull(),
    acceptedAt: stamp("accepted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    index("sandbox_friendships_high_idx").on(t.userHigh),
    check("sandbox_friendships_order", sql`${t.userLow} < ${t.userHigh}`),
    check("sandbox_friendships_requester", sql`${t.requesterId} in (${t.userLow}, ${t.userHigh})`),
    check("sandbox_friendships_status", sql`${t.status} in ('pending', 'accepted')`),
  ],
);

export const sandboxBadges = pgTable("sandbox_badges", {
  id: integer().primaryKey(),
  name: text().notNull(),
  description: text().notNull(),
  category: text().notNull(),
  imageSlug: text("image_slug").notNull(),
  isLevel: boolean("is_level").notNull(),
});

export const sandboxCheckins = pgTable(
  "sandbox_checkins",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => sandboxUsers.id),
    beerId: integer("beer_id")
      .notNull()
      .references(() => sandboxBeers.id),
    venueId: integer("venue_id").references(() => sandboxVenues.id),
    // Null when the check-in was not rated (answered as rating_score 0).
    rating: numeric({ precision: 2, scale: 1 }),
    comment: text().notNull(),
    gmtOffset: numeric("gmt_offset", { precision: 4, scale: 2 }).notNull(),
    timezone: text().notNull(),
    sourceName: text("source_name").notNull(),
    createdAt: stamp("created_at").notNull(),
  },
  (t) => [
    index("sandbox_checkins_user_idx").on(t.userId, t.id),
    index("sandbox_checkins_beer_idx").on(t.beerId, t.id),
    index("sandbox_checkins_venue_idx").on(t.venueId, t.id),
  ],
);

export const sandboxUserBadges = pgTable(
  "sandbox_user_badges",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => sandboxUsers.id),
    badgeId: integer("badge_id")
      .notNull()
      .references(() => sandboxBadges.id),
    // Level badges are earned again and again: each time at the next level.
    level: integer().notNull().default(1),
    checkinId: integer("checkin_id").references(() => sandboxCheckins.id),
    createdAt: stamp("created_at").notNull(),
  },
  (t) => [index("sandbox_user_badges_user_idx").on(t.userId, t.createdAt)],
);

export const sandboxWishlist = pgTable(
  "sandbox_wishlist",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => sandboxUsers.id),
    beerId: integer("beer_id")
      .notNull()
      .references(() => sandboxBeers.id),
    createdAt: stamp("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.beerId] })],
);

export const sandboxComments = pgTable(
  "sandbox_comments",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    checkinId: integer("checkin_id")
      .notNull()
      .references(() => sandboxCheckins.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => sandboxUsers.id),
    comment: text().notNull(),
    createdAt: stamp("created_at").notNull(),
  },
  (t) => [index("sandbox_comments_checkin_idx").on(t.checkinId)],
);

export const sandboxToasts = pgTable(
  "sandbox_toasts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    checkinId: integer("checkin_id")
      .notNull()
      .references(() => sandboxCheckins.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => sandboxUsers.id),
    createdAt: stamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("sandbox_toasts_checkin_user_key").on(t.checkinId, t.userId)],
);

/** OAuth step 2 codes: stored hashed, one use, ten minutes. */
export const sandboxOauthCodes = pgTable("sandbox_oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id").notNull(),
  userId: integer("user_id")
    .notNull()
    .references(() => sandboxUsers.id),
  redirectUrl: text("redirect_url").notNull(),
  expiresAt: stamp("expires_at").notNull(),
  usedAt: stamp("used_at"),
});

/** Access tokens (never expire), stored hashed. */
export const sandboxAccessTokens = pgTable("sandbox_access_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  clientId: text("client_id").notNull(),
  userId: integer("user_id")
    .notNull()
    .references(() => sandboxUsers.id),
  createdAt: stamp("created_at").notNull().defaultNow(),
});
