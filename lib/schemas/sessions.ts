import { z } from "zod";

export const createSessionBody = z.object(
  {
    email: z.string({ error: "is required" }).trim().min(1, "is required").max(254, "is too long"),
    password: z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
  },
  { error: "must be a JSON object with email and password" },
);

export type CreateSessionBody = z.infer<typeof createSessionBody>;
