import { z } from "zod";
import { positiveId } from "./common";

const entry = z.object({
  id: positiveId,
  position: z.number({ error: "must be a whole number from 0" }).int("must be a whole number from 0").min(0, "must be a whole number from 0"),
});

/** `{<key>: [{id, position}]}`: one batch for a whole list of siblings. */
export const positionsBody = <K extends string>(key: K) =>
  z.object({ [key]: z.array(entry, { error: "must be a list of {id, position}" }).max(1000, "lists at most 1000 records") } as {
    [P in K]: z.ZodArray<typeof entry>;
  });
