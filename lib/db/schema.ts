import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  uuid,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const timestamps = {
  createdAt: stamp("created_at").notNull().defaultNow(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
};

export const businesses = pgTable("businesses", {
  id: id(),
  name: text().notNull(),
  ...timestamps,
});

export const users = pgTable(
  "users",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    admin: boolean().notNull().default(false),
    platformUsername: text("platform_username"),
    passwordHash: text("password_hash").notNull(),
    // SHA-256 of each token for lookup; AES-GCM ciphertext so POST /sessions can return them again.
    tokenHash: text("token_hash").notNull(),
    readOnlyTokenHash: text("read_only_token_hash").notNull(),
    tokenEncrypted: text("token_encrypted").notNull(),
    readOnlyTokenEncrypted: text("read_only_token_encrypted").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_role_valid", sql`${t.role} in ('owner', 'manager')`),
  ],
);

export const locations = pgTable(
  "locations",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    name: text().notNull(),
    address1: text(),
    address2: text(),
    city: text(),
    region: text(),
    postcode: text(),
    country: text(),
    countryName: text("country_name"),
    latitude: numeric({ precision: 10, scale: 7 }),
    longitude: numeric({ precision: 10, scale: 7 }),
    phone: text(),
    website: text(),
    contactEmail: text("contact_email"),
    untappdVenueId: integer("untappd_venue_id"),
    timeZone: text("time_zone").notNull(),
    currency: text().notNull().default("USD"),
    numberOfTaps: integer("number_of_taps").notNull().default(0),
    // Set by POST /locations/:id/custom_menus/migrate; custom-menu writes answer 409 afterwards.
    customMenusMigratedAt: stamp("custom_menus_migrated_at"),
    ...timestamps,
  },
  (t) => [index("locations_business_id_idx").on(t.businessId)],
);

export const containerSizes = pgTable(
  "container_sizes",
  {
    id: id(),
    name: text().notNull(),
    ounces: numeric({ precision: 10, scale: 4 }).notNull(),
    position: integer().notNull(),
    containerSizeGroupId: integer("container_size_group_id").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("container_sizes_name_key").on(t.name), uniqueIndex("container_sizes_position_key").on(t.position)],
);

export type PlaceJson = Record<string, unknown>;

export const events = pgTable(
  "events",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text().notNull().default(""),
    startTime: stamp("start_time").notNull(),
    endTime: stamp("end_time"),
    link: text(),
    locationName: text("location_name"),
    street: text(),
    city: text(),
    state: text(),
    zip: text(),
    country: text(),
    latitude: numeric({ precision: 10, scale: 7 }),
    longitude: numeric({ precision: 10, scale: 7 }),
    placeJson: jsonb("place_json").$type<PlaceJson>(),
    fromFacebook: boolean("from_facebook").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("events_location_start_idx").on(t.locationId, t.startTime),
    check("events_end_after_start", sql`${t.endTime} is null or ${t.endTime} >= ${t.startTime}`),
  ],
);

export const hours = pgTable(
  "hours",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    // 0 = monday … 6 = sunday
    day: smallint().notNull(),
    alwaysOpen: boolean("always_open").notNull().default(false),
    closed: boolean().notNull().default(false),
    openAt: time("open_at"),
    closeAt: time("close_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("hours_location_day_key").on(t.locationId, t.day),
    check("hours_day_range", sql`${t.day} between 0 and 6`),
    check("hours_not_closed_and_always_open", sql`not (${t.closed} and ${t.alwaysOpen})`),
  ],
);

// Fixed-window counters shared by every app instance (contract §1: no per-process state).
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: stamp("window_start").notNull(),
  count: integer().notNull(),
});

// Menu views are counted, not logged: one row per location, source and quarter hour, so a TV board
// polling every few seconds costs one upsert and a window of any whole-quarter-hour offset can be summed.
export const menuViewCounts = pgTable(
  "menu_view_counts",
  {
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    source: text().notNull(),
    bucket: stamp("bucket").notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.bucket, t.source] })],
);


// ---- Consolidated menus -------------------------------------------------------------------------
// Sibling positions are unique per parent through DEFERRABLE constraints added in a hand-written
// migration (drizzle-kit cannot declare them): a batch may swap positions inside one transaction,
// and the database still refuses two siblings at one position when it commits.

