import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { menuChanges, menus } from "@/lib/db/schema";
import type { MenuAnnouncementResponse } from "@/lib/live/schemas";
import { describeChanges } from "./feed";

// Menu announcements (decision 052): the endpoint the venue service we stand in for offers for "what is
// new on our menus". Not a second record of changes: the change feed's own changes (lib/live/feed.ts),
// those of menus guests can see now (published, not deleted), newest first, in the feed's words.

/** GET /locations/:id/menu_announcements: at most `limit`, older than announcement `before` when given. */
export async function listMenuAnnouncements(
  db: Db,
  { locationId, before, limit }: { locationId: number; before?: number; limit: number },
): Promise<MenuAnnouncementResponse[]> {
  const rows = await db
    .select({ change: menuChanges, menuName: menus.name })
    .from(menuChanges)
    .innerJoin(menus, eq(menus.id, menuChanges.menuId))
    .where(
      and(
        eq(menuChanges.locationId, locationId),
        eq(menus.unpublished, false),
        // A board going dark is the venue's news, not the menu's: the feed and webhooks carry it, guests do not.
        sql`coalesce(${menuChanges.type}, '') not like 'board.%'`,
        before === undefined ? undefined : lt(menuChanges.id, before),
      ),
    )
    .orderBy(desc(menuChanges.id))
    .limit(limit);
  const described = await describeChanges(
    db,
    rows.map((row) => row.change),
  );
  return described.map((change, index) => ({
    id: change.id,
    location_id: change.location_id,
    menu_id: change.menu_id,
    menu_name: rows[index]!.menuName,
    type: change.type,
    message: change.summary,
    version: change.version,
    created_at: change.at,
  }));
}
