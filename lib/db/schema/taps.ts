import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, stamp, timestamps } from "./columns";
import { containers, items } from "./menus";
import { locations } from "./venues";

// Taps and kegs (venue-operations §8, decision 065): a tap is a numbered line at a location pouring one
// item's container; a keg is what is on it now (one keg in service per tap) and before; a pour is one
// measured volume drawn from a keg, counted once per (tap, idempotency key).

export const taps = pgTable(
  "taps",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    number: integer().notNull(),
    name: text(),
    // What the tap pours: an item of one of the location's menus and the container a pour is sold in.
    itemId: integer("item_id").references(() => items.id, { onDelete: "set null" }),
    containerId: integer("container_id").references(() => containers.id, { onDelete: "set null" }),
    // The items that go on next, first first (item ids of the same location).
    onDeck: jsonb("on_deck").$type<number[]>().notNull().default([]),
    // Its line (venue-operations §14): the latest temperature read, since when it has been above the
    // location's limit (null: not above), when `tap.too_warm` was told for that spell, when the line was
    // last cleaned and when `tap.line_cleaning_due` was told for that cleaning.
    temperatureC: numeric("temperature_c", { precision: 5, scale: 2 }),
    temperatureAt: stamp("temperature_at"),
    warmSince: stamp("warm_since"),
    tooWarmToldAt: stamp("too_warm_told_at"),
    lineCleanedAt: stamp("line_cleaned_at"),
    cleaningToldAt: stamp("cleaning_told_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("taps_location_number_key").on(t.locationId, t.number), check("taps_number_min", sql`${t.number} >= 1`)],
);

export const kegs = pgTable(
  "kegs",
  {
    id: id(),
    tapId: integer("tap_id")
      .notNull()
      .references(() => taps.id, { onDelete: "cascade" }),
    // The item the keg was tapped for (kept when the tap moves on).
    itemId: integer("item_id").references(() => items.id, { onDelete: "set null" }),
    sizeMl: numeric("size_ml", { precision: 12, scale: 3 }).notNull(),
    // Lowered by one atomic UPDATE per pour (lib/taps/pours.ts), never under zero.
    remainingMl: numeric("remaining_ml", { precision: 12, scale: 3 }).notNull(),
    tappedAt: stamp("tapped_at").notNull(),
    forecastEmptyAt: stamp("forecast_empty_at"),
    // When `tap.keg_low` was recorded (once per keg) and when the keg was kicked (drained or by hand).
    lowAt: stamp("low_at"),
    kickedAt: stamp("kicked_at"),
    // What the venue paid for the keg and the deposit on it, in the location's currency (venue-operations §15).
    cost: numeric({ precision: 10, scale: 2 }),
    deposit: numeric({ precision: 10, scale: 2 }),
    // Set when another keg took its place (or the tap was kicked): no longer in service.
    endedAt: stamp("ended_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("kegs_in_service_key").on(t.tapId).where(sql`${t.endedAt} is null`),
    check("kegs_size_positive", sql`${t.sizeMl} > 0`),
    check("kegs_remaining_range", sql`${t.remainingMl} >= 0 and ${t.remainingMl} <= ${t.sizeMl}`),
  ],
);

export const pours = pgTable(
  "pours",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tapId: integer("tap_id")
      .notNull()
      .references(() => taps.id, { onDelete: "cascade" }),
    kegId: integer("keg_id")
      .notNull()
      .references(() => kegs.id, { onDelete: "cascade" }),
    volumeMl: numeric("volume_ml", { precision: 10, scale: 3 }).notNull(),
    at: stamp("at").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    // Where the pour was counted: a meter (a sensor, a flow meter's batch, POST /taps/:id/pours) or a
    // sale at the POS (pos.md §5), so the pour variance can set what was poured beside what was sold.
    source: text().$type<"meter" | "pos">().notNull().default("meter"),
    // The first answer, given again to a retry with the same key.
    answer: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pours_tap_key_key").on(t.tapId, t.idempotencyKey),
    index("pours_keg_at_idx").on(t.kegId, t.at),
    check("pours_volume_positive", sql`${t.volumeMl} > 0`),
    check("pours_source", sql`${t.source} in ('meter', 'pos')`),
  ],
);

/** One flow-meter ingest token per location (POST /locations/:id/ingest_token): only its hash is kept. */
export const tapIngestTokens = pgTable("tap_ingest_tokens", {
  locationId: integer("location_id")
    .primaryKey()
    .references(() => locations.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull(),
  prefix: text().notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
});
