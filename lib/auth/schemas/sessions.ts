import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, withoutControlCharacters } from "@/lib/shared/schemas";

export const createSessionBody = z.object(
  {
    email: z
      .string({ error: "is required" })
      .trim()
      .min(1, "is required")
      .max(254, "is too long")
      .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE),
    password: z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
  },
  { error: "must be a JSON object with email and password" },
);

export type CreateSessionBody = z.infer<typeof createSessionBody>;

// ---- answers ----

/** The token pair: GET /api/session/tokens. */
export const tokenPairResponse = z.strictObject({ auth_token: z.string().min(1), auth_token_read_only: z.string().min(1) });
/** POST /api/v1/sessions: the pair with the email it signs in. */
export const sessionResponse = z.strictObject({ user: tokenPairResponse.extend({ email: z.string() }) });
/** DELETE /api/v1/sessions: both tokens were reset. */
export const resetTokensResponse = z.strictObject({ status: z.literal("OK") });

export type TokenPairResponse = z.infer<typeof tokenPairResponse>;
export type SessionUserResponse = z.infer<typeof sessionResponse>["user"];
