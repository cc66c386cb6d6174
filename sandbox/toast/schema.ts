import { recordsTable } from "../records";

// ---- The Toast sandbox -----------------------------------------------------------------------------
// The built-in stand-in for Toast's API (sandbox/toast/), its state in one table of records as Toast
// writes them: restaurants, menu items (with their Size options), stock, orders, API clients and their
// access tokens. `seq` orders every list; `restaurant_guid` is the Toast-Restaurant-External-ID a record
// belongs to (empty for clients and tokens). Kinds: restaurant | item | stock | order | client | token.

export const sandboxToastRecords = recordsTable("sandbox_toast_records", "restaurant_guid");
