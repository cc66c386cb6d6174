import type { Metadata } from "next";
import { EventsBoard } from "@/components/events/events-board";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { may, type Role } from "@/lib/auth/permissions";
import { clockOf } from "@/lib/shared/time-format";

export const metadata: Metadata = { title: "Events · Taproom" };

// GET /locations/:locationId/events
export default async function EventsPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { user, location } = await requireLocationPage(locationId, "events");
  return (
    <EventsBoard
      location={{
        id: location.id,
        name: location.name,
        time_zone: location.time_zone,
        clock: clockOf(location),
        place: {
          location_name: location.name,
          street: [location.address1, location.address2].filter(Boolean).join(", "),
          city: location.city ?? "",
          state: location.region ?? "",
          zip: location.postcode ?? "",
          country: location.country_name ?? location.country ?? "",
        },
      }}
      canEdit={may(user.role as Role, "edit")}
    />
  );
}
