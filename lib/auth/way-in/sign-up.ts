import type { Db } from "@/lib/db/client";
import { startBrowserSession } from "@/lib/auth/browser-sessions";
import { clientAddress } from "@/lib/auth/login-limits";
import { checkPassword } from "@/lib/auth/password-rules";
import { signupBody } from "@/lib/auth/schemas/signup";
import type { SignUpState, SignUpValues } from "@/lib/auth/schemas/way-in";
import { signUp, signupOpen } from "@/lib/auth/signup";
import { ApiError } from "@/lib/server/errors";
import { crossSiteRefusal, type Outcome, problemFieldErrors, schemaErrors, signedInSetCookies } from "./forms";

// The sign-up page's rules (decision 092; app/signup/page.tsx shows it, its Server Action posts here): a
// new business and its owner. The same sign-up as POST /api/session/signup (lib/auth/signup.ts: limits,
// password rules, one transaction with the session); the rules a browser could check before sending
// (length, not the email) are checked before an attempt is counted.

export const SIGN_UP_FIELDS = ["business_name", "name", "email", "password"] as const;

// The API's own schema plus the password rules the form checks (the common-password one is signUp's).
const signupForm = signupBody.superRefine(checkPassword("password", "email"));

/** The sign-up form's press: the owner signed in, on to the first run (/welcome); else the form again. Closed: back to the page, which says so. */
export async function submitSignUp(db: Db, request: Request, fields: SignUpValues & { password: string }): Promise<Outcome<SignUpState>> {
  if (!signupOpen()) return { go: "/signup", cookies: [] };
  // What was typed comes back, but the password.
  const values: SignUpValues = { business_name: fields.business_name, name: fields.name, email: fields.email };
  const again = (status: number, view: Omit<SignUpState, "values">): Outcome<SignUpState> => ({ status, state: { values, ...view } });

  const crossSite = crossSiteRefusal(request);
  if (crossSite) return again(crossSite.status, { errors: {}, failure: crossSite.detail });
  const parsed = signupForm.safeParse(fields);
  if (!parsed.success) return again(422, { errors: schemaErrors(parsed.error), failure: null });

  const now = new Date();
  let session: { token: string; expiresAt: Date } | undefined;
  let userId: number;
  try {
    const { user } = await signUp(db, { ...parsed.data, address: clientAddress(request), now }, async (tx, owner) => {
      // The session is part of the sign-up: both are kept, or neither.
      session = await startBrowserSession(tx, { userId: owner.id, now });
    });
    userId = user.id;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    // A taken email is the email field's problem, where the person is looking; the password rules, the password's.
    if (error.code === "email_taken") return again(error.status, { errors: { email: error.detail }, failure: null });
    const onFields = problemFieldErrors(error);
    if (onFields) return again(error.status, { errors: onFields, failure: null });
    return again(error.status, { errors: {}, failure: error.detail });
  }
  return { go: "/welcome", cookies: await signedInSetCookies(db, request, { session: session!, userId, now }) };
}
