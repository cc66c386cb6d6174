import { z } from "zod";
import { envelope, queryFlag } from "@/lib/shared/schemas";

// A menu as CSV (venue-operations §6, decision 059): the file both ways, and the import's answer.

const CSV = { contentMediaType: "text/csv" };

/** The file: UTF-8 (a BOM is taken), CRLF or LF, `,` or (for Excel's decimal-comma locales) `;`. */
export const menuCsvBody = z.string().meta({
  ...CSV,
  description:
    "A header row `section,item,brewery,style,abv,ibu,description,container,price,untappd_id`, then one row per item and container.",
});
export const menuCsvResponse = z.string().meta(CSV);
export const importCsvQuery = z.object({ dry_run: queryFlag });

const counts = z.strictObject({ sections: z.number().int().min(0), items: z.number().int().min(0), containers: z.number().int().min(0) });
const cell = z.string();
export const csvRowResponse = z.strictObject({
  /** The row's line as a spreadsheet numbers it (the header is line 1). */
  line: z.number().int().min(2),
  section: cell,
  item: cell,
  brewery: cell,
  style: cell,
  abv: cell,
  ibu: cell,
  description: cell,
  container: cell,
  price: cell,
  untappd_id: cell,
});
export const csvImportEnvelope = envelope(
  "import",
  z.strictObject({
    dry_run: z.boolean(),
    /** What the file holds: the menu's content after it is applied. */
    counts,
    /** What it replaces (or would): the menu's sections, items and containers before. */
    replaced: counts,
    rows: z.array(csvRowResponse),
    /** The menu's version after the import (a dry run: its version now). */
    version: z.number().int().min(1),
  }),
);
export type CsvImportResponse = z.infer<typeof csvImportEnvelope>["import"];
