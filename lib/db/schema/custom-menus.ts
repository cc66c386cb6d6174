import { sql } from "drizzle-orm";
import { boolean, check, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { locations } from "./venues";

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
    // Numbered from the menus' own sequence (migration 0017, decision 052): `GET /menus/:id?include_legacy=true`
    // finds a custom menu by its id only when no menu has that id, so the two never share one.
    id: integer().primaryKey().default(sql`nextval('menus_id_seq')`),
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
