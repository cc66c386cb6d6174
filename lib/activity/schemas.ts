import { z } from "zod";
import { changeActor } from "../live/schemas";
import { positiveId, recordId, timestamp } from "../shared/schemas";

// GET /locations/:id/activity (venue-operations §5): isomorphic, so the dashboard's activity page reads
// the same shapes.

const limitMessage = "must be a whole number from 1 to 200";

export const activityQuery = z.object({
  /** Where the previous page ended (its next_cursor): opaque. */
  cursor: z.string().max(200, "must be a cursor from this log (a next_cursor)").optional(),
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(200, limitMessage).default(50),
  /** Only what this user did. */
  actor_id: positiveId.optional(),
});

export const activityEntryResponse = z.strictObject({
  /** Unique within the log: `change-<id>` for a menu change (the feed's), `activity-<id>` for any other write. */
  id: z.string(),
  at: timestamp,
  /** Who, as they were named when they did it; `via: "system"` (no user) for the 86 sweeper and jobs. */
  actor: changeActor,
  /** `<target>.<verb>`: a menu change's type (`item.86d`, `menu.published`…), or `event.created`, `hours.updated`, `location.archived`… */
  kind: z.string(),
  summary: z.string(),
  /** The record it concerns: `menu`, `event`, `webhook`, `hours` (the location's week, by the location's id), `location`, `member`… */
  target: z.strictObject({ type: z.string(), id: recordId.nullable() }),
});
export type ActivityEntryResponse = z.infer<typeof activityEntryResponse>;

export const activityEnvelope = z.strictObject({
  /** Newest first. */
  activity: z.array(activityEntryResponse),
  /** The cursor of the next (older) page; null when this page is the last. */
  next_cursor: z.string().nullable(),
});
