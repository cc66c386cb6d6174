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
