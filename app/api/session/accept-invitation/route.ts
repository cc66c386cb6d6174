import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { sessionUserEnvelope } from "@/lib/auth/schemas/users";
import { endBrowserSession, isSecureRequest, readSessionCookie, sessionCookie, startBrowserSession } from "@/lib/auth/browser-sessions";
import { signedInCookies } from "@/lib/auth/devices";
import { readCurrentUser } from "@/lib/auth/current-user";
import { acceptInvitation } from "@/lib/team/invitations";
import { acceptInvitationBody } from "@/lib/team/schemas";

// The dashboard's acceptance page: the same acceptance as POST /api/v1/invitations/accept, and the new
// member is signed in (the session cookie), never shown tokens. Same-origin only, as POST /api/session.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/session/accept-invitation — accept an invitation and start a session for the new member
  POST: endpoint(
    { auth: false, guard: assertSameOrigin, body: acceptInvitationBody, response: { 201: sessionUserEnvelope } },
    async ({ db, body, request }) => {
      const { user } = await acceptInvitation(db, { ...body, via: "session" });
      // Whoever was signed in on this browser before is signed out: the browser is the new member's now.
      const previous = readSessionCookie(request);
      if (previous) await endBrowserSession(db, previous);
      const now = new Date();
      const { token, expiresAt } = await startBrowserSession(db, { userId: user.id, now });
      const cookie = sessionCookie(token, expiresAt, isSecureRequest(request), now);
      // The browser is remembered as one that signed in to the account (lib/auth/devices.ts).
      const headers = signedInCookies(request, { session: cookie, userId: user.id, now });
      return json({ user: await readCurrentUser(db, user) }, { status: 201, headers });
    },
  ),
});
