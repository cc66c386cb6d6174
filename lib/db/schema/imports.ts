import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { ChangeActor } from "./changes";
import { id, stamp } from "./columns";
import { businesses, locations } from "./venues";

/**
 * One run of an import from another service into a location (venue-operations §6), dry or not: what it
 * read from and how far it got, so the dashboard can show progress while the source is read (from any
 * instance: the row is written outside the import's own transaction) and the location keeps a record
 * of where its menus came from. Never holds the source's token.
 */
export const imports = pgTable(
  "imports",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    source: text().notNull(),
    baseUrl: text("base_url").notNull(),
    sourceLocationId: integer("source_location_id").notNull(),
    dryRun: boolean("dry_run").notNull(),
    status: text().notNull().default("running"),
    // Source reads done and planned: the plan grows as the menu list is read.
    stepsDone: integer("steps_done").notNull().default(0),
    stepsTotal: integer("steps_total").notNull().default(0),
    counts: jsonb().$type<Record<string, unknown>>(),
    error: text(),
    actor: jsonb().$type<ChangeActor>().notNull(),
    startedAt: stamp("started_at").notNull().defaultNow(),
    finishedAt: stamp("finished_at"),
  },
  (t) => [
    index("imports_location_id_idx").on(t.locationId, t.id),
    check("imports_status_valid", sql`${t.status} in ('running', 'done', 'failed')`),
  ],
);
