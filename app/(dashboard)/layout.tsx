import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { AppShell } from "@/components/shell/app-shell";
import { getDb } from "@/lib/db/client";
import { listLocations } from "@/lib/locations/locations";
import { getPageUser } from "@/lib/auth/page-session";
import type { Role } from "@/lib/auth/permissions";

// The shell only dresses the page; each page checks the session itself (a layout is not re-run on
// client navigation, so it cannot be the guard).
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await getPageUser();
  if (!user) return <Providers>{children}</Providers>;
  const locations = await listLocations(await getDb(), user);
  return (
    <Providers>
      <AppShell
        user={{ email: user.email, name: user.name, role: user.role as Role }}
        locations={locations.map(({ id, name, city }) => ({ id, name, city }))}
      >
        {children}
      </AppShell>
    </Providers>
  );
}
