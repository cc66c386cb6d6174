import type { z } from "zod";

// The password rules a form checks before sending (isomorphic: the dashboard's forms and the plain
// sign-up form of lib/auth/way-in). lib/auth/password-policy.ts holds the server's, which also refuses
// the most common passwords and judges how guessable one is (zxcvbn-ts): its dictionaries are too big to
// ship to a browser, so those rules come back as a 422 on the field. Same words as the server's messages.

const MIN_LENGTH = 10;

export const PASSWORD_HINT = `At least ${MIN_LENGTH} characters, hard to guess (a few unrelated words work well), without your email address or the app's name.`;

/** The app's name: a password holding it is among the first an attacker of this app tries. */
export const APP_NAME_WORDS = ["taproom"];

/** What the browser can tell is wrong with `password` (length, the email), or null. */
export function passwordRuleProblem(password: string, email?: string): string | null {
  if (password.length === 0) return null;
  if ([...password].length < MIN_LENGTH) return `must be at least ${MIN_LENGTH} characters`;
  const address = email?.trim().toLowerCase() ?? "";
  const local = address.split("@")[0] ?? "";
  const lower = password.toLowerCase();
  if (address && (lower.includes(address) || (local.length >= 3 && lower.includes(local)))) return "must not contain your email address";
  if (APP_NAME_WORDS.some((word) => lower.includes(word))) return "must not contain the app's name";
  return null;
}

/** Adds the password rules to a form schema's check of `field` (with the email from `emailField`, if any). */
export function checkPassword<T extends Record<string, unknown>>(field: keyof T & string, emailField?: keyof T & string) {
  return (values: T, ctx: z.RefinementCtx) => {
    const password = values[field];
    const email = emailField ? values[emailField] : undefined;
    if (typeof password !== "string") return;
    const problem = passwordRuleProblem(password, typeof email === "string" ? email : undefined);
    if (problem) ctx.addIssue({ code: "custom", path: [field], message: problem });
  };
}
