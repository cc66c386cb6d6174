import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "@/lib/db/schema/columns";

// ---- The Toast sandbox -----------------------------------------------------------------------------
// The built-in stand-in for Toast's API (sandbox/toast/), its state in one table of records as Toast
// writes them: restaurants, menu items (with their Size options), stock, orders, API clients and their
// access tokens. `seq` orders every list; `restaurant_guid` is the Toast-Restaurant-External-ID a record
// belongs to (empty for clients and tokens).

export const sandboxToastRecords = pgTable(
  "sandbox_toast_records",
  {
    id: text().primaryKey(),
    /** restaurant | item | stock | order | client | token */
    kind: text().notNull(),
    restaurantGuid: text("restaurant_guid").notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [index("sandbox_toast_records_kind_idx").on(t.kind, t.restaurantGuid, t.seq)],
);
