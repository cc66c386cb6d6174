import { endpoint, resource } from "@/lib/http/handler";
import { signOutEverywhere } from "@/lib/auth/account-security";
import { clearedSessionCookie, isSecureRequest } from "@/lib/auth/browser-sessions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // DELETE /api/v1/current_user/sessions — sign out everywhere: every browser session of the caller ends (API tokens stay)
  DELETE: endpoint({ may: "account", scope: "none", response: { 204: null } }, async ({ db, caller, request }) => {
    await signOutEverywhere(db, caller.user.id);
    // A browser that asked is signed out too: its cookie is cleared along with the rest.
    const headers: Record<string, string> = { "cache-control": "no-store" };
    if (caller.via === "session") headers["set-cookie"] = clearedSessionCookie(isSecureRequest(request));
    return new Response(null, { status: 204, headers });
  }),
});
