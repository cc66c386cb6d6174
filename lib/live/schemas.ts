import { z } from "zod";
import { recordId, timestamp } from "../shared/schemas";

// The change feed (live-menus §3): isomorphic, so the dashboard's live refresh reads the same shapes.

import { CHANGE_TYPES } from "../shared/change-types";
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** A feed cursor: opaque to clients; here the change's id written as 16 digits, so cursors also sort as strings. */
export const cursorPattern = /^[0-9]{16}$/;

export const changeActor = z.strictObject({
  user_id: recordId.nullable(),
  name: z.string().nullable(),
  via: z.enum(["token", "session", "system"]),
});

export const changeResponse = z.strictObject({
  id: recordId,
  cursor: z.string().regex(cursorPattern),
  type: z.enum(CHANGE_TYPES),
  location_id: recordId,
  menu_id: recordId,
  /** The menu's version after the change (for menu.deleted, the version it would have had). */
  version: z.number().int().min(1),
  at: timestamp,
  actor: changeActor,
  summary: z.string(),
});
export type ChangeResponse = z.infer<typeof changeResponse>;

export const changesEnvelope = z.strictObject({
  changes: z.array(changeResponse),
  /** Where to go on from: the last change's cursor, or the `since` sent when there was nothing new. */
  next_cursor: z.string().regex(cursorPattern),
});

export const changesQuery = z.object({
  since: z.string().regex(cursorPattern, "must be a cursor from this feed (next_cursor or a change's cursor)").optional(),
  limit: z.coerce
    .number({ error: "must be a whole number from 1 to 500" })
    .int("must be a whole number from 1 to 500")
    .min(1, "must be a whole number from 1 to 500")
    .max(500, "must be a whole number from 1 to 500")
    .default(100),
});

/** The stream resumes after Last-Event-ID, or after `since` when the header is absent. */
export const changeStreamQuery = z.object({
  since: z.string().regex(cursorPattern, "must be a cursor from this feed (next_cursor or a change's cursor)").optional(),
});

/** The stream's body: Server-Sent Events, one per change (`id: <cursor>`, `event: <type>`, `data: <Change JSON>`). */
export const changeStreamResponse = z.string().meta({ contentMediaType: "text/event-stream" });

/** GET /locations/:id/menu_announcements: what changed on the location's published menus, newest first (decision 052). */
export const ANNOUNCEMENTS_PAGE = { default: 25, max: 100 } as const;

export const menuAnnouncementsQuery = z.object({
  /** An announcement's id: only older ones (the next page is `before` = the last id of this one). */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, "must be an announcement's id")
    .transform(Number)
    .optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, `must be a whole number from 1 to ${ANNOUNCEMENTS_PAGE.max}`)
    .transform(Number)
    .pipe(z.number().max(ANNOUNCEMENTS_PAGE.max, `must be a whole number from 1 to ${ANNOUNCEMENTS_PAGE.max}`))
    .default(ANNOUNCEMENTS_PAGE.default),
});

export const menuAnnouncementResponse = z.strictObject({
  /** The change's id (live-menus §3): the same id in the feed, its stream and its webhooks. */
  id: recordId,
  location_id: recordId,
  menu_id: recordId,
  menu_name: z.string(),
  type: z.enum(CHANGE_TYPES),
  /** The change in one sentence ("Added Harbor Haze to Taps"). */
  message: z.string(),
  /** The menu's version after the change. */
  version: z.number().int().min(1),
  created_at: timestamp,
});
export type MenuAnnouncementResponse = z.infer<typeof menuAnnouncementResponse>;

export const menuAnnouncementsEnvelope = z.strictObject({ menu_announcements: z.array(menuAnnouncementResponse) });
