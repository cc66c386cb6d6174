import { z } from "zod";

export const analyticsQuery = z.object({
  source_name: z
    .string()
    .trim()
    .max(64, "must be at most 64 characters")
    .regex(/^[\p{L}\p{N} _.-]*$/u, "may hold letters, digits, spaces, dots, dashes and underscores")
    .optional()
    .transform((value) => value || "API"),
});
