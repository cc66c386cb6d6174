import { z } from "zod";

// POST /import's answer (venue-operations §6, decision 060); the file's own schema is format.ts.

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
