/** Every version of every menu is kept at least this long (live-menus §6); lib/maintenance/prune.ts deletes older history. */
export const HISTORY_RETENTION_DAYS = 90;
