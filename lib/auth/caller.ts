import { eq, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users, type User } from "@/lib/db/schema";
import { ApiError } from "@/lib/server/errors";
import { findBrowserSessionUser, readSessionCookie } from "@/lib/auth/browser-sessions";
import { hashToken, sameHash } from "./tokens";
import { assertSameOrigin } from "./same-origin";
import { readCache } from "@/lib/live/read-cache";

/** `via`: Basic email:token ("token") or the dashboard's session cookie ("session", always write access). */
export type Caller = { user: User; access: "read" | "write"; via: "token" | "session" };

export const REALM = 'Basic realm="Taproom API", charset="UTF-8"';

const unauthorized = (detail: string) => new ApiError("unauthorized", detail, { headers: { "www-authenticate": REALM } });

/**
 * The dashboard's own page scripts (Sec-Fetch-Site same-origin, Sec-Fetch-Mode other than navigate)
 * get their 401 without the Basic challenge, which would make the browser pop up its own sign-in
 * dialog over the dashboard (contract §3). Everyone else keeps it: integrations, programs whose fetch
 * sends Sec-Fetch-Mode cors without Sec-Fetch-Site (Node's does), other sites, address-bar navigations.
 */
const fromPageScript = (request: Request) => {
  const mode = request.headers.get("sec-fetch-mode")?.trim().toLowerCase();
  const site = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
  return site === "same-origin" && !!mode && mode !== "navigate";
};
const noCredentials = (request: Request, detail: string) =>
  fromPageScript(request) ? new ApiError("unauthorized", detail) : unauthorized(detail);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function parseBasic(header: string | null): { email: string; token: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  // Tokens never contain a colon; an email may, so split at the last one.
  const colon = decoded.lastIndexOf(":");
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { email: decoded.slice(0, colon).trim().toLowerCase(), token: decoded.slice(colon + 1) };
}

/**
 * Resolves the caller. With an Authorization header: Basic base64(email:token) and the token's access
 * level, nothing else (a bad header is 401 even next to a valid cookie). Without one: the dashboard's
 * session cookie, with write access; a cookie request that changes something must come from this site
 * (403 cross_site_request).
 */
export async function authenticate(db: Db, request: Request): Promise<Caller> {
  const header = request.headers.get("authorization");
  if (!header) {
    const token = readSessionCookie(request);
    const user = token ? await findBrowserSessionUser(db, token) : null;
    if (!user) {
      throw noCredentials(
        request,
        token
          ? "The session has expired or was ended: sign in again, or send Authorization: Basic base64(email:token)."
          : "Send Authorization: Basic base64(email:token), or sign in to the dashboard.",
      );
    }
    if (!SAFE_METHODS.has(request.method)) assertSameOrigin(request);
    return { user, access: "write", via: "session" };
  }
  const credentials = parseBasic(header);
  if (!credentials) throw unauthorized("The Authorization header is not Basic base64(email:token).");
  const presented = hashToken(credentials.token);
  return tokenCaller({
    key: `caller:${credentials.email}:${presented}`,
    presented,
    find: async () => (await db.select().from(users).where(eq(users.email, credentials.email)).limit(1))[0],
    refused: "The email or token is wrong, or the token was reset.",
  });
}

/**
 * The caller whose token hashes to `presented`, among the users `find` reads, with that token's access.
 * Known callers are kept by the token's hash (the read model, lib/live/read-cache.ts) until their user
 * or business row is written anywhere: a reset token is refused on every instance as soon as it hears
 * the notification. Refusals are not kept.
 */
async function tokenCaller({
  key,
  presented,
  find,
  refused,
}: {
  key: string;
  presented: string;
  find: () => Promise<User | undefined>;
  refused: string;
}): Promise<Caller> {
  const cache = await readCache();
  const kept = cache.get<Caller>(key);
  if (kept) return kept;
  const since = cache.generation;
  const user = await find();
  const access = !user ? null : sameHash(presented, user.tokenHash) ? "write" : sameHash(presented, user.readOnlyTokenHash) ? "read" : null;
  if (!user || !access) throw unauthorized(refused);
  const caller: Caller = { user, access, via: "token" };
  cache.keep(key, { value: caller, bytes: 1000, tags: [`user:${user.id}`, `business:${user.businessId}`] }, since);
  return caller;
}

/**
 * A Taproom token alone, as the platform's client libraries send v4's `access_token` (contract §7): the
 * rules of Basic auth without the email, since either token of a user names them by its hash, and kept
 * in the read model the same way. A value that is no Taproom token is 401.
 */
export async function authenticateToken(db: Db, token: string): Promise<Caller> {
  if (token === "") throw unauthorized("The access_token is empty.");
  const presented = hashToken(token);
  return tokenCaller({
    key: `caller-token:${presented}`,
    presented,
    find: async () =>
      (
        await db
          .select()
          .from(users)
          .where(or(eq(users.tokenHash, presented), eq(users.readOnlyTokenHash, presented)))
          .limit(1)
      )[0],
    refused: "The access_token is not a Taproom token, or it was reset.",
  });
}
