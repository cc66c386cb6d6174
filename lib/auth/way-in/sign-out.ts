import type { Db } from "@/lib/db/client";
import { clearedSessionCookie, endBrowserSession, isSecureRequest, readSessionCookie } from "@/lib/auth/browser-sessions";
import { crossSiteRefusal } from "./forms";
import { htmlAnswer, link, paragraph, seeOther, wayInPage } from "./html";

// POST /sign-out (decision 070): the dashboard's Sign out button is a form that needs no script, as the
// sign-in it leads to is plain HTML. The same as DELETE /api/session: the cookie's session ends, the
// cookie is cleared, and the same-origin rule holds (another site's page cannot sign a person out).

/** Ends the cookie's session (if any), clears the cookie, 303 to /sign-in; idempotent. */
export async function submitSignOut(db: Db, request: Request): Promise<Response> {
  const crossSite = crossSiteRefusal(request);
  if (crossSite) {
    const page = wayInPage({
      title: "Sign out · Taproom",
      heading: "You are still signed in",
      body: paragraph(crossSite.detail),
      footer: paragraph(link("/dashboard", "Back to the dashboard")),
    });
    return htmlAnswer(page, crossSite.status);
  }
  const token = readSessionCookie(request);
  if (token) await endBrowserSession(db, token);
  return seeOther("/sign-in", [["set-cookie", clearedSessionCookie(isSecureRequest(request))]]);
}
