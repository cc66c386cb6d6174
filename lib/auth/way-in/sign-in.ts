import type { Db } from "@/lib/db/client";
import { startBrowserSession } from "@/lib/auth/browser-sessions";
import { loginClient } from "@/lib/auth/login-limits";
import { safeNextPath } from "@/lib/auth/page-session";
import { createSessionBody } from "@/lib/auth/schemas/sessions";
import type { SignInState } from "@/lib/auth/schemas/way-in";
import { verifyLogin } from "@/lib/auth/sessions";
import { ApiError } from "@/lib/server/errors";
import { crossSiteRefusal, type Outcome, schemaErrors, signedInSetCookies } from "./forms";

// The sign-in page's rules (decision 092; app/sign-in/page.tsx shows it, its Server Action posts here).
// The same check and login limits as POST /api/session (verifyLogin); the browser's device cookie is
// sent to the page too (lib/auth/devices.ts), so a browser that signed in before is held to its own count.

/** What brought the person here, said at the top of the card (?notice=…). */
const NOTICES: Record<string, string> = {
  "password-reset": "Your password was changed. Sign in with the new one.",
  "signed-out-everywhere": "You were signed out on every device.",
};

/** The notice a ?notice= names, or undefined. */
export const signInNotice = (key: string | undefined): string | undefined =>
  key && Object.hasOwn(NOTICES, key) ? NOTICES[key] : undefined;

/** The sign-in form's press: signed in (session and device cookies), on to `next`; else the form again, saying what was wrong. */
export async function submitSignIn(
  db: Db,
  request: Request,
  fields: { email: string; password: string; next: string },
): Promise<Outcome<SignInState>> {
  const next = safeNextPath(fields.next);
  const again = (status: number, view: Omit<SignInState, "email">): Outcome<SignInState> => ({
    status,
    state: { email: fields.email, ...view },
  });

  const crossSite = crossSiteRefusal(request);
  if (crossSite) return again(crossSite.status, { errors: {}, failure: crossSite.detail });
  const parsed = createSessionBody.safeParse({ email: fields.email, password: fields.password });
  if (!parsed.success) return again(422, { errors: schemaErrors(parsed.error), failure: null });

  const now = new Date();
  let userId: number;
  try {
    userId = (await verifyLogin(db, { ...parsed.data, client: loginClient(request), now })).id;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return again(error.status, { errors: {}, failure: error.detail });
  }
  const session = await startBrowserSession(db, { userId, now });
  return { go: next, cookies: await signedInSetCookies(db, request, { session, userId, now }) };
}
