import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LocationsView } from "@/components/locations/locations-view";
import { requirePageUser } from "@/lib/auth/page-session";
import { may, type Role } from "@/lib/auth/permissions";
import { idParam } from "@/lib/shared/schemas";

export const metadata: Metadata = { title: "Locations · Taproom" };

// GET /locations[?edit=ID] — owners add, edit, archive and restore locations; managers edit theirs; staff:
// 404. `edit`: that location's form opens (one of the member's own; any other id opens nothing).
export default async function LocationsPage({ searchParams }: { searchParams: Promise<{ edit?: string | string[] }> }) {
  const user = await requirePageUser("/locations");
  const role = user.role as Role;
  if (!may(role, "edit")) notFound();
  const edit = idParam.safeParse((await searchParams).edit);
  return <LocationsView canOwn={may(role, "own")} openEdit={edit.success ? edit.data : null} />;
}
