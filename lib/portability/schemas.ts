import { z } from "zod";
import { PARTS, PEOPLE, rowSchema } from "./tables";

// The whole-business export (venue-operations §6, decision 060): `GET /export` writes it, `POST /import`
// reads it back. Versioned: a later format raises `version`; this release reads version 1.

export const EXPORT_FORMAT = "taproom-export";
export const EXPORT_VERSION = 1;
/** The largest export POST /import reads (the ordinary body ceiling, MAX_BODY_BYTES, is for edits). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

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

const invitationLink = z.strictObject({ email: z.string(), role: z.string(), url: z.url() });

export const importResponse = z.strictObject({
  import: z.strictObject({
    /** Rows restored per table. */
    counts: z.record(z.string(), z.number().int().min(0)),
    /** The export's other members and pending invitations, invited again: each link is shown this once. */
    invitations: z.array(invitationLink),
    /** Emails not invited again: they have an account in this install already. */
    skipped: z.array(z.strictObject({ email: z.string(), reason: z.string() })),
  }),
});
export type ImportResponse = z.infer<typeof importResponse>["import"];
