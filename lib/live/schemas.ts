import { z } from "zod";
import { recordId, timestamp } from "../shared/schemas";

// The change feed (live-menus §3): isomorphic, so the dashboard's live refresh reads the same shapes.

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
] as const;
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
