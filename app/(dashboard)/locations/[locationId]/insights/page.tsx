import type { Metadata } from "next";
import { InsightsView } from "@/components/insights/insights-view";
import type { NumDays } from "@/components/insights/days-picker";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { NUM_DAYS } from "@/lib/insights/schemas/insights";

export const metadata: Metadata = { title: "Insights · Taproom" };

// A month by default: long enough to show weekly rhythm, short enough to reflect the current tap list.
const DEFAULT_DAYS: NumDays = 30;

const parseDays = (raw: string | string[] | undefined): NumDays =>
  NUM_DAYS.find((days) => String(days) === (Array.isArray(raw) ? raw[0] : raw)) ?? DEFAULT_DAYS;

// GET /locations/:locationId/insights?days=1|7|30|90|180
export default async function InsightsPage({
  params,
  searchParams,
}: {
  params: Promise<{ locationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locationId } = await params;
  const { days } = await searchParams;
  const chosen = parseDays(days);
  const { location } = await requireLocationPage(locationId, "insights", days === undefined ? "" : `days=${chosen}`, "manage");
  return (
    <InsightsView
      location={{ id: location.id, name: location.name, time_zone: location.time_zone, country: location.country }}
      initialDays={chosen}
    />
  );
}
