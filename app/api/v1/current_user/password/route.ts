import { endpoint, resource } from "@/lib/http/handler";
import { changePassword } from "@/lib/auth/account-security";
import { readSessionCookie } from "@/lib/auth/browser-sessions";
import { changePasswordBody } from "@/lib/auth/schemas/account-security";
import { loginClient } from "@/lib/auth/login-limits";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/current_user/password — change one's password; every other browser session, the API tokens and the integration keys of the user end (keep_api_keys keeps the tokens and keys)
  POST: endpoint(
    { may: "account", scope: "none", body: changePasswordBody, response: { 204: null }, problems: [429] },
    async ({ db, caller, body, request }) => {
      await changePassword(db, {
        user: caller.user,
        currentPassword: body.current_password,
        newPassword: body.new_password,
        keepApiKeys: body.keep_api_keys,
        client: loginClient(request),
        // The browser the change came from stays signed in; a token caller keeps no session.
        keepSession: caller.via === "session" ? readSessionCookie(request) : null,
      });
      return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
    },
  ),
});
