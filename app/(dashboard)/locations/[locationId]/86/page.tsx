import type { Metadata } from "next";
import { EightySixedList } from "@/components/eighty-six/eighty-sixed-list";
import { PageHeader } from "@/components/shell/page-header";
import { requireLocationPage } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "86'd now · Taproom" };

// GET /locations/:locationId/86 — what is 86'd (out of stock) at the location now
export default async function EightySixedPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { location } = await requireLocationPage(locationId, "86");
  return (
    <>
      <PageHeader title="86'd now" subtitle={`${location.name} · out of stock, hidden from guests`} />
      <EightySixedList key={location.id} locationId={location.id} />
    </>
  );
}
