import type { ItemResponse } from "@/lib/menus/schemas/menus";

type Reason = NonNullable<ItemResponse["eighty_sixed_reason"]>;

// Why an item is 86'd, as the bar says it (venue-operations §8): the badge and the 86 page show the
// words, so a bartender knows whether a restore needs a new keg, a word with the till, or nothing.
const WORDS: Record<Reason, string> = {
  manual: "86'd by hand",
  kicked: "Kicked keg",
  pos: "Sold out at the till",
};

/** The reason in words; null when none was recorded (an 86 older than reasons, or not 86'd). */
export const eightySixReasonWords = (reason: ItemResponse["eighty_sixed_reason"] | undefined): string | null =>
  reason ? WORDS[reason] : null;
