import type { Metadata } from "next";
import { ActivityView } from "@/components/activity/activity-view";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { clockOf } from "@/lib/shared/time-format";

export const metadata: Metadata = { title: "Activity · Taproom" };

// GET /locations/:locationId/activity — who changed what, newest first (owners and managers)
export default async function ActivityPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { location } = await requireLocationPage(locationId, "activity", "", "manage");
  return (
    <ActivityView
      key={location.id}
      location={{ id: location.id, name: location.name, time_zone: location.time_zone, clock: clockOf(location) }}
    />
  );
}
