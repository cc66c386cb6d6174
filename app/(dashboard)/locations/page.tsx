import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LocationsView } from "@/components/locations/locations-view";
import { requirePageUser } from "@/lib/auth/page-session";
import { may, type Role } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Locations · Taproom" };

// GET /locations — owners add, edit, archive and restore locations; managers edit theirs; staff: 404.
export default async function LocationsPage() {
  const user = await requirePageUser("/locations");
  const role = user.role as Role;
  if (!may(role, "edit")) notFound();
  return <LocationsView canOwn={may(role, "own")} />;
}
