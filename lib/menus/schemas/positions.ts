import { z } from "zod";
import { listPosition, positionInput, positiveId, recordId } from "@/lib/shared/schemas";

const entry = z.object({ id: positiveId, position: positionInput });

/** `{<key>: [{id, position}]}`: one batch for a whole list of siblings. */
export const positionsBody = <K extends string>(key: K) =>
  z.object({ [key]: z.array(entry, { error: "must be a list of {id, position}" }).max(1000, "lists at most 1000 records") } as {
    [P in K]: z.ZodArray<typeof entry>;
  });

/** The answer to a batch: `{<key>: [{id, position}]}` of every sibling in its new order. */
export const positionsResponse = <K extends string>(key: K) =>
  z.strictObject({ [key]: z.array(z.strictObject({ id: recordId, position: listPosition })) } as {
    [P in K]: z.ZodArray<z.ZodObject<{ id: typeof recordId; position: typeof listPosition }, z.core.$strict>>;
  });

/**
 * POST /sections/:id/items/tap_numbers: the section's tap numbers made to follow its order, counting
 * from `from` (1 unless said): the item at position 0 gets `from`, the next `from + 1`, and so on.
 */
export const tapNumbersBody = z.object({
  from: z
    .number({ error: "must be a whole number from 1 to 9999" })
    .int("must be a whole number from 1 to 9999")
    .min(1, "must be a whole number from 1 to 9999")
    .max(9999, "must be a whole number from 1 to 9999")
    .optional(),
});

/** Its answer: every item of the section in order with its new tap number. */
export const tapNumbersResponse = z.strictObject({ items: z.array(z.strictObject({ id: recordId, tap_number: z.string() })) });
