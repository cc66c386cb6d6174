import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/server/errors";
import { readLocation } from "@/lib/locations/locations";
import { idParam } from "@/lib/shared/schemas";
import type { LocationResponse } from "@/lib/locations/schemas";
import { requirePageUser } from "@/lib/auth/page-session";
import { type Action, may, type Role, seesLocation } from "./permissions";

export type PageLocation = LocationResponse;

/**
 * Every location page starts here: the session (or the sign-in page, coming back to this page with its
 * query), then the location of the user's own business that the member may see (another business's id,
 * another member's location or an archived one is a 404, as in the API), and the page's action for the
 * member's role (lib/auth/permissions.ts: insights and webhooks are not staff's), also a 404.
 */
export async function requireLocationPage(rawId: string, section: string, query: string = "", action: Action = "read") {
  const user = await requirePageUser(`/locations/${encodeURIComponent(rawId)}/${section}${query ? `?${query}` : ""}`);
  const id = idParam.safeParse(rawId);
  if (!id.success || !seesLocation(user.locationIds, id.data) || !may(user.role as Role, action)) notFound();
  try {
    return { user, location: await readLocation(await getDb(), { businessId: user.businessId, id: id.data }) };
  } catch (error) {
    if (error instanceof ApiError) notFound();
    throw error;
  }
}
