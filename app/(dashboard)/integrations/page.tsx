import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { IntegrationsView } from "@/components/integrations/integrations-view";
import { getDb } from "@/lib/db/client";
import { listLocations } from "@/lib/locations/locations";
import { requirePageUser } from "@/lib/auth/page-session";
import { may, type Role, worksEverywhere } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "Integrations · Taproom" };

// GET /integrations — owners and managers manage integration keys here; staff get a 404, as from the API's 403.
export default async function IntegrationsPage() {
  const user = await requirePageUser("/integrations");
  const role = user.role as Role;
  if (!may(role, "manage")) notFound();
  const locations = await listLocations(await getDb(), user);
  return <IntegrationsView locations={locations.map(({ id, name }) => ({ id, name }))} everyLocation={worksEverywhere(role)} />;
}
