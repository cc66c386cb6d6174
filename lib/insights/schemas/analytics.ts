import { z } from "zod";
import { sourceName } from "@/lib/shared/schemas";

export const analyticsQuery = z.object({ source_name: sourceName });

/** GET /locations/:id/analytics: the view was counted. */
export const analyticsResponse = z.strictObject({ status: z.literal("OK") });
