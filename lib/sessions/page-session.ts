// Server only (pages, layouts, server actions): the dashboard's session from the request's cookies.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { User } from "@/lib/db/schema";
import { getDb } from "@/lib/db/client";
import { SESSION_COOKIE, findBrowserSessionUser } from "./browser-sessions";

export const DEFAULT_NEXT_PATH = "/dashboard";

/**
 * A path on this site to go to after signing in: one leading `/`, not `//` or `/\` (browsers read both
 * as another host), no control characters. Anything else becomes /dashboard.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return DEFAULT_NEXT_PATH;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_NEXT_PATH;
  return raw;
}

/** The signed-in user, or null without a valid session cookie. */
export async function getPageUser(): Promise<User | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return findBrowserSessionUser(await getDb(), token);
}

/** The signed-in user; without one, redirects to /sign-in?next=<nextPath> (never returns then). */
export async function requirePageUser(nextPath: string): Promise<User> {
  const user = await getPageUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(safeNextPath(nextPath))}`);
  return user;
}
