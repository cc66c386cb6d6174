import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { requestPasswordReset } from "@/lib/auth/password-resets";
import { passwordResetRequestedResponse, requestPasswordResetBody } from "@/lib/auth/schemas/password-resets";
import { clientAddress } from "@/lib/auth/login-limits";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/password_resets — ask for a reset link by mail; the same 202 whether or not the email has an account
  POST: endpoint(
    { auth: false, body: requestPasswordResetBody, response: { 202: passwordResetRequestedResponse }, problems: [429] },
    async ({ db, body, request }) => {
      // The mail is not waited for (lib/auth/password-resets.ts): the answer's timing tells nothing.
      const { mailEnabled } = await requestPasswordReset(db, { email: body.email, address: clientAddress(request) });
      return json({ mail_enabled: mailEnabled }, { status: 202 });
    },
  ),
});
