import type { Metadata } from "next";
import { AccountView } from "@/components/account/account-view";
import { getDb } from "@/lib/db/client";
import { listLocations } from "@/lib/locations/locations";
import { requirePageUser } from "@/lib/auth/page-session";

export const metadata: Metadata = { title: "Account · Taproom" };

// GET /account — no token is rendered here: the page fetches them only when asked to show them.
export default async function AccountPage() {
  const user = await requirePageUser("/account");
  const [first] = await listLocations(await getDb(), user);
  return <AccountView user={{ email: user.email, name: user.name, role: user.role }} locationId={first?.id ?? null} />;
}
