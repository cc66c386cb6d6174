import { z } from "zod";
import { decimalString, envelope, listPosition, recordId, timestamp } from "@/lib/shared/schemas";

// Container sizes: a global list (GET /container_sizes), also embedded in every container.

export const containerSizeResponse = z.strictObject({
  id: recordId,
  name: z.string(),
  ounces: decimalString,
  // Added (issue 49, decision 088): the volume in the size's own unit, as it is read (568 ml, 0.5 l, 16 oz).
  unit: z.enum(["oz", "ml", "l"]),
  volume: decimalString,
  position: listPosition,
  created_at: timestamp,
  updated_at: timestamp,
});
/** Inside a container the size also names its group. */
export const embeddedContainerSizeResponse = containerSizeResponse.extend({ container_size_group_id: recordId });

export const containerSizesEnvelope = envelope("container_sizes", z.array(containerSizeResponse));

export type ContainerSizeResponse = z.infer<typeof containerSizeResponse>;
export type EmbeddedContainerSizeResponse = z.infer<typeof embeddedContainerSizeResponse>;
