import type { Db } from "@/lib/db/client";
import { businesses, type User } from "@/lib/db/schema";
import { env } from "@/lib/server/env";
import { ApiError, invalid } from "@/lib/server/errors";
import type { SignupBody } from "@/lib/auth/schemas/signup";
import { createUser } from "./accounts";
import { passwordErrors } from "./password-policy";
import { limitAttempts } from "./login-limits";
import type { SessionUser } from "./sessions";

// Sign-up (venue-operations §1): anyone may create a business and become its owner, unless the server
// is closed to new businesses (SIGNUP=closed). The API (POST /api/v1/signup) and the dashboard
// (POST /api/session/signup, which also starts a browser session) share this one path.

/** Whether new businesses may sign up on this server (pages show or hide the way in). */
export const signupOpen = (): boolean => env().SIGNUP === "open";

/**
 * Whether the database holds any business at all: a fresh install without demo data (DEMO_DATA=false)
 * has none, and `/` then leads to sign-up rather than to a sign-in nobody can pass.
 */
export async function hasAnyBusiness(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: businesses.id }).from(businesses).limit(1);
  return row !== undefined;
}

/** 403 signup_closed unless sign-up is open; the routes run it first, before the body is read. */
export function assertSignupOpen(): void {
  if (!signupOpen()) {
    throw new ApiError("signup_closed", "Sign-up is closed on this server: ask an owner of your business for an invitation.");
  }
}

export type SignupInput = SignupBody & { address: string | null; now?: Date };

/**
 * Creates the business and its owner in one transaction and returns the owner with their token pair.
 * The attempt counts against the login limits (per email and per client address) before anything
 * else; then the password rules (422 on `password`), then the email (409 email_taken), and nothing is
 * kept of a refused sign-up. `also` runs in the same transaction (the dashboard's session).
 */
export async function signUp(
  db: Db,
  input: SignupInput,
  also?: (tx: Db, user: User) => Promise<void>,
): Promise<{ user: User; tokens: SessionUser }> {
  assertSignupOpen();
  await limitAttempts(db, { kind: "login", email: input.email, address: input.address, now: input.now });
  const problems = passwordErrors("password", input.password, input.email);
  if (problems.length > 0) throw invalid(problems);
  return db.transaction(async (tx) => {
    const [business] = await tx.insert(businesses).values({ name: input.business_name }).returning();
    const { user, tokens } = await createUser(tx, {
      businessId: business!.id,
      email: input.email,
      name: input.name,
      password: input.password,
      role: "owner",
      locationIds: null,
    });
    await also?.(tx, user);
    return { user, tokens: { email: user.email, auth_token: tokens.token, auth_token_read_only: tokens.readOnlyToken } };
  });
}
