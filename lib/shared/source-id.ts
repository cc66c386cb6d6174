import { z } from "zod";

// An imported record keeps where it came from as "<origin>#<kind>:<id>" (lib/imports/sync.ts: the origin
// tells one source's records from another's, the kind a custom menu's ids from a menu's). Reads answer
// only the source's own id (venue-operations §6): what an integrator stored and now maps to ours.

/** The source's own id in a stored source_id; null for a record not imported (or a value no import wrote). */
export function sourceOwnId(stored: string | null): number | null {
  const id = stored === null ? null : /#[a-z_]+:(\d+)$/.exec(stored)?.[1];
  return id ? Number(id) : null;
}

/** `source_id` in a read: the source's own id, null for a record the venue made here. */
export const sourceIdResponse = z.number().int().min(0).nullable();
