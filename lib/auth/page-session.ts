// Server only (pages, layouts, server actions): the dashboard's session from the request's cookies.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { User } from "@/lib/db/schema";
import { getDb } from "@/lib/db/client";
import { localPath } from "@/lib/auth/local-path";
import { SESSION_COOKIE, findBrowserSessionUser } from "./browser-sessions";

export const DEFAULT_NEXT_PATH = "/dashboard";

/** A path on this site to go to after signing in (lib/auth/local-path.ts); anything else becomes /dashboard. */
export function safeNextPath(raw: string | null | undefined): string {
  return localPath(raw) ?? DEFAULT_NEXT_PATH;
}

/** The sign-in page, coming back to `nextPath` (when it is a path on this site) afterwards. */
export const signInPath = (nextPath: string) => `/sign-in?next=${encodeURIComponent(safeNextPath(nextPath))}`;

/** The signed-in user, or null without a valid session cookie. */
export async function getPageUser(): Promise<User | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return findBrowserSessionUser(await getDb(), token);
}

/** The signed-in user; without one, redirects to /sign-in?next=<nextPath> (never returns then). */
export async function requirePageUser(nextPath: string): Promise<User> {
  const user = await getPageUser();
  if (!user) redirect(signInPath(nextPath));
  return user;
}
