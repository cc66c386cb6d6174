import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { items } from "./menus";
import { locations } from "./venues";

// Reorder (venue-operations §15, decision 096): a location's distributors, each with its lead time, and
// per beer (an item of the location's menus, as kegs name it) its par level, the full kegs in the
// cellar and the distributor it is ordered from.

export const distributors = pgTable(
  "distributors",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text().notNull(),
    // Calendar days from an order to the delivery.
    leadTimeDays: integer("lead_time_days").notNull(),
    email: text(),
    phone: text(),
    notes: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("distributors_location_name_key").on(t.locationId, sql`lower(${t.name})`),
    check("distributors_lead_time_range", sql`${t.leadTimeDays} >= 0 and ${t.leadTimeDays} <= 90`),
  ],
);

export const parLevels = pgTable(
  "par_levels",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    // The kegs the venue wants on hand after a delivery.
    parKegs: integer("par_kegs").notNull(),
    // Full kegs in the cellar that are on no tap's on-deck list (those count apart).
    fullKegs: integer("full_kegs").notNull().default(0),
    distributorId: integer("distributor_id").references(() => distributors.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("par_levels_item_key").on(t.itemId),
    index("par_levels_location_idx").on(t.locationId),
    index("par_levels_distributor_idx").on(t.distributorId),
    check("par_levels_par_range", sql`${t.parKegs} >= 0 and ${t.parKegs} <= 999`),
    check("par_levels_full_range", sql`${t.fullKegs} >= 0 and ${t.fullKegs} <= 9999`),
  ],
);
