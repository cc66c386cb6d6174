import { z } from "zod";
import { ALLERGENS, DIETARY } from "@/lib/shared/labels";

// The bodies' and answers' schemas of what every guest can read (venue-operations §13); the lists,
// words and rules themselves are lib/shared/labels.ts (no zod: the board loads them). Decision 084.

/** A list of distinct words from `values`, kept in the list's own order (so one set has one spelling). */
const wordList = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z
    .array(z.enum(values, { error: `must be one of ${values.join(", ")}` }), { error: `must be a list of ${what}` })
    .max(values.length, `lists at most ${values.length} ${what}`)
    .transform((list) => values.filter((value) => list.includes(value)));

export const allergensInput = wordList(ALLERGENS, "allergens");
export const dietaryInput = wordList(DIETARY, "dietary tags");

export const allergensResponse = z.array(z.enum(ALLERGENS));
export const dietaryResponse = z.array(z.enum(DIETARY));
