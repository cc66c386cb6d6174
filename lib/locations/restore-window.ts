// How long an archived location can be restored (venue-operations §2), apart from the schemas so the
// Locations page's first load carries no schema library (decision 068).

/** An archived location can be restored this many days after it was archived. */
export const RESTORE_DAYS = 30;
const DAY_MS = 86_400_000;

/** Until when an archived location can be restored: the dashboard's "restore" shows while this is ahead. */
export const restorableUntil = (archivedAt: Date): Date => new Date(archivedAt.getTime() + RESTORE_DAYS * DAY_MS);
