import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { items, menuChanges, menuEdits, menus, sections } from "@/lib/db/schema";
import type { MenuAnnouncementResponse } from "@/lib/live/schemas";
import { ofTheMenu } from "./changes";
import { describeChanges } from "./feed";

// Menu announcements (decision 052): the endpoint the venue service we stand in for offers for "what is
// new on our menus". Not a second record of changes: the change feed's own changes (lib/live/feed.ts),
// those of menus guests can see now (published, not deleted), newest first, in the feed's words.

/** A section guests are shown (not hidden), by the id an edit's row names. */
const publicSection = (id: SQL) => sql`exists (select 1 from ${sections} s where s.id = (${id})::integer and s.public)`;

/**
 * A change guests could see: one with no row edits (a publish, a tap's news, worded by its writer), or
 * one that edited the menu itself or a row of a section shown to guests (before or after the edit). A
 * hidden section's rename, or its items' prices, are the staff's business until the section is shown.
 */
const guestsSaw = sql`(
  not exists (select 1 from ${menuEdits} e where e.change_id = ${menuChanges.id})
  or exists (
    select 1 from ${menuEdits} e where e.change_id = ${menuChanges.id} and (
      e."table" = 'menus'
      or (e."table" = 'sections' and (coalesce((e.old->>'public')::boolean, false) or coalesce((e.new->>'public')::boolean, false)))
      or (e."table" = 'items' and (${publicSection(sql`e.old->>'section_id'`)} or ${publicSection(sql`e.new->>'section_id'`)}))
      or (e."table" = 'containers' and exists (
        select 1 from ${items} i where i.id in ((e.old->>'item_id')::integer, (e.new->>'item_id')::integer)
          and ${publicSection(sql`i.section_id`)}))
    )
  )
)`;

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
        ofTheMenu(menuChanges.type),
        before === undefined ? undefined : lt(menuChanges.id, before),
        guestsSaw,
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
