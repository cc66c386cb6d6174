import { z } from "zod";
import { PARTS, PEOPLE, rowSchema } from "./tables";

// The whole-business export file (venue-operations §6, decision 060): `GET /export` writes it, `POST /import`
// reads it back. Versioned: a later format raises `version`; this release reads version 1. Built from the
// tables' definitions (tables.ts), so it is server-only; the answers' schemas are in schemas.ts.

export const EXPORT_FORMAT = "taproom-export";
export const EXPORT_VERSION = 1;
/**
 * The largest export POST /import reads (the ordinary body ceiling, MAX_BODY_BYTES, is for edits):
 * 8 MiB, a hundred times the demo business's 75 KiB. The body is held as text, parsed and checked whole
 * before the restore's transaction; on the small-server profile's 128 MiB heap, beside a 64 MiB live
 * set, an 8 MiB restore lives and a 16 MiB one runs out of memory (scripts/measure-restore-heap.ts,
 * decision 076). Past it: 413, read no further.
 */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;

const tables = z.strictObject(Object.fromEntries(PARTS.map((part) => [part.key, z.array(rowSchema(part))])));

export const exportFile = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: z.iso.datetime({ offset: true }),
  business: z.object({ id: z.number().int(), name: z.string().min(1) }),
  users: z.array(rowSchema(PEOPLE.users)),
  invitations: z.array(rowSchema(PEOPLE.invitations)),
  api_keys: z.array(rowSchema(PEOPLE.apiKeys)),
  tables,
});
export type ExportFile = z.infer<typeof exportFile>;
