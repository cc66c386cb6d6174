import type { Db } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { isUniqueViolation } from "@/lib/db/errors";
import { ApiError } from "@/lib/server/errors";
import { hashPassword } from "./password";
import { type Role, worksEverywhere } from "./permissions";
import { issueTokenPair } from "./tokens";

// Making an account: sign-up's owner (venue-operations §1) and an accepted invitation's member (§3).
// The password rules are the caller's to check first (lib/auth/password-policy.ts), with the field's path.

export type NewUser = {
  businessId: number;
  email: string;
  name: string;
  password: string;
  role: Role;
  /** The member's locations; null for an owner (every location). */
  locationIds: number[] | null;
};

/** The user and their token pair in plain (shown once, as POST /sessions shows it). 409 when the email has an account. */
export async function createUser(db: Db, input: NewUser): Promise<{ user: User; tokens: { token: string; readOnlyToken: string } }> {
  const { plain, columns } = issueTokenPair();
  try {
    const [user] = await db
      .insert(users)
      .values({
        businessId: input.businessId,
        email: input.email.trim().toLowerCase(),
        name: input.name,
        role: input.role,
        locationIds: worksEverywhere(input.role) ? null : input.locationIds,
        passwordHash: await hashPassword(input.password),
        ...columns,
      })
      .returning();
    return { user: user!, tokens: plain };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("email_taken", "An account with this email already exists: sign in instead.");
    throw error;
  }
}
