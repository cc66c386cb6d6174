import type { Metadata } from "next";
import { TeamView } from "@/components/team/team-view";
import { getDb } from "@/lib/db/client";
import { listLocations } from "@/lib/locations/locations";
import { requirePageUser } from "@/lib/auth/page-session";
import type { Role } from "@/lib/auth/permissions";
import { requireRole } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Team · Taproom" };

// GET /team — owners manage the team here, managers see it; staff are told who may (/not-allowed).
export default async function TeamPage() {
  const user = await requirePageUser("/team");
  const role = user.role as Role;
  requireRole(role, "manage", "team");
  const locations = await listLocations(await getDb(), user);
  return <TeamView me={{ id: user.id, role }} locations={locations.map(({ id, name }) => ({ id, name }))} />;
}
