import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TeamView } from "@/components/team/team-view";
import { getDb } from "@/lib/db/client";
import { listLocations } from "@/lib/locations/locations";
import { requirePageUser } from "@/lib/auth/page-session";
import { may, type Role } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Team · Taproom" };

// GET /team — owners manage the team here, managers see it; staff get a 404, as from the API's 403.
export default async function TeamPage() {
  const user = await requirePageUser("/team");
  const role = user.role as Role;
  if (!may(role, "manage")) notFound();
  const locations = await listLocations(await getDb(), user);
  return <TeamView me={{ id: user.id, role }} locations={locations.map(({ id, name }) => ({ id, name }))} />;
}
