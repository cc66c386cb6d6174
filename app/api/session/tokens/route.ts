import { endpoint, resource } from "@/lib/http/handler";
import { ApiError } from "@/lib/server/errors";
import { json } from "@/lib/http/responses";
import { tokenPairResponse } from "@/lib/auth/schemas/sessions";
import { assertNotCrossSite } from "@/lib/auth/same-origin";
import { findBrowserSessionUser, readSessionCookie } from "@/lib/auth/browser-sessions";
import { tokensOf } from "@/lib/auth/sessions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/session/tokens — the signed-in user's token pair, for the dashboard's API settings.
  // The session cookie only: a Basic caller (perhaps holding just the read-only token) gets 401.
  GET: endpoint({ auth: false, guard: assertNotCrossSite, response: tokenPairResponse }, async ({ db, request }) => {
    if (request.headers.has("authorization")) {
      throw new ApiError("unauthorized", "The tokens are shown only to a signed-in dashboard session, not to Basic authentication.");
    }
    const token = readSessionCookie(request);
    const user = token ? await findBrowserSessionUser(db, token) : null;
    if (!user) throw new ApiError("unauthorized", "Sign in to the dashboard to see your API tokens.");
    const { auth_token, auth_token_read_only } = tokensOf(user);
    return json({ auth_token, auth_token_read_only });
  }),
});
