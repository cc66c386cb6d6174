import { z } from "zod";
import { ROLES } from "@/lib/auth/permissions";
import { envelope, recordId, timestamp } from "@/lib/shared/schemas";

// GET /current_user, and the dashboard's GET/POST /api/session (lib/auth/current-user.ts).

export const currentUserResponse = z.strictObject({
  id: recordId,
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  // The locations a manager or staff member works at; null for owners (every location).
  location_ids: z.array(recordId).nullable(),
  admin: z.boolean(),
  business_id: recordId,
  business: z.strictObject({ id: recordId, name: z.string() }),
  platform_username: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const currentUserEnvelope = envelope("current_user", currentUserResponse);
/** The dashboard's session routes name the user under `user`. */
export const sessionUserEnvelope = envelope("user", currentUserResponse);

export type CurrentUserResponse = z.infer<typeof currentUserResponse>;
