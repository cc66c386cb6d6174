import type { Db } from "@/lib/db/client";
import { clearedSessionCookie, endBrowserSession, isSecureRequest, readSessionCookie } from "@/lib/auth/browser-sessions";
import { crossSiteRefusal } from "./forms";

// POST /sign-out (decision 070): the dashboard's Sign out button is a form that needs no script. The same
// as DELETE /api/session: the cookie's session ends, the cookie is cleared, and the same-origin rule holds
// (another site's page cannot sign a person out). It renders no page (decision 092): a refusal, which only
// another site's form meets, is said in plain text.

/** Ends the cookie's session (if any), clears the cookie, 303 to /sign-in; idempotent. */
export async function submitSignOut(db: Db, request: Request): Promise<Response> {
  const crossSite = crossSiteRefusal(request);
  if (crossSite) {
    return new Response(`You are still signed in. ${crossSite.detail}\n`, {
      status: crossSite.status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const token = readSessionCookie(request);
  if (token) await endBrowserSession(db, token);
  const headers = new Headers({ location: "/sign-in", "cache-control": "no-store" });
  headers.append("set-cookie", clearedSessionCookie(isSecureRequest(request)));
  return new Response(null, { status: 303, headers });
}
