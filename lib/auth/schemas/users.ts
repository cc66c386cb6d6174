import { z } from "zod";
import { envelope, recordId, timestamp } from "@/lib/shared/schemas";

// GET /current_user, and the dashboard's GET/POST /api/session (lib/auth/current-user.ts).

export const currentUserResponse = z.strictObject({
  id: recordId,
  email: z.string(),
  name: z.string().nullable(),
  // "owner" or "manager" (a check constraint); the column is typed as text, so the type says string.
  role: z.string(),
  admin: z.boolean(),
  business_id: recordId,
  platform_username: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const currentUserEnvelope = envelope("current_user", currentUserResponse);
/** The dashboard's session routes name the user under `user`. */
export const sessionUserEnvelope = envelope("user", currentUserResponse);

export type CurrentUserResponse = z.infer<typeof currentUserResponse>;
