import { z } from "zod";
import { sessionResponse } from "./sessions";
import { CONTROL_CHARACTER_MESSAGE, requiredText, withoutControlCharacters } from "@/lib/shared/schemas";

// POST /api/v1/signup and the dashboard's POST /api/session/signup (venue-operations §1). The shape is
// checked here (shared with the sign-up form); the password rules (length, not the email, not a common
// password) are the server's, in lib/auth/password-policy.ts, answered on `password` with the same 422.

/** An email address as people type it: trimmed, lowercased, then checked. */
export const emailInput = z
  .string({ error: "is required" })
  .trim()
  .toLowerCase()
  .min(1, "is required")
  .max(254, "is too long")
  .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE)
  .pipe(z.email({ error: "is not an email address" }));

/** The password as typed: only its size is checked here, the rules on the server. */
export const newPasswordInput = z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long");

export const signupBody = z.object(
  {
    business_name: requiredText(255),
    name: requiredText(255),
    email: emailInput,
    password: newPasswordInput,
  },
  { error: "must be a JSON object with business_name, name, email and password" },
);

export type SignupBody = z.infer<typeof signupBody>;

/** 201: the new owner's token pair, as POST /sessions answers it. */
export const signupResponse = { 201: sessionResponse };
