import type { Db } from "@/lib/db/client";
import { startBrowserSession } from "@/lib/auth/browser-sessions";
import { clientAddress } from "@/lib/auth/login-limits";
import { checkPassword, PASSWORD_HINT } from "@/lib/auth/password-rules";
import { signupBody } from "@/lib/auth/schemas/signup";
import { signUp, signupOpen } from "@/lib/auth/signup";
import { ApiError } from "@/lib/server/errors";
import { crossSiteRefusal, formFields, pageRefusal, problemFieldErrors, requestUser, schemaErrors, signedInHeaders } from "./forms";
import { form, htmlAnswer, join, link, paragraph, seeOther, wayInPage } from "./html";

// GET and POST /signup (decision 068): a new business and its owner, as plain HTML and its form. The
// same sign-up as POST /api/session/signup (lib/auth/signup.ts: limits, password rules, one
// transaction with the session); the rules a browser could check before sending (length, not the
// email) are checked before an attempt is counted, as the dashboard's form did.

const FIELDS = ["business_name", "name", "email", "password"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

// The API's own schema plus the password rules the form checks (the common-password one is signUp's).
const signupForm = signupBody.superRefine(checkPassword("password", "email"));

const alreadyHaveOne = () => paragraph("Already have an account? ", link("/sign-in", "Sign in"));

function closedHtml(): string {
  return wayInPage({
    title: "Create your account · Taproom",
    heading: "Sign-up is closed",
    lead: "This Taproom server does not take new businesses. If your business already uses it, ask one of its owners for an invitation.",
    body: join({ html: '<a href="/sign-in" class="btn btn--primary submit">Go to sign in</a>' }),
    footer: alreadyHaveOne(),
  });
}

export function signUpHtml(view: { values?: Partial<Values>; errors?: Partial<Values>; failure?: string | null } = {}): string {
  const { values = {}, errors = {} } = view;
  return wayInPage({
    title: "Create your account · Taproom",
    heading: "Create your venue’s account",
    lead: "Menus, events and hours for your bar, with a board for every screen. Setting up takes a couple of minutes.",
    body: form({
      action: "/signup",
      fields: [
        {
          name: "business_name",
          label: "Business name",
          autocomplete: "organization",
          hint: "Your bar, brewery or restaurant group.",
          value: values.business_name,
          error: errors.business_name,
        },
        { name: "name", label: "Your name", autocomplete: "name", value: values.name, error: errors.name },
        { name: "email", label: "Email", type: "email", autocomplete: "email", value: values.email, error: errors.email },
        {
          name: "password",
          label: "Password",
          type: "password",
          autocomplete: "new-password",
          hint: PASSWORD_HINT,
          error: errors.password,
        },
      ],
      failure: view.failure,
      submit: "Create account",
      busy: "Creating your account…",
    }),
    footer: alreadyHaveOne(),
  });
}

/** GET /signup: the page (or that sign-up is closed); a signed-in browser goes on to the dashboard. */
export async function signUpPage(db: Db, request: Request): Promise<Response> {
  if (await requestUser(db, request)) return seeOther("/dashboard");
  return signupOpen() ? htmlAnswer(signUpHtml()) : htmlAnswer(closedHtml());
}

/** POST /signup (an urlencoded form): the owner signed in, 303 to the first run (/welcome); else the page again. */
export async function submitSignUp(db: Db, request: Request, body: string): Promise<Response> {
  if (!signupOpen()) return htmlAnswer(closedHtml(), 403);
  const values = formFields(body, FIELDS) as Values;
  // What was typed comes back, but the password.
  const again = (status: number, view: { errors?: Partial<Values>; failure?: string | null }, headers: Record<string, string> = {}) =>
    htmlAnswer(signUpHtml({ values, ...view }), status, headers);

  const crossSite = crossSiteRefusal(request);
  if (crossSite) return again(crossSite.status, { failure: crossSite.detail });
  const parsed = signupForm.safeParse(values);
  if (!parsed.success) return again(422, { errors: schemaErrors(parsed.error) });

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
    if (error.code === "email_taken") return again(error.status, { errors: { email: error.detail } });
    const onFields = problemFieldErrors(error);
    if (onFields) return again(error.status, { errors: onFields });
    const refusal = pageRefusal(error);
    return again(refusal.status, { failure: refusal.message }, refusal.headers);
  }
  return seeOther("/welcome", await signedInHeaders(db, request, { session: session!, userId, now }));
}
