import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/server/errors";
import { readLocation } from "@/lib/locations/locations";
import { idParam } from "@/lib/shared/schemas";
import type { LocationResponse } from "@/lib/locations/schemas";
import { requirePageUser } from "@/lib/auth/page-session";

export type PageLocation = LocationResponse;

/**
 * Every location page starts here: the session (or the sign-in page, coming back to this page with its
 * query), then the location of the user's own business (another business's id is a 404, as in the API).
 */
export async function requireLocationPage(rawId: string, section: string, query: string = "") {
  const user = await requirePageUser(`/locations/${encodeURIComponent(rawId)}/${section}${query ? `?${query}` : ""}`);
  const id = idParam.safeParse(rawId);
  if (!id.success) notFound();
  try {
    return { user, location: await readLocation(await getDb(), { businessId: user.businessId, id: id.data }) };
  } catch (error) {
    if (error instanceof ApiError) notFound();
    throw error;
  }
}