export const menus = pgTable(
  "menus",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    uuid: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    description: text(),
    footer: text(),
    unpublished: boolean().notNull().default(true),
    position: integer().notNull(),
    legacyMenuId: integer("legacy_menu_id"),
    ...timestamps,
  },
  (t) => [uniqueIndex("menus_legacy_menu_id_key").on(t.legacyMenuId), check("menus_position_min", sql`${t.position} >= 0`)],
);

export const SECTION_TYPES = ["Section", "OnDeckSection"] as const;

export const sections = pgTable(
  "sections",
  {
    id: id(),
    menuId: integer("menu_id")
      .notNull()
      .references(() => menus.id, { onDelete: "cascade" }),
    // The on-deck section (one per menu) keeps its own position space, always 0.
    type: text({ enum: SECTION_TYPES }).notNull().default("Section"),
    position: integer().notNull(),
    name: text().notNull(),
    description: text(),
    public: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("sections_position_min", sql`${t.position} >= 0`),
    check("sections_on_deck_position", sql`${t.type} <> 'OnDeckSection' or ${t.position} = 0`),
  ],
);

export const items = pgTable(
  "items",
  {
    id: id(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    untappdId: integer("untappd_id"),
    originalName: text("original_name").notNull(),
    originalBrewery: text("original_brewery"),
    originalStyle: text("original_style"),
    originalDescription: text("original_description"),
    originalAbv: numeric("original_abv", { precision: 5, scale: 2 }),
    originalIbu: numeric("original_ibu", { precision: 6, scale: 1 }),
    originalCalories: integer("original_calories"),
    customName: text("custom_name"),
    customBrewery: text("custom_brewery"),
    customStyle: text("custom_style"),
    customDescription: text("custom_description"),
    customAbv: numeric("custom_abv", { precision: 5, scale: 2 }),
    customIbu: numeric("custom_ibu", { precision: 6, scale: 1 }),
    customCalories: integer("custom_calories"),
    labelImage: text("label_image"),
    labelImageHd: text("label_image_hd"),
    breweryLocation: text("brewery_location"),
    untappdBeerSlug: text("untappd_beer_slug"),
    untappdBreweryId: integer("untappd_brewery_id"),
    tapNumber: text("tap_number"),
    cask: boolean().notNull().default(false),
    nitro: boolean().notNull().default(false),
    inProduction: boolean("in_production").notNull().default(true),
    rating: numeric({ precision: 4, scale: 3 }),
    ...timestamps,
  },
  (t) => [check("items_position_min", sql`${t.position} >= 0`)],
);

export const containers = pgTable(
  "containers",
  {
    id: id(),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    // Null only for containers migrated from custom menus, which had no size.
    containerSizeId: integer("container_size_id").references(() => containerSizes.id),
    name: text(),
    price: numeric({ precision: 10, scale: 2 }).notNull(),
    calories: integer(),
    position: integer().notNull(),
    ...timestamps,
  },
  (t) => [check("containers_position_min", sql`${t.position} >= 0`), check("containers_price_min", sql`${t.price} >= 0`)],
);

// ---- Deprecated custom menus ----------------------------------------------------------------------

export const customItemTypes = pgTable(
  "custom_item_types",
  {
    id: id(),
    name: text().notNull(),
    position: integer().notNull(),
    imageUrl: text("image_url").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("custom_item_types_name_key").on(t.name)],
);

export const customMenus = pgTable(
  "custom_menus",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    footer: text(),
    unpublished: boolean().notNull().default(true),
    position: integer().notNull(),
    ...timestamps,
  },
  (t) => [check("custom_menus_position_min", sql`${t.position} >= 0`)],
);

