// The change feed's types (live-menus §3, venue-operations §7–8), apart from the feed's schemas so the
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
] as const;
