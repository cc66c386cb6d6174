import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import { signedInCookies } from "@/lib/auth/devices";
import { endBrowserSession, isSecureRequest, readSessionCookie, sessionCookie } from "@/lib/auth/browser-sessions";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { ApiError } from "@/lib/server/errors";

// What the sign-in and sign-up forms share (decision 092): the form's fields as text, the field errors
// of a schema and of a 422, the same-origin rule said on the page, and the cookies of a browser that has
// just signed in (as POST /api/session sets them).

/**
 * What a press of a form comes to: signed in (go to `go`, setting `cookies`), or the form again with
 * `state`; `status` is the refusal's as the API answers it (the page itself is a 200: decision 092).
 */
export type Outcome<State> = { go: string; cookies: string[] } | { state: State; status: number };

/** The text fields of a posted form (a file, or a missing field, is ""). */
export function formFields<Name extends string>(form: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, textOf(form.get(name))])) as Record<Name, string>;
}
const textOf = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** Field name → its first message, from a schema's issues. */
export function schemaErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

/** Field name → message from a refusal's field errors (a 422), or null when it names no field. */
export function problemFieldErrors(error: ApiError): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const fieldError of error.extra.errors ?? []) if ("path" in fieldError) errors[fieldError.path] ??= fieldError.message;
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The same-origin rule of every cookie-carrying write (lib/auth/same-origin.ts): the refusal, or null. */
export function crossSiteRefusal(request: Request): ApiError | null {
  try {
    assertSameOrigin(request);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/**
 * The Set-Cookie values of a browser that now holds `session`: the session's and the device's (decision
 * 053); the session the request came with, if any, is ended.
 */
export async function signedInSetCookies(
  db: Db,
  request: Request,
  { session, userId, now }: { session: { token: string; expiresAt: Date }; userId: number; now: Date },
): Promise<string[]> {
  const previous = readSessionCookie(request);
  if (previous) await endBrowserSession(db, previous);
  const cookie = sessionCookie(session.token, session.expiresAt, isSecureRequest(request), now);
  return signedInCookies(request, { session: cookie, userId, now }).map(([, value]) => value);
}
