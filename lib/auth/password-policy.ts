import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import type { FieldError } from "@/lib/server/errors";
import { APP_NAME_WORDS } from "./password-rules";

// The password rules for sign-up, invitations, resets and changes (venue-operations §1): at least 10
// characters, not containing the email (nor its name part) or the app's name, not on the common-password
// list that zxcvbn-ts ships, and hard enough to guess by zxcvbn-ts's estimate (a score of 3 of 4, about
// 10^8 guesses): "aaaaaaaaaa", ten spaces and "Taproom2026" passed the old rules (issue 47). Checked on the
// server; the forms show the same words (lib/auth/password-rules.ts, which ships no dictionary).

export const MIN_PASSWORD_LENGTH = 10;
/** zxcvbn's score (0–4) a password must reach: 3 is "safely unguessable" for an online attack. */
export const MIN_PASSWORD_SCORE = 3;
const common = new Set<string>(dictionary["passwords-common"] as string[]);

// Built on first use: the dictionaries are large, and most requests judge no password.
let estimator: ZxcvbnFactory | undefined;
const strength = () => {
  estimator ??= new ZxcvbnFactory({ graphs: adjacencyGraphs, dictionary: { ...dictionary } });
  return estimator;
};

/** What is wrong with `password` for the account `email` (one message), or null when it passes. */
export function passwordProblem(password: string, email?: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  const address = email?.trim().toLowerCase() ?? "";
  const local = address.split("@")[0] ?? "";
  if (address && (lower.includes(address) || (local.length >= 3 && lower.includes(local)))) return "must not contain your email address";
  if (APP_NAME_WORDS.some((word) => lower.includes(word))) return "must not contain the app's name";
  if (common.has(lower)) return "is one of the most common passwords; choose another";
  const { score } = strength().check(password, [address, local, ...APP_NAME_WORDS].filter(Boolean));
  if (score < MIN_PASSWORD_SCORE) return "is too easy to guess (repeats, sequences, common words or dates): try a few unrelated words";
  return null;
}

/** The rules as a field error on `path` (422), or an empty list. */
export function passwordErrors(path: string, password: string, email?: string): FieldError[] {
  const problem = passwordProblem(password, email);
  return problem ? [{ path, message: problem }] : [];
}
