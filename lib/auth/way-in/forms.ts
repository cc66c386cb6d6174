import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import { signedInCookies } from "@/lib/auth/devices";
import { endBrowserSession, isSecureRequest, readSessionCookie, sessionCookie } from "@/lib/auth/browser-sessions";
import { findBrowserSessionUser } from "@/lib/auth/browser-sessions";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { ApiError } from "@/lib/server/errors";
import type { User } from "@/lib/db/schema";

// What the two plain-HTML forms (sign-in, sign-up; decision 068) share: the form's fields as text,
// the field errors of a schema and of a 422, the refusals a page shows rather than problem+json, and
// the cookies of a browser that has just signed in (as POST /api/session sets them).

/** The fields of an urlencoded form body (a later repeat of a name is ignored). */
export function formFields(text: string, names: readonly string[]): Record<string, string> {
  const params = new URLSearchParams(text);
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? ""]));
}

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

/**
 * A refusal as the page says it: its status, its message, and the headers worth keeping (Retry-After);
 * never WWW-Authenticate, which a browser would answer with its own sign-in dialog.
 */
export function pageRefusal(error: ApiError): { status: number; message: string; headers: Record<string, string> } {
  const retryAfter = error.extra.headers?.["retry-after"];
  return { status: error.status, message: error.detail, headers: retryAfter ? { "retry-after": retryAfter } : {} };
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

/** Who the request's session cookie signs in, or null. */
export async function requestUser(db: Db, request: Request): Promise<User | null> {
  const token = readSessionCookie(request);
  return token ? findBrowserSessionUser(db, token) : null;
}

/**
 * The Set-Cookie headers of a browser that now holds `session`: the session's and the device's (decision
 * 053); the session the request came with, if any, is ended.
 */
export async function signedInHeaders(
  db: Db,
  request: Request,
  { session, userId, now }: { session: { token: string; expiresAt: Date }; userId: number; now: Date },
): Promise<[string, string][]> {
  const previous = readSessionCookie(request);
  if (previous) await endBrowserSession(db, previous);
  const cookie = sessionCookie(session.token, session.expiresAt, isSecureRequest(request), now);
  return signedInCookies(request, { session: cookie, userId, now });
}
