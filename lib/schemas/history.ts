import { z } from "zod";
import { envelope, idParam, recordId, timestamp } from "./common";
import { menuTreeResponse } from "./menus";

// A menu's history and revert (live-menus §6): GET /menus/:id/versions, GET /menus/:id/versions/:version,
// POST /menus/:id/versions/:version/revert.

/** How many versions one page of GET /menus/:id/versions holds by default, and at most. */
export const VERSIONS_PAGE = { default: 20, max: 100 } as const;

/** The path of a version: the menu's id as any id; the version as text, judged by `versionNumber` (422). */
export const versionParams = z.object({ id: idParam, version: z.string() });

/** A version as a path or a query names it: a whole number from 1. */
export const versionNumber = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, "must be a whole number from 1")
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647, "is too large"));

export const versionsQuery = z.object({
  before: versionNumber.optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]*$/, `must be a whole number from 1 to ${VERSIONS_PAGE.max}`)
    .transform(Number)
    .pipe(z.number().max(VERSIONS_PAGE.max, `must be a whole number from 1 to ${VERSIONS_PAGE.max}`))
    .optional(),
});

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

export const changeActor = z.strictObject({
  user_id: recordId.nullable(),
  name: z.string().nullable(),
  via: z.enum(["token", "session", "system"]),
});

/** One change of the feed (live-menus §3): one committed transaction's change to one menu. */
export const changeResponse = z.strictObject({
  id: z.string(),
  cursor: z.string(),
  type: z.enum(CHANGE_TYPES),
  location_id: recordId,
  menu_id: recordId,
  version: z.number().int().min(1),
  at: timestamp,
  actor: changeActor,
  summary: z.string(),
});

export const versionResponse = z.strictObject({
  version: z.number().int().min(1),
  at: timestamp,
  actor: changeActor,
  summary: z.string(),
  changes: z.array(changeResponse),
});

export const versionsEnvelope = envelope("versions", z.array(versionResponse));
export const menuVersionEnvelope = envelope("menu", menuTreeResponse);

export type ChangeResponse = z.infer<typeof changeResponse>;
export type VersionResponse = z.infer<typeof versionResponse>;
export type ChangeActorResponse = z.infer<typeof changeActor>;
