import { z } from "zod";
import { resourceFields, timestamp } from "@/lib/shared/schemas";

// POST /locations/:id/imports and its companions (venue-operations §6). Isomorphic: the dashboard's
// import dialog reads the defaults and the answers' types from here.

export const SOURCES = ["utfb"] as const;
export type SourceName = (typeof SOURCES)[number];
/** The public API of the service venues move from: the dashboard's default. */
export const DEFAULT_SOURCE_BASE_URL = "https://business.untappd.com";
/** What an import counts, in the order the plan lists them. */
export const KINDS = ["menus", "sections", "items", "containers", "events", "hours"] as const;

const access = {
  source: z.enum(SOURCES).default("utfb").describe("The service the location moves from: its v1 API is read"),
  base_url: z
    .url({ protocol: /^https?$/ })
    .default(DEFAULT_SOURCE_BASE_URL)
    .describe("The source's base URL (its API is under /api/v1)"),
  email: z.string().trim().min(1).max(320).describe("The email of the source account"),
  token: z.string().trim().min(1).max(500).describe("Its read-only API token: used for this request only, never stored"),
};

export const sourceLocationsBody = z.strictObject(access);

export const importBody = resourceFields(
  "import",
  z.strictObject({
    ...access,
    source_location_id: z
      .number()
      .int()
      .positive()
      .describe("The source location to import from (GET …/imports/source_locations lists them)"),
    dry_run: z.boolean().default(false).describe("true: answer the plan and write nothing"),
  }),
);

const tally = z.strictObject({ create: z.number().int(), update: z.number().int(), remove: z.number().int(), unchanged: z.number().int() });
const counts = z.strictObject(Object.fromEntries(KINDS.map((kind) => [kind, tally])) as Record<(typeof KINDS)[number], typeof tally>);
const plan = {
  counts,
  conflicts: z.array(z.strictObject({ kind: z.string(), message: z.string() })),
  removals: z
    .array(z.strictObject({ type: z.string(), name: z.string() }))
    .describe("What the import removes: records it took earlier that the source no longer has"),
};

export const planEnvelope = z.strictObject({ plan: z.strictObject(plan) });

export const importRecord = z.strictObject({
  id: z.number().int(),
  location_id: z.number().int(),
  source: z.string(),
  base_url: z.string(),
  source_location_id: z.number().int(),
  dry_run: z.boolean(),
  status: z.enum(["running", "done", "failed"]),
  progress: z.strictObject({ done: z.number().int(), total: z.number().int() }),
  counts: counts.nullable(),
  error: z.string().nullable(),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type ImportResponse = z.infer<typeof importRecord>;
export type PlanResponse = z.infer<typeof planEnvelope>["plan"];

export const importEnvelope = z.strictObject({ import: importRecord.extend(plan).extend({ counts }) });
export const importListEnvelope = z.strictObject({ imports: z.array(importRecord) });

export const sourceLocationsEnvelope = z.strictObject({
  locations: z.array(
    z.strictObject({
      id: z.number().int(),
      name: z.string(),
      city: z.string().nullable(),
      currency: z.string().nullable(),
      time_zone: z.string().nullable(),
    }),
  ),
});
