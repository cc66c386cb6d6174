import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "@/lib/db/schema/columns";

// ---- The Square sandbox ----------------------------------------------------------------------------
// The built-in stand-in for Square's API (sandbox/square/), its state in one table of records as
// Square writes them: locations, catalog objects (ITEM with its ITEM_VARIATIONs), inventory counts, orders,
// OAuth codes and tokens. `seq` orders every list and makes its cursor; `version` is the catalog's
// optimistic-concurrency version, as Square's.

export const sandboxSquareRecords = pgTable(
  "sandbox_square_records",
  {
    id: text().primaryKey(),
    /** location | catalog | inventory | order | payment | code | token | refresh | idem */
    kind: text().notNull(),
    merchantId: text("merchant_id").notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (t) => [index("sandbox_square_records_kind_idx").on(t.kind, t.merchantId, t.seq)],
);
