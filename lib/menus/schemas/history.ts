import { z } from "zod";
import { envelope, idParam, timestamp } from "@/lib/shared/schemas";
import { changeActor, changeResponse } from "@/lib/live/schemas";
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

export const versionResponse = z.strictObject({
  version: z.number().int().min(1),
  at: timestamp,
  actor: changeActor,
  summary: z.string(),
  changes: z.array(changeResponse),
});

export const versionsEnvelope = envelope("versions", z.array(versionResponse));
export const menuVersionEnvelope = envelope("menu", menuTreeResponse);

export type VersionResponse = z.infer<typeof versionResponse>;
