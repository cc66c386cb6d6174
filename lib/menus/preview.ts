import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations, menus } from "@/lib/db/schema";
import { menuTree } from "./tree";

/**
 * The public preview of a menu: published menus for anyone, a draft only for a viewer of the menu's
 * own business; anything else is null (answered as 404, like a missing menu). It is a preview, so it
 * counts no menu view, unlike GET /menus/:id?full=true.
 */
export async function previewMenu(db: Db, { id, viewerBusinessId }: { id: number; viewerBusinessId: number | null }) {
  const [row] = await db
    .select({ menu: menus, location: locations })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(eq(menus.id, id))
    .limit(1);
  if (!row) return null;
  const staff = viewerBusinessId === row.location.businessId;
  if (row.menu.unpublished && !staff) return null;
  return {
    menu: await menuTree(db, { menu: row.menu, currency: row.location.currency }),
    location: { name: row.location.name, city: row.location.city, currency: row.location.currency },
    draft: row.menu.unpublished,
    staff,
    /** The venue's IANA zone: the board tells the time of its last update in it. */
    time_zone: row.location.timeZone,
  };
}
