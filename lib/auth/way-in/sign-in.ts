import type { Db } from "@/lib/db/client";
import { startBrowserSession } from "@/lib/auth/browser-sessions";
import { loginClient } from "@/lib/auth/login-limits";
import { safeNextPath } from "@/lib/auth/page-session";
import { createSessionBody } from "@/lib/auth/schemas/sessions";
import { verifyLogin } from "@/lib/auth/sessions";
import { signupOpen } from "@/lib/auth/signup";
import { ApiError } from "@/lib/server/errors";
import { crossSiteRefusal, formFields, pageRefusal, requestUser, schemaErrors, signedInHeaders } from "./forms";
import { form, htmlAnswer, join, link, paragraph, seeOther, wayInPage } from "./html";

// GET and POST /sign-in (decision 068): the sign-in page as plain HTML, and its form. The same check
// and login limits as POST /api/session (verifyLogin); the browser's device cookie is sent to /sign-in
// too (lib/auth/devices.ts), so a browser that signed in before is held to its own count here as well.

/** What brought the person here, said at the top of the card (?notice=…). */
const NOTICES: Record<string, string> = {
  "password-reset": "Your password was changed. Sign in with the new one.",
  "signed-out-everywhere": "You were signed out on every device.",
};

type SignInView = {
  next: string;
  notice?: string;
  email?: string;
  errors?: { email?: string; password?: string };
  failure?: string | null;
};

export function signInHtml(view: SignInView): string {
  return wayInPage({
    title: "Sign in · Taproom",
    heading: "Sign in to your venue",
    notice: view.notice,
    body: form({
      action: "/sign-in",
      hidden: { next: view.next },
      fields: [
        { name: "email", label: "Email", type: "email", autocomplete: "username", value: view.email, error: view.errors?.email },
        { name: "password", label: "Password", type: "password", autocomplete: "current-password", error: view.errors?.password },
      ],
      failure: view.failure,
      failureStyle: "failure",
      submit: "Sign in",
      busy: "Signing in…",
    }),
    footer: join(
      paragraph(link("/forgot-password", "Forgot your password?")),
      signupOpen() && paragraph("New to Taproom? ", link("/signup", "Create an account")),
    ),
  });
}

/** GET /sign-in?next=…&notice=…: the page; a signed-in browser goes straight on to `next`. */
export async function signInPage(db: Db, request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const next = safeNextPath(query.get("next"));
  if (await requestUser(db, request)) return seeOther(next);
  const notice = NOTICES[query.get("notice") ?? ""];
  return htmlAnswer(signInHtml({ next, notice }));
}

/** POST /sign-in (an urlencoded form): signed in, 303 to `next`; else the page again, saying what was wrong. */
export async function submitSignIn(db: Db, request: Request, body: string): Promise<Response> {
  const fields = formFields(body, ["email", "password", "next"]);
  const next = safeNextPath(fields.next);
  const again = (status: number, view: Omit<SignInView, "next" | "email">, headers: Record<string, string> = {}) =>
    htmlAnswer(signInHtml({ next, email: fields.email, ...view }), status, headers);

  const crossSite = crossSiteRefusal(request);
  if (crossSite) return again(crossSite.status, { failure: crossSite.detail });
  const parsed = createSessionBody.safeParse({ email: fields.email, password: fields.password });
  if (!parsed.success) return again(422, { errors: schemaErrors(parsed.error) });

  const now = new Date();
  let userId: number;
  try {
    userId = (await verifyLogin(db, { ...parsed.data, client: loginClient(request), now })).id;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const refusal = pageRefusal(error);
    return again(refusal.status, { failure: refusal.message }, refusal.headers);
  }
  const session = await startBrowserSession(db, { userId, now });
  return seeOther(next, await signedInHeaders(db, request, { session, userId, now }));
}