export const customSections = pgTable(
  "custom_sections",
  {
    id: id(),
    customMenuId: integer("custom_menu_id")
      .notNull()
      .references(() => customMenus.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    name: text(),
    description: text(),
    ...timestamps,
  },
  (t) => [check("custom_sections_position_min", sql`${t.position} >= 0`)],
);

export const customItems = pgTable(
  "custom_items",
  {
    id: id(),
    customSectionId: integer("custom_section_id")
      .notNull()
      .references(() => customSections.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    name: text(),
    description: text(),
    customItemTypeId: integer("custom_item_type_id")
      .notNull()
      .references(() => customItemTypes.id),
    ...timestamps,
  },
  (t) => [check("custom_items_position_min", sql`${t.position} >= 0`)],
);

export const customContainers = pgTable(
  "custom_containers",
  {
    id: id(),
    customItemId: integer("custom_item_id")
      .notNull()
      .references(() => customItems.id, { onDelete: "cascade" }),
    name: text(),
    price: numeric({ precision: 10, scale: 2 }).notNull(),
    position: integer().notNull(),
    ...timestamps,
  },
  (t) => [check("custom_containers_position_min", sql`${t.position} >= 0`), check("custom_containers_price_min", sql`${t.price} >= 0`)],
);

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

/** The dashboard's cookie sessions: SHA-256 of the random cookie value, never the value itself. */
export const browserSessions = pgTable(
  "browser_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: stamp("created_at").notNull().defaultNow(),
    expiresAt: stamp("expires_at").notNull(),
  },
  (t) => [index("browser_sessions_user_id_idx").on(t.userId)],
);

// ---- Insights -----------------------------------------------------------------------------------

/** Beers as check-ins name them (from the platform's catalogue): check-ins keep only the id. */
export const catalogueBeers = pgTable("catalogue_beers", {
  bid: integer().primaryKey(),
  name: text().notNull(),
  brewery: text(),
  style: text(),
});

/** Venues check-ins happened at, with where they are: "nearby" is within 25 km of a location. */
export const checkinVenues = pgTable(
  "checkin_venues",
  {
    id: integer().primaryKey(),
    name: text(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
  },
  (t) => [index("checkin_venues_lat_lng_idx").on(t.latitude, t.longitude)],
);

/**
 * Check-ins, one row each, keyed by the platform's check-in id (imports are idempotent). `location_id`
 * is set when the venue is one of ours. The covering index answers every per-location insight with
 * an index-only scan.
 */
export const checkins = pgTable(
  "checkins",
  {
    id: bigint({ mode: "number" }).primaryKey(),
    venueId: integer("venue_id").notNull(),
    locationId: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    userId: integer("user_id").notNull(),
    gender: text({ enum: ["male", "female"] }),
    birthYear: smallint("birth_year"),
    beerId: integer("beer_id").notNull(),
    checkinAt: stamp("checkin_at").notNull(),
  },
  (t) => [
    index("checkins_location_time_idx").on(t.locationId, t.checkinAt).where(sql`${t.locationId} is not null`),
    // Nearby distinct users per beer: venue, then beer, then time (covering: see 0006's INCLUDE).
    index("checkins_venue_beer_time_idx").on(t.venueId, t.beerId, t.checkinAt),
  ],
);

/** Check-ins per venue, UTC day and beer, kept up to date on every insert: top nearby beers read this. */
export const venueBeerDays = pgTable(
  "venue_beer_days",
  {
    venueId: integer("venue_id").notNull(),
    day: date({ mode: "string" }).notNull(),
    beerId: integer("beer_id").notNull(),
    checkins: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.day, t.beerId] }),
    // Top nearby beers read venues by day: index-only with 0006's INCLUDE.
    index("venue_beer_days_venue_day_idx").on(t.venueId, t.day),
  ],
);

export const SUBSCRIPTION_KINDS = ["beers", "events"] as const;

/** A guest following a location's menu (beers) or its events. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    kind: text({ enum: SUBSCRIPTION_KINDS }).notNull(),
    subscribedAt: stamp("subscribed_at").notNull(),
  },
  (t) => [
    uniqueIndex("subscriptions_location_user_kind_key").on(t.locationId, t.userId, t.kind),
    index("subscriptions_location_time_idx").on(t.locationId, t.subscribedAt),
  ],
);

/** Where `npm run sync:checkins` got to for a location: the newest platform check-in id imported. */
export const checkinSyncState = pgTable("checkin_sync_state", {
  locationId: integer("location_id")
    .primaryKey()
    .references(() => locations.id, { onDelete: "cascade" }),
  lastCheckinId: bigint("last_checkin_id", { mode: "number" }).notNull(),
  syncedAt: stamp("synced_at").notNull(),
});

// ---- The v4 sandbox upstream ----------------------------------------------------------------------
// The built-in beer platform served under /sandbox (lib/v4-sandbox). Catalogue rows carry fixed ids
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
