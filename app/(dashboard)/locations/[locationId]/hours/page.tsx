import type { Metadata } from "next";
import { HoursBoard } from "@/components/hours/hours-board";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { may, type Role } from "@/lib/auth/permissions";
import { clockOf } from "@/lib/shared/time-format";

export const metadata: Metadata = { title: "Hours · Taproom" };

// GET /locations/:locationId/hours
export default async function HoursPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { user, location } = await requireLocationPage(locationId, "hours");
  return (
    <HoursBoard
      location={{ id: location.id, name: location.name, time_zone: location.time_zone, clock: clockOf(location) }}
      canEdit={may(user.role as Role, "edit")}
    />
  );
}
