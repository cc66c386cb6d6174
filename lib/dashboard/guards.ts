import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { getLocation, locationJson } from "@/lib/locations/locations";
import { requirePageUser } from "@/lib/sessions/page-session";

export type PageLocation = ReturnType<typeof locationJson>;

/**
 * Every location page starts here: the session (or the sign-in page, coming back to this page with its
 * query), then the location of the user's own business (another business's id is a 404, as in the API).
 */
export async function requireLocationPage(rawId: string, section: string, query: string = "") {
  const user = await requirePageUser(`/locations/${encodeURIComponent(rawId)}/${section}${query ? `?${query}` : ""}`);
  const id = /^[1-9][0-9]{0,9}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) notFound();
  const db = await getDb();
  try {
    const location = await getLocation(db, { businessId: user.businessId, id });
    return { user, location: locationJson(location) };
  } catch (error) {
    if (error instanceof ApiError) notFound();
    throw error;
  }
}
