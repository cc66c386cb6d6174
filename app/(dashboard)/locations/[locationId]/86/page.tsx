import type { Metadata } from "next";
import { EightySixedList } from "@/components/menus/eighty-six/eighty-sixed-list";
import { ItemFinder } from "@/components/menus/eighty-six/item-finder";
import { PageHeader } from "@/components/shell/page-header";
import { requireLocationPage } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "86'd now · Taproom" };

// GET /locations/:locationId/86 — find any item to 86 or restore (a bartender's phone), and what is 86'd at the location now
export default async function EightySixedPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { location } = await requireLocationPage(locationId, "86");
  return (
    <>
      <PageHeader title="86'd now" subtitle={`${location.name} · out of stock, hidden from guests`} />
      <ItemFinder key={`find-${location.id}`} locationId={location.id} />
      <EightySixedList key={location.id} locationId={location.id} />
    </>
  );
}
