import { cookies, headers } from "next/headers";
import { RedirectType, redirect } from "next/navigation";
import type { Outcome } from "./forms";

// The Server Actions' side of the forms (decision 092): the request they answer, as the rules of
// lib/auth read one, and the outcome applied (cookies set, then a 303 to where the person goes next, or
// the form's new state).

/** The request of the running Server Action, at `path` on the host the browser addressed. */
export async function actionRequest(path: string): Promise<Request> {
  const incoming = new Headers(await headers());
  return new Request(new URL(path, `http://${incoming.get("host") ?? "localhost"}`), { method: "POST", headers: incoming });
}

/** Signed in: the cookies set and a redirect (never returns); else the form's state. */
export async function finish<State>(outcome: Outcome<State>): Promise<State> {
  if ("state" in outcome) return outcome.state;
  const jar = await cookies();
  for (const header of outcome.cookies) jar.set(cookieOf(header));
  redirect(outcome.go, RedirectType.push);
}

/** One of our own Set-Cookie values (lib/auth/browser-sessions.ts, devices.ts) as Next.js sets a cookie. */
export function cookieOf(header: string) {
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  const equals = pair.indexOf("=");
  const cookie: Parameters<Awaited<ReturnType<typeof cookies>>["set"]>[0] = {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
  };
  for (const attribute of attributes) {
    const [key = "", value = ""] = attribute.split(/=(.*)/s);
    switch (key.toLowerCase()) {
      case "path":
        cookie.path = value;
        break;
      case "max-age":
        cookie.maxAge = Number(value);
        break;
      case "expires":
        cookie.expires = new Date(value);
        break;
      case "httponly":
        cookie.httpOnly = true;
        break;
      case "secure":
        cookie.secure = true;
        break;
      case "samesite":
        cookie.sameSite = value.toLowerCase() as "lax" | "strict" | "none";
        break;
    }
  }
  return cookie;
}
