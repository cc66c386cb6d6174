import { z } from "zod";
import { idParam } from "@/lib/shared/schemas";
import { menuTreeResponse } from "./menus";

// The public menu board (/preview/menus/:menuId): what its page renders and what its script fetches
// again when the menu's version changes (GET /preview/menus/:menuId/data).

export const previewParams = z.object({ menuId: idParam });

export const previewResponse = z.strictObject({
  /** The menu as guests see it (86'd items left out). */
  menu: menuTreeResponse,
  location: z.strictObject({ name: z.string(), city: z.string().nullable(), currency: z.string() }),
  /** A draft, shown only to the menu's own business. */
  draft: z.boolean(),
  /** The viewer is signed in to the menu's business. */
  staff: z.boolean(),
  /** The venue's IANA zone: the board's "as of HH:MM" is venue time. */
  time_zone: z.string(),
});

export type PreviewResponse = z.infer<typeof previewResponse>;

/** What the board's stream sends (`event: version`): the menu's version, nothing else about the change. */
export const boardVersionEvent = z.strictObject({ version: z.number().int().positive() });

/**
 * The board's own query: `?theme=dark` (anything else is light) and `?refresh=<seconds>` for TVs that
 * reload themselves, whole seconds from 30 to 3600 (anything else means no refresh).
 */
export function boardOptions(query: Record<string, string | string[] | undefined>): { theme: "light" | "dark"; refresh: number | null } {
  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const raw = single(query.refresh);
  const seconds = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : null;
  return {
    theme: single(query.theme) === "dark" ? "dark" : "light",
    refresh: seconds !== null && seconds >= 30 && seconds <= 3600 ? seconds : null,
  };
}
