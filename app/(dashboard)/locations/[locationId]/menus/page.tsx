import type { Metadata } from "next";
import { MenuEditor } from "@/components/menus/editor/lazy-editor";
import { PageHeader } from "@/components/shell/page-header";
import { requireLocationPage } from "@/lib/auth/page-guards";
import { may, type Role } from "@/lib/auth/permissions";
import { ImportButton } from "@/components/imports/import-button";
import { idParam } from "@/lib/shared/schemas";

export const metadata: Metadata = { title: "Menus · Taproom" };

// GET /locations/:locationId/menus — the menu editor; ?menu=ID selects a menu
export default async function MenusPage({
  params,
  searchParams,
}: {
  params: Promise<{ locationId: string }>;
  searchParams: Promise<{ menu?: string | string[] }>;
}) {
  const { locationId } = await params;
  const { user, location } = await requireLocationPage(locationId, "menus");
  const { menu } = await searchParams;
  const initialMenuId = idParam.safeParse(menu).data ?? null;
  return (
    <>
      <PageHeader
        title="Menus"
        subtitle={`${location.name} · prices in ${location.currency}`}
        actions={may(user.role as Role, "edit") ? <ImportButton locationId={location.id} locationName={location.name} /> : null}
      />
      <MenuEditor
        key={location.id}
        locationId={location.id}
        currencySymbol={location.currency_symbol}
        initialMenuId={initialMenuId}
        role={user.role as Role}
      />
    </>
  );
}
