import type { Metadata } from "next";
import { PosPanel } from "@/components/pos/pos-panel";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { clockOf } from "@/lib/shared/time-format";

export const metadata: Metadata = { title: "Point of sale · Taproom" };

// GET /locations/:locationId/pos — the location's till connection (pos.md §2); ?pos= is what the OAuth callback said.
export default async function PosPage({
  params,
  searchParams,
}: {
  params: Promise<{ locationId: string }>;
  searchParams: Promise<{ pos?: string | string[] }>;
}) {
  const { locationId } = await params;
  const { pos } = await searchParams;
  const { location } = await requireLocationPage(locationId, "pos", "", "manage");
  return (
    <PosPanel
      location={{ id: location.id, name: location.name, time_zone: location.time_zone, clock: clockOf(location) }}
      arrived={typeof pos === "string" ? pos : null}
    />
  );
}
