import { z } from "zod";
import { envelope, recordId } from "@/lib/shared/schemas";

// What publishing or unpublishing menus changes for guests (decision 078): the dashboard reads it before
// it asks, so the person sees the menus, the items guests would see with no price and the TVs showing
// each menu. Shared by the route and the dashboard's dialogs.

/** At most this many menus per read: a location's menus, with room to spare. */
export const MAX_IMPACT_MENUS = 100;
/** Unpriced items named per menu; `unpriced_item_count` tells how many there are in all. */
export const MAX_UNPRICED_NAMED = 25;

const menuIdList = z
  .string({ error: "must be menu ids separated by commas, e.g. 12,15" })
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/, "must be menu ids separated by commas, e.g. 12,15")
  .transform((value) => [...new Set(value.split(",").map(Number))])
  .pipe(
    z
      .array(z.number().int().max(2_147_483_647, "names an id that is too large"))
      .max(MAX_IMPACT_MENUS, `names at most ${MAX_IMPACT_MENUS} menus`),
  );

export const publishImpactQuery = z.object({
  menu_ids: menuIdList
    .optional()
    .describe(
      "The location's menus to describe, as ids separated by commas; left out: every draft of the location (what publish_all would publish).",
    ),
});

const unpricedItem = z.strictObject({ id: recordId, name: z.string(), section_name: z.string() });
const boardShowing = z.strictObject({ id: recordId, name: z.string() });

export const menuImpactResponse = z.strictObject({
  id: recordId,
  name: z.string(),
  unpublished: z.boolean(),
  /** Items guests would see (public sections, on-deck beers aside) that have no size with a price, in menu order. */
  unpriced_items: z.array(unpricedItem),
  unpriced_item_count: z.number().int().min(0),
  /** The paired TVs set to show this menu: each shows it while it is published, "isn't available" while not. */
  boards: z.array(boardShowing),
});

export const publishImpactEnvelope = envelope("menus", z.array(menuImpactResponse));

export type MenuImpactResponse = z.infer<typeof menuImpactResponse>;
