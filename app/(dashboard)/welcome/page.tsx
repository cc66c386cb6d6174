import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { WelcomeFlow } from "@/components/welcome/welcome-flow";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/server/errors";
import { idParam } from "@/lib/shared/schemas";
import { listLocations, readLocation } from "@/lib/locations/locations";
import { readCurrentUser } from "@/lib/auth/current-user";
import { requirePageUser } from "@/lib/auth/page-session";
import { may, type Role } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Welcome · Taproom" };

// GET /welcome — a new owner's first run: the first location, then its first menu. ?location=ID resumes
// at the menu step for that location. Owners only (they alone create locations); once the business has
// a location and no step is under way, the dashboard is the place to be.
export default async function WelcomePage({ searchParams }: { searchParams: Promise<{ location?: string | string[] }> }) {
  const user = await requirePageUser("/welcome");
  if (!may(user.role as Role, "own")) redirect("/dashboard");
  const db = await getDb();
  const { location: rawId } = await searchParams;
  const id = idParam.safeParse(rawId);
  let location: { id: number; name: string } | null = null;
  if (id.success) {
    try {
      const found = await readLocation(db, { businessId: user.businessId, id: id.data });
      location = { id: found.id, name: found.name };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  if (!location && (await listLocations(db, user)).length > 0) redirect("/dashboard");
  const me = await readCurrentUser(db, user);
  return <WelcomeFlow userName={me.name ?? ""} businessName={me.business.name} location={location} />;
}
