import type { Metadata } from "next";
import { BoardsPanel } from "@/components/boards/boards-panel";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { may, type Role } from "@/lib/auth/permissions";
import { clockOf } from "@/lib/shared/time-format";

export const metadata: Metadata = { title: "Boards · Taproom" };

// GET /locations/:locationId/boards — the location's TVs: status, last seen, version shown; pair, change, reload, identify, unpair
export default async function BoardsPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { user, location } = await requireLocationPage(locationId, "boards");
  const role = user.role as Role;
  return (
    <BoardsPanel
      key={location.id}
      location={{
        id: location.id,
        name: location.name,
        time_zone: location.time_zone,
        clock: clockOf(location),
        languages: location.languages,
      }}
      canEdit={may(role, "edit")}
      canNudge={may(role, "nudgeBoard")}
    />
  );
}
