import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { id, stamp, timestamps } from "./columns";

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
    // The locations a manager or staff member works at; null for owners (every location of the business).
    locationIds: integer("location_ids").array(),
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
    // A token alone (v4's access_token, contract §7) finds its user by either hash.
    index("users_token_hash_idx").on(t.tokenHash),
    index("users_read_only_token_hash_idx").on(t.readOnlyTokenHash),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_role_valid", sql`${t.role} in ('owner', 'manager', 'staff')`),
    check("users_owner_all_locations", sql`(${t.role} = 'owner') = (${t.locationIds} is null)`),
  ],
);

/** A user as stored: the caller of every authenticated request. */
export type User = typeof users.$inferSelect;

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
    // A keg at or under this share left records `tap.keg_low` once (venue-operations §8).
    kegLowPercent: integer("keg_low_percent").notNull().default(15),
    // A line above this for 10 minutes records `tap.too_warm`; one not cleaned for this many days
    // records `tap.line_cleaning_due` (venue-operations §14).
    maxTemperatureC: numeric("max_temperature_c", { precision: 4, scale: 1 }).notNull().default("7"),
    lineCleaningDays: integer("line_cleaning_days").notNull().default(14),
    // Set by POST /locations/:id/custom_menus/migrate; custom-menu writes answer 409 afterwards.
    customMenusMigratedAt: stamp("custom_menus_migrated_at"),
    // Raised with any change to any of the location's menus, once per transaction (the triggers of
    // migration 0008_live_menus, like menus.version).
    menusVersion: integer("menus_version").notNull().default(1),
    menusVersionTx: bigint("menus_version_tx", { mode: "number" }),
    // The last change id of this location that the prune removed: an older feed cursor is 410.
    changesPrunedThrough: bigint("changes_pruned_through", { mode: "number" }).notNull().default(0),
    // Set by DELETE /locations/:id (venue-operations §2): out of every list and read, restorable for 30 days.
    archivedAt: stamp("archived_at"),
    // The origins (scheme://host[:port]) whose pages may frame the location's embedded menus (CSP
    // frame-ancestors, venue-operations §9); empty: none may.
    embedOrigins: jsonb("embed_origins").$type<string[]>().notNull().default([]),
    // Which food-information rule guests' menus follow (venue-operations §13): eu, uk, us or none.
    labelling: text().$type<"eu" | "uk" | "us" | "none">().notNull().default("none"),
    // The languages guests may read the menus in (venue-operations §13, decision 097): BCP 47 tags, the
    // default first (the language of the rows' own texts), at most 10.
    languages: jsonb().$type<string[]>().notNull().default(["en"]),
    ...timestamps,
  },
  (t) => [
    index("locations_business_id_idx").on(t.businessId),
    check("locations_labelling_valid", sql`${t.labelling} in ('eu', 'uk', 'us', 'none')`),
  ],
);

export const containerSizes = pgTable(
  "container_sizes",
  {
    id: id(),
    name: text().notNull(),
    ounces: numeric({ precision: 10, scale: 4 }).notNull(),
    // What it holds in its own unit, as guests and staff read it (issue 49): 568 ml, 0.5 l, 16 oz.
    // `ounces` stays the same volume in US fluid ounces (the v1 field).
    unit: text().$type<"oz" | "ml" | "l">().notNull().default("oz"),
    volume: numeric({ precision: 10, scale: 4 }).notNull(),
    position: integer().notNull(),
    containerSizeGroupId: integer("container_size_group_id").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("container_sizes_name_key").on(t.name),
    uniqueIndex("container_sizes_position_key").on(t.position),
    check("container_sizes_unit_valid", sql`${t.unit} in ('oz', 'ml', 'l')`),
    check("container_sizes_volume_positive", sql`${t.volume} > 0`),
  ],
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
    // See menus.source_id.
    sourceId: text("source_id"),
    ...timestamps,
  },
  (t) => [
    index("events_location_start_idx").on(t.locationId, t.startTime),
    uniqueIndex("events_location_source_id_key").on(t.locationId, t.sourceId),
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

/**
 * Special hours (venue-operations §11): one date's hours in the location's zone, replacing its weekday's
 * everywhere hours count ("open now", `next_open`, boards). `close` before `open` runs past midnight.
 */
export const specialHours = pgTable(
  "special_hours",
  {
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    closed: boolean().notNull(),
    openAt: time("open_at"),
    closeAt: time("close_at"),
    note: text(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.date] }),
    check("special_hours_closed_or_times", sql`${t.closed} = (${t.openAt} is null and ${t.closeAt} is null)`),
  ],
);
