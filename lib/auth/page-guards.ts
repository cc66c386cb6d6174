import { notFound, redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/server/errors";
import { readLocation } from "@/lib/locations/locations";
import { idParam } from "@/lib/shared/schemas";
import type { LocationResponse } from "@/lib/locations/schemas";
import { requirePageUser } from "@/lib/auth/page-session";
import { type Action, MAY, may, type Role, seesLocation } from "./permissions";

export type PageLocation = LocationResponse;

/**
 * Every location page starts here: the session (or the sign-in page, coming back to this page with its
 * query), then the location of the user's own business that the member may see (another business's id,
 * another member's location or an archived one is a 404, as in the API), and the page's action for the
 * member's role (lib/auth/permissions.ts: insights and webhooks are not staff's): a member whose role does
 * not open it is sent to the page that says who may (`/not-allowed`, issue 49).
 */
export async function requireLocationPage(rawId: string, section: string, query: string = "", action: Action = "read") {
  const user = await requirePageUser(`/locations/${encodeURIComponent(rawId)}/${section}${query ? `?${query}` : ""}`);
  const id = idParam.safeParse(rawId);
  if (!id.success || !seesLocation(user.locationIds, id.data)) notFound();
  let location: LocationResponse;
  try {
    location = await readLocation(await getDb(), { businessId: user.businessId, id: id.data });
  } catch (error) {
    if (error instanceof ApiError) notFound();
    throw error;
  }
  requireRole(user.role as Role, action, section);
  return { user, location };
}

/** The pages a role can be refused, by the name in their path: what they are called, and the action they need. */
const GUARDED_PAGES: Record<string, { name: string; action: Action }> = {
  insights: { name: "Insights", action: "manage" },
  reorder: { name: "Reorder", action: "manage" },
  activity: { name: "Activity", action: "manage" },
  webhooks: { name: "Webhooks", action: "manage" },
  pos: { name: "Point of sale", action: "manage" },
  team: { name: "Team", action: "manage" },
};

/** Sends a member whose role may not perform the page's action to the page that says who may. */
export function requireRole(role: Role, action: Action, page: string) {
  if (!may(role, action)) redirect(`/not-allowed?page=${encodeURIComponent(page)}`);
}

const ROLE_WORDS: Record<Role, string> = { owner: "owners", manager: "managers", staff: "staff" };

/** What `/not-allowed` says of a page: its title, and who may open it (a page not listed: a plain sentence). */
export function pageRefusal(page: string, role: Role): { title: string; who: string } {
  const guarded = Object.hasOwn(GUARDED_PAGES, page) ? GUARDED_PAGES[page]! : null;
  if (!guarded)
    return { title: "This page is not open to your role", who: `Ask an owner of your business if you need it (you are ${role}).` };
  const roles = [...MAY[guarded.action]].reverse();
  const needs = roles.includes("manager") ? "a manager" : `an ${roles[0]}`;
  const list = roles.map((allowed) => ROLE_WORDS[allowed]);
  return {
    title: `${guarded.name} needs ${needs}`,
    who: `${guarded.name} is open to ${list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`}. Ask an owner or a manager if you need something from it.`,
  };
}
