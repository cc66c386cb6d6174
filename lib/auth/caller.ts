import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { hashToken, sameHash } from "./tokens";

export type User = typeof users.$inferSelect;
export type Caller = { user: User; access: "read" | "write" };

export const REALM = 'Basic realm="Taproom API", charset="UTF-8"';

const unauthorized = (detail: string) =>
  new ApiError("unauthorized", detail, { headers: { "www-authenticate": REALM } });

function parseBasic(header: string | null): { email: string; token: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  // Tokens never contain a colon; an email may, so split at the last one.
  const colon = decoded.lastIndexOf(":");
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { email: decoded.slice(0, colon).trim().toLowerCase(), token: decoded.slice(colon + 1) };
}

/** Resolves `Authorization: Basic base64(email:token)` to the user and the token's access level. */
export async function authenticate(db: Db, request: Request): Promise<Caller> {
  const header = request.headers.get("authorization");
  if (!header) throw unauthorized("Send Authorization: Basic base64(email:token).");
  const credentials = parseBasic(header);
  if (!credentials) throw unauthorized("The Authorization header is not Basic base64(email:token).");
  const [user] = await db.select().from(users).where(eq(users.email, credentials.email)).limit(1);
  const presented = hashToken(credentials.token);
  if (user && sameHash(presented, user.tokenHash)) return { user, access: "write" };
  if (user && sameHash(presented, user.readOnlyTokenHash)) return { user, access: "read" };
  throw unauthorized("The email or token is wrong, or the token was reset.");
}
