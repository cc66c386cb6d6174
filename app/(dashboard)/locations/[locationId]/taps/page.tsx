import type { Metadata } from "next";
import { TapsPanel } from "@/components/taps/taps-panel";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { may, type Role } from "@/lib/auth/permissions";
import { clockOf } from "@/lib/shared/time-format";

export const metadata: Metadata = { title: "Taps · Taproom" };

// GET /locations/:locationId/taps — each tap's keg level and forecast, its on-deck queue, tap a new keg, kicked
export default async function TapsPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { user, location } = await requireLocationPage(locationId, "taps");
  return (
    <TapsPanel
      key={location.id}
      location={{ id: location.id, name: location.name, time_zone: location.time_zone, clock: clockOf(location) }}
      canEdit={may(user.role as Role, "edit")}
    />
  );
}
