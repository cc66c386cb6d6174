import { z } from "zod";
import { newPasswordInput } from "./signup";

// Account security (venue-operations §4): changing one's password and signing out everywhere.

/**
 * A new password ends the person's API tokens and integration keys with their other sessions, unless
 * they keep them (decision 075): after a compromise the intruder's token must die too.
 */
export const keepApiKeysInput = z
  .boolean({ error: "must be true or false" })
  .default(false)
  .meta({ description: "Keep your API tokens and integration keys working. Default false: they end with the change." });

export const changePasswordBody = z.object(
  {
    current_password: z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
    new_password: newPasswordInput,
    keep_api_keys: keepApiKeysInput,
  },
  { error: "must be a JSON object with current_password and new_password" },
);

export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
