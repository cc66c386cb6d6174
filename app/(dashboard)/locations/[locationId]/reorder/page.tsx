import type { Metadata } from "next";
import { ReorderPanel } from "@/components/taps/reorder-panel";
import { requireLocationPage } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Reorder · Taproom" };

// GET /locations/:locationId/reorder — what to order from each distributor to be at par when it arrives; par levels and distributors
export default async function ReorderPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { location } = await requireLocationPage(locationId, "reorder", "", "manage");
  return <ReorderPanel key={location.id} location={{ id: location.id, name: location.name }} />;
}
