import { redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { listLocations } from "@/lib/locations/locations";
import { requirePageUser } from "@/lib/auth/page-session";
import { EmptyState } from "@/components/ui/states";

// GET /dashboard — the first location's menu board, or a note when the business has no location.
export default async function DashboardHome() {
  const user = await requirePageUser("/dashboard");
  const [first] = await listLocations(await getDb(), user);
  if (first) redirect(`/locations/${first.id}/menus`);
  return (
    <EmptyState title="No locations yet">
      <p>Your business has no venues set up. Ask your Taproom contact to add one.</p>
    </EmptyState>
  );
}
