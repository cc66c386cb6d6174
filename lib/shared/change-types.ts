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
  // Prices and items brought in line with the location's POS (pos.md §4): lib/pos/sync.ts.
  "pos.synced",
  // A line's news (venue-operations §14): lib/taps/sensors/changes.ts.
  "tap.too_warm",
  "tap.line_cleaning_due",
  "tap.after_hours_pour",
] as const;

/** The lines' changes: in the feed and webhooks under the tap item's menu, at its version, but not versions of it. */
export const LINE_CHANGE_TYPES = ["tap.too_warm", "tap.line_cleaning_due", "tap.after_hours_pour"] as const;
