import { CHANGES_KEPT_DAYS } from "@/lib/live/feed";

/** Every version of every menu is kept at least 90 days (live-menus §6): the changes' own retention, pruned by lib/retention/prune.ts. */
export const HISTORY_RETENTION_DAYS = CHANGES_KEPT_DAYS;
