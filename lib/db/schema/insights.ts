import { sql } from "drizzle-orm";
import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, stamp } from "./columns";
import { locations } from "./venues";

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
