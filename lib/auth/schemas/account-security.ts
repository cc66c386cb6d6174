import { z } from "zod";
import { newPasswordInput } from "./signup";

// Account security (venue-operations §4): changing one's password and signing out everywhere.

export const changePasswordBody = z.object(
  {
    current_password: z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
    new_password: newPasswordInput,
  },
  { error: "must be a JSON object with current_password and new_password" },
);

export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
