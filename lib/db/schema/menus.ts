import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, stamp, timestamps } from "./columns";
import { containerSizes, locations } from "./venues";

// ---- Consolidated menus -------------------------------------------------------------------------
// Sibling positions are unique per parent through DEFERRABLE constraints added in a hand-written
// migration (drizzle-kit cannot declare them): a batch may swap positions inside one transaction,
// and the database still refuses two siblings at one position when it commits.

/** As stored: the shapes lib/schedules/ validates and evaluates (venue-operations §7). */
type Weekday = "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
type StoredWindow = { days: Weekday[]; start: string; end: string };
export type StoredSchedule = { windows: StoredWindow[]; from?: string | null; until?: string | null };
export type StoredTimePrice = StoredWindow & { price: string };
/** Why an item is 86'd (venue-operations §8): by hand, its keg kicked, or sold out at the till (pos.md §4). */
export type EightySixReason = "manual" | "kicked" | "pos";
/** venue-operations §13: the EU's 14 allergens (the US's major 9 mapped onto them) and the dietary tags. */
export type StoredAllergen =
  | "gluten"
  | "crustaceans"
  | "eggs"
  | "fish"
  | "peanuts"
  | "soybeans"
  | "milk"
  | "nuts"
  | "celery"
  | "mustard"
  | "sesame"
  | "sulphites"
  | "lupin"
  | "molluscs";
/**
 * The venue's own texts in the location's other languages (venue-operations §13, decision 097): by
 * language tag, the fields translated; a field absent falls back to the row's own (default-language) text.
 */
export type StoredTranslations = Record<string, { name?: string; description?: string; footer?: string }>;
export type StoredDietary = "vegan" | "vegetarian" | "gluten_free" | "alcohol_free" | "low_alcohol";

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
    // When the menu is on (venue-operations §7), on the location's clock; null: always.
    schedule: jsonb().$type<StoredSchedule>(),
    // The last schedule boundary (a window or happy hour turning) recorded as `menu.schedule_changed`
    // (lib/menus/schedule-boundaries.ts): one change per boundary on every instance together.
    scheduleEpoch: stamp("schedule_epoch"),
    translations: jsonb().$type<StoredTranslations>().notNull().default({}),
    // Raised by 1 per committed transaction that changes the menu or its tree: by the database's
    // triggers (migration 0008_live_menus), never by application code. version_tx marks the
    // transaction that raised it last, so one transaction raises it once.
    version: integer().notNull().default(1),
    versionTx: bigint("version_tx", { mode: "number" }),
    // Where an import (venue-operations §6) took the record from: the source and its id there
    // (lib/imports/). The next import from that source updates or removes it; null for the venue's own.
    sourceId: text("source_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("menus_legacy_menu_id_key").on(t.legacyMenuId),
    uniqueIndex("menus_location_source_id_key").on(t.locationId, t.sourceId),
    check("menus_position_min", sql`${t.position} >= 0`),
  ],
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
    schedule: jsonb().$type<StoredSchedule>(),
    translations: jsonb().$type<StoredTranslations>().notNull().default({}),
    sourceId: text("source_id"),
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
    // 86 (out of stock): in force while eighty_sixed_at is set and eighty_sixed_until is null or later
    // than now, so an 86 ends by time alone with no job for the reads (live-menus §7).
    eightySixedAt: stamp("eighty_sixed_at"),
    eightySixedUntil: stamp("eighty_sixed_until"),
    // Set with eighty_sixed_at and cleared with it; null where the 86 came from an older release or export.
    eightySixedReason: text("eighty_sixed_reason").$type<EightySixReason>(),
    // What guests must be able to read (venue-operations §13), in the lists' own order, each at most once.
    allergens: jsonb().$type<StoredAllergen[]>().notNull().default([]),
    dietary: jsonb().$type<StoredDietary[]>().notNull().default([]),
    translations: jsonb().$type<StoredTranslations>().notNull().default({}),
    sourceId: text("source_id"),
    ...timestamps,
  },
  (t) => [
    check("items_position_min", sql`${t.position} >= 0`),
    check("items_eighty_sixed_reason", sql`${t.eightySixedReason} in ('manual', 'kicked', 'pos')`),
    // The items 86'd now, few among many: what the sweeper (ordered by end) and the "86'd now" list read.
    index("items_eighty_sixed_idx").on(t.eightySixedUntil).where(sql`${t.eightySixedAt} is not null`),
  ],
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
    // Happy-hour prices (venue-operations §7): windows that never overlap; null: the price at all times.
    timePrices: jsonb("time_prices").$type<StoredTimePrice[]>(),
    position: integer().notNull(),
    sourceId: text("source_id"),
    ...timestamps,
  },
  (t) => [check("containers_position_min", sql`${t.position} >= 0`), check("containers_price_min", sql`${t.price} >= 0`)],
);
