import { redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { listLocations } from "@/lib/locations/locations";
import { requirePageUser } from "@/lib/auth/page-session";
import { may, type Role } from "@/lib/auth/permissions";
import { EmptyState } from "@/components/ui/states";

// GET /dashboard — the first location's menu editor, or the way to a first location when there is none.
export default async function DashboardHome() {
  const user = await requirePageUser("/dashboard");
  const [first] = await listLocations(await getDb(), user);
  if (first) redirect(`/locations/${first.id}/menus`);
  if (may(user.role as Role, "own")) {
    return (
      <EmptyState title="No locations yet">
        <p>Add your first venue: its name, time zone and currency, then a first menu. It takes a couple of minutes.</p>
        <a href="/welcome" className="btn btn--primary">
          Set up your first location
        </a>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No locations yet">
      <p>You are not assigned to any venue yet. Ask an owner of your business to give you access to one.</p>
    </EmptyState>
  );
}
