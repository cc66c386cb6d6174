import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { locations } from "./venues";

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
