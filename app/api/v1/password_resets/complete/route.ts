import { endpoint, resource } from "@/lib/http/handler";
import { completePasswordReset } from "@/lib/auth/password-resets";
import { completePasswordResetBody } from "@/lib/auth/schemas/password-resets";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/password_resets/complete — set a new password with a reset link's token; every browser session, API token and integration key of the user ends (keep_api_keys keeps the tokens and keys)
  POST: endpoint({ auth: false, body: completePasswordResetBody, response: { 204: null }, problems: [410] }, async ({ db, body }) => {
    await completePasswordReset(db, { token: body.token, password: body.password, keepApiKeys: body.keep_api_keys });
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  }),
});
