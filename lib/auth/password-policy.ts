import { dictionary } from "@zxcvbn-ts/language-common";
import type { FieldError } from "@/lib/server/errors";

// The password rules for sign-up, invitations, resets and changes (venue-operations §1): at least 10
// characters, not the email (nor its name part), and not on the common-password list that zxcvbn-ts
// ships (about 49,000 passwords leaked most often). Checked on the server; the forms show the same words.

export const MIN_PASSWORD_LENGTH = 10;
const common = new Set<string>(dictionary["passwords-common"] as string[]);

/** What is wrong with `password` for the account `email` (one message), or null when it passes. */
export function passwordProblem(password: string, email?: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (email) {
    const address = email.trim().toLowerCase();
    if (lower === address || lower === address.split("@")[0]) return "must not be your email address";
  }
  if (common.has(lower)) return "is one of the most common passwords; choose another";
  return null;
}

/** The rules as a field error on `path` (422), or an empty list. */
export function passwordErrors(path: string, password: string, email?: string): FieldError[] {
  const problem = passwordProblem(password, email);
  return problem ? [{ path, message: problem }] : [];
}
