import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MatchingPanel } from "@/components/pos/matching-panel";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { getDb } from "@/lib/db/client";
import { listConnections } from "@/lib/pos/connections";

export const metadata: Metadata = { title: "Matching · Taproom" };

// GET /locations/:locationId/pos/matching?connection=:id — the till's drinks beside the location's (pos.md §3).
// Without ?connection, the location's connected one; a connection of another location is not found.
export default async function MatchingPage({
  params,
  searchParams,
}: {
  params: Promise<{ locationId: string }>;
  searchParams: Promise<{ connection?: string | string[] }>;
}) {
  const { locationId } = await params;
  const { connection } = await searchParams;
  const { location } = await requireLocationPage(locationId, "pos", "", "manage");
  const { pos_connections } = await listConnections(await getDb(), location);
  const wanted = typeof connection === "string" ? Number(connection) : null;
  const chosen = pos_connections.find((each) => (wanted ? each.id === wanted : each.status === "connected"));
  if (!chosen) notFound();
  return <MatchingPanel location={{ id: location.id, name: location.name }} connectionId={chosen.id} />;
}
