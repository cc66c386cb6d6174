import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { signupBody } from "@/lib/auth/schemas/signup";
import { sessionUserEnvelope } from "@/lib/auth/schemas/users";
import { clientAddress } from "@/lib/auth/login-limits";
import { assertSignupOpen, signUp } from "@/lib/auth/signup";
import { endBrowserSession, isSecureRequest, readSessionCookie, sessionCookie, startBrowserSession } from "@/lib/auth/browser-sessions";
import { signedInCookies } from "@/lib/auth/devices";
import { readCurrentUser } from "@/lib/auth/current-user";

// The dashboard's sign-up: the same sign-up as POST /api/v1/signup (rules, limits, one transaction),
// and the new owner is signed in as POST /api/session signs in (the cookie; the tokens are not shown).

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/session/signup — create a business and its owner and sign in: sets the session and device cookies
  POST: endpoint(
    {
      auth: false,
      guard: (request) => {
        assertSameOrigin(request);
        assertSignupOpen();
      },
      body: signupBody,
      response: { 201: sessionUserEnvelope },
    },
    async ({ db, body, request }) => {
      const now = new Date();
      let session: { token: string; expiresAt: Date } | undefined;
      const { user } = await signUp(db, { ...body, address: clientAddress(request), now }, async (tx, owner) => {
        // The session is part of the sign-up: both are kept, or neither.
        session = await startBrowserSession(tx, { userId: owner.id, now });
      });
      const previous = readSessionCookie(request);
      if (previous) await endBrowserSession(db, previous);
      const cookie = sessionCookie(session!.token, session!.expiresAt, isSecureRequest(request), now);
      // The browser is remembered as one that signed in to the account (lib/auth/devices.ts).
      const headers = signedInCookies(request, { session: cookie, userId: user.id, now });
      return json({ user: await readCurrentUser(db, user) }, { status: 201, headers });
    },
  ),
});
