import type { Metadata } from "next";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { clockOf } from "@/lib/shared/time-format";

export const metadata: Metadata = { title: "Webhooks · Taproom" };

// GET /locations/:locationId/webhooks
export default async function WebhooksPage({ params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  const { location } = await requireLocationPage(locationId, "webhooks", "", "manage");
  return <WebhooksPanel location={{ id: location.id, name: location.name, time_zone: location.time_zone, clock: clockOf(location) }} />;
}
