import { z } from "zod";
import { timestamp } from "@/lib/shared/schemas";
import { keepApiKeysInput } from "./account-security";
import { emailInput, newPasswordInput } from "./signup";

// Password resets (venue-operations §4): a one-time link, valid one hour, mailed on request or made by
// an owner for a member to hand over. The link is `${APP_URL}/reset-password?token=…`.

export const requestPasswordResetBody = z.object({ email: emailInput }, { error: "must be a JSON object with email" });

/**
 * 202, the same whether or not an account uses the email (it tells nobody who has an account).
 * `mail_enabled` is the server's setting, not the account's: false when this server sends no mail
 * (SMTP_URL unset), so the form can say to ask the business's owner for a link instead.
 */
export const passwordResetRequestedResponse = z.strictObject({
  mail_enabled: z.boolean().meta({ description: "Whether this server sends mail at all; when false, ask an owner for a reset link." }),
});

export const completePasswordResetBody = z.object(
  {
    // The link's token: 43 URL-safe characters; anything else is a link that does not work (410).
    token: z.string({ error: "is required" }).min(1, "is required").max(200, "is too long"),
    password: newPasswordInput,
    keep_api_keys: keepApiKeysInput,
  },
  { error: "must be a JSON object with token and password" },
);

export type CompletePasswordResetBody = z.infer<typeof completePasswordResetBody>;

/** 201 to an owner: the member's one-time link, shown once, and when it stops working. */
export const memberPasswordResetResponse = z.strictObject({ url: z.url(), expires_at: timestamp });

export type MemberPasswordResetResponse = z.infer<typeof memberPasswordResetResponse>;
