import { recordsTable } from "../records";

// ---- The Square sandbox ----------------------------------------------------------------------------
// The built-in stand-in for Square's API (sandbox/square/), its state in one table of records as
// Square writes them: locations, catalog objects (ITEM with its ITEM_VARIATIONs), inventory counts, orders,
// OAuth codes and tokens. `seq` orders every list and makes its cursor; `version` is the catalog's
// optimistic-concurrency version, as Square's. Kinds: location | catalog | inventory | order | payment |
// code | token | refresh | idem.

export const sandboxSquareRecords = recordsTable("sandbox_square_records", "merchant_id");
