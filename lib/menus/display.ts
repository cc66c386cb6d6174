import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations, menus } from "@/lib/db/schema";
import { findBrowserSessionUser, readSessionCookie } from "@/lib/auth/browser-sessions";

// The menu display's access rule without its tree: the board's stream checks it when it opens and
// again at each change of its menu (and of its location), so a menu that is unpublished or deleted, or
// whose location is archived, stops reaching guests, and one that is published (again) reaches them.

export type DisplayMenuRow = { locationId: number; version: number; unpublished: boolean; businessId: number };

/** The user of the dashboard session that sent `request`, or null (guests, expired cookies). */
export async function viewerOf(db: Db, request: Request): Promise<{ id: number; businessId: number } | null> {
  const token = readSessionCookie(request);
  const user = token ? await findBrowserSessionUser(db, token) : null;
  return user ? { id: user.id, businessId: user.businessId } : null;
}

/** The business of the dashboard session that sent `request`, or null (guests, expired cookies). */
export async function viewerBusinessOf(db: Db, request: Request): Promise<number | null> {
  return (await viewerOf(db, request))?.businessId ?? null;
}

/** The menu's location, version and who may see it; null when there is no such menu, or its location is archived. */
export async function displayMenuRow(db: Db, id: number): Promise<DisplayMenuRow | null> {
  const [row] = await db
    .select({ locationId: menus.locationId, version: menus.version, unpublished: menus.unpublished, businessId: locations.businessId })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(eq(menus.id, id), isNull(locations.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** previewMenu's rule: a published menu for anyone, a draft for its own business; else as if missing. */
export function visibleOnDisplay(row: DisplayMenuRow | null, viewerBusinessId: number | null): row is DisplayMenuRow {
  return !!row && (!row.unpublished || row.businessId === viewerBusinessId);
}
