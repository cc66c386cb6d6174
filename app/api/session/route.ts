import { endpoint, resource } from "@/lib/http/handler";
import { ApiError } from "@/lib/server/errors";
import type { User } from "@/lib/db/schema";
import { json } from "@/lib/http/responses";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { createSessionBody } from "@/lib/auth/schemas/sessions";
import { sessionUserEnvelope } from "@/lib/auth/schemas/users";
import { signedInCookies } from "@/lib/auth/devices";
import { loginClient } from "@/lib/auth/login-limits";
import { verifyLogin } from "@/lib/auth/sessions";
import {
  clearedSessionCookie,
  endBrowserSession,
  findBrowserSessionUser,
  isSecureRequest,
  readSessionCookie,
  sessionCookie,
  startBrowserSession,
} from "@/lib/auth/browser-sessions";
import { readCurrentUser } from "@/lib/auth/current-user";

// The dashboard's own sign-in. No Basic auth here, and no WWW-Authenticate on a 401: the browser would
// answer it with its own sign-in dialog.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/session — sign in with email and password: sets the session and device cookies, never returns tokens
  POST: endpoint(
    { auth: false, guard: assertSameOrigin, body: createSessionBody, response: sessionUserEnvelope },
    async ({ db, body, request }) => {
      let user: User;
      try {
        // The same check (and login limits) as POST /api/v1/sessions.
        user = await verifyLogin(db, { ...body, client: loginClient(request) });
      } catch (error) {
        if (error instanceof ApiError && error.code === "unauthorized") throw new ApiError("unauthorized", error.detail);
        throw error;
      }
      const previous = readSessionCookie(request);
      if (previous) await endBrowserSession(db, previous);
      const now = new Date();
      const { token, expiresAt } = await startBrowserSession(db, { userId: user.id, now });
      const cookie = sessionCookie(token, expiresAt, isSecureRequest(request), now);
      // The browser is remembered as one that signed in to the account (lib/auth/devices.ts).
      const headers = signedInCookies(request, { session: cookie, userId: user.id, now });
      return json({ user: await readCurrentUser(db, user) }, { headers });
    },
  ),
  // DELETE /api/session — sign out: ends the cookie's session (if any) and clears the cookie; idempotent
  DELETE: endpoint({ auth: false, guard: assertSameOrigin, response: { 204: null } }, async ({ db, request }) => {
    const token = readSessionCookie(request);
    if (token) await endBrowserSession(db, token);
    return new Response(null, {
      status: 204,
      headers: { "cache-control": "no-store", "set-cookie": clearedSessionCookie(isSecureRequest(request)) },
    });
  }),
  // GET /api/session — who the session cookie signs in
  GET: endpoint({ auth: false, response: sessionUserEnvelope }, async ({ db, request }) => {
    const token = readSessionCookie(request);
    const user = token ? await findBrowserSessionUser(db, token) : null;
    if (!user) {
      // A stale cookie is cleared so the browser stops sending it.
      const headers: Record<string, string> = token ? { "set-cookie": clearedSessionCookie(isSecureRequest(request)) } : {};
      throw new ApiError("unauthorized", token ? "The session has expired or was ended: sign in again." : "Not signed in.", { headers });
    }
    return json({ user: await readCurrentUser(db, user) });
  }),
});
