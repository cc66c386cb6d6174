// The change feed's types (live-menus §3, venue-operations §7–8, §10), apart from the feed's schemas so the
// dashboard's board can follow the stream without loading a schema library in its first load.

export const CHANGE_TYPES = [
  "menu.created",
  "menu.updated",
  "menu.deleted",
  "menu.published",
  "menu.unpublished",
  "menu.reordered",
  "item.86d",
  "item.restored",
  "menu.reverted",
  "menu.schedule_changed",
  "tap.keg_low",
  "tap.kicked",
  "tap.swapped",
  // A board dark for 2 minutes in opening hours, and back (venue-operations §10): lib/boards/watch.ts.
  "board.offline",
  "board.online",
] as const;
