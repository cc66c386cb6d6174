import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { processGlobal } from "@/lib/db/process-global";
import { apiKeys, users, type User } from "@/lib/db/schema";
import { ApiError } from "@/lib/server/errors";
import { CONTROL_CHARACTER } from "@/lib/shared/schemas";
import { type KeyScope, type Scope, scopesAllowing } from "./scopes";
import { findBrowserSessionUser, readSessionCookie } from "@/lib/auth/browser-sessions";
import { hashToken, sameHash } from "./tokens";
import { assertSameOrigin } from "./same-origin";
import { readCache, readCacheNow } from "@/lib/live/read-cache";

/**
 * `via`: Basic email:token or an integration key ("token"), or the dashboard's session cookie
 * ("session", always write access). A key's caller is its creator narrowed to the key's locations,
 * with `key` naming it and its scopes.
 */
export type Caller = {
  user: User;
  access: "read" | "write";
  via: "token" | "session";
  key?: { id: number; name: string; scopes: Scope[] };
};

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
  // No email or token holds a control character (and the database cannot hold NUL): it names nobody.
  if (CONTROL_CHARACTER.test(decoded)) return null;
  const colon = decoded.lastIndexOf(":");
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { email: decoded.slice(0, colon).trim().toLowerCase(), token: decoded.slice(colon + 1) };
}

/**
 * One spelling per credential of an Authorization header, for counting what it holds (streams): the
 * letter case of the email or the scheme, and padding, name the same account, so they must count as one.
 * A header that is neither Basic nor a key stays as sent (it authenticates nothing).
 */
export function credentialKey(header: string): string {
  const key = header.match(BEARER_KEY)?.[1];
  if (key) return `key:${key}`;
  const basic = parseBasic(header);
  return basic ? `basic:${basic.email}:${basic.token}` : `raw:${header}`;
}

/**
 * Resolves the caller. With an Authorization header: Basic base64(email:token) and the token's access
 * level, nothing else (a bad header is 401 even next to a valid cookie). Without one: the dashboard's
 * session cookie, with write access; a cookie request that changes something must come from this site
 * (403 cross_site_request). An integration key must hold one of the scopes the verb declared (`scope`,
 * decision 093; none declared: never a key), else 403 forbidden_scope.
 */
export async function authenticate(db: Db, request: Request, scope?: KeyScope): Promise<Caller> {
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
  const bearer = header.match(BEARER_KEY)?.[1];
  if (bearer) return checkedScope(await keyCaller(db, bearer), request, scope);
  const credentials = parseBasic(header);
  if (!credentials) throw unauthorized("The Authorization header is not Basic base64(email:token) or Bearer tpk_… (an integration key).");
  const presented = hashToken(credentials.token);
  return tokenCaller({
    key: `caller:${credentials.email}:${presented}`,
    alias: headerKey(header),
    presented,
    find: async () => (await db.select().from(users).where(eq(users.email, credentials.email)).limit(1))[0],
    refused: "The email or token is wrong, or the token was reset.",
  });
}

/** Where the read cache keeps a Basic caller by the Authorization header exactly as it was sent. */
const headerKey = (header: string) => `caller-header:${header}`;

/**
 * The caller a Basic Authorization header named before, as the read cache keeps it (beside the entry
 * by the token's hash, under the same tags: a reset token or a changed member drops both on every
 * instance): no hashing, no database, nothing awaited. Undefined when it is not kept (not yet, or
 * dropped), for a session cookie and for an integration key (whose use is written down per minute):
 * then `authenticate`. Issue 55: a polled read that hits the read cache does no database work and no hashing.
 */
export function knownCaller(request: Request): Caller | undefined {
  const header = request.headers.get("authorization");
  return header ? readCacheNow()?.get<Caller>(headerKey(header)) : undefined;
}

/**
 * The caller whose token hashes to `presented`, among the users `find` reads, with that token's access.
 * Known callers are kept by the token's hash (the read model, lib/live/read-cache.ts) until their user
 * or business row is written anywhere: a reset token is refused on every instance as soon as it hears
 * the notification. Refusals are not kept.
 */
async function tokenCaller({
  key,
  alias,
  presented,
  find,
  refused,
}: {
  key: string;
  /** A second key to keep the caller under (`knownCaller`'s, by the header as sent). */
  alias?: string;
  presented: string;
  find: () => Promise<User | undefined>;
  refused: string;
}): Promise<Caller> {
  const cache = await readCache();
  const kept = cache.get<Caller>(key);
  const since = cache.generation;
  const keep = (caller: Caller, under: string, at: number) =>
    cache.keep(under, { value: caller, bytes: 1000, tags: [`user:${caller.user.id}`, `business:${caller.user.businessId}`] }, at);
  if (kept) {
    if (alias) keep(kept, alias, since);
    return kept;
  }
  const user = await find();
  const access = !user ? null : sameHash(presented, user.tokenHash) ? "write" : sameHash(presented, user.readOnlyTokenHash) ? "read" : null;
  if (!user || !access) throw unauthorized(refused);
  const caller: Caller = { user, access, via: "token" };
  keep(caller, key, since);
  if (alias) keep(caller, alias, since);
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

const BEARER_KEY = /^Bearer\s+(tpk_[A-Za-z0-9_-]{16,128})\s*$/i;

/** The locations a key reaches: its own list within its creator's (null: every location). */
function within(creator: number[] | null, key: number[] | null): number[] | null {
  if (key === null) return creator;
  return creator === null ? key : key.filter((id) => creator.includes(id));
}

/**
 * An integration key's caller (venue-operations §12): its creator, with the creator's role (a key
 * never exceeds it) and the key's locations within the creator's. Kept in the read model by the
 * secret's hash until the key, its creator or the business is written anywhere: a revoke is refused
 * on every instance as soon as it hears the notification.
 */
async function keyCaller(db: Db, secret: string): Promise<Caller> {
  const presented = hashToken(secret);
  const cache = await readCache();
  const keptKey = `api-key:${presented}`;
  let caller = cache.get<Caller>(keptKey);
  if (!caller) {
    const since = cache.generation;
    const [row] = await db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .where(eq(apiKeys.secretHash, presented))
      .limit(1);
    if (!row) throw unauthorized("The integration key is unknown or was revoked.");
    const scopes = row.key.scopes as Scope[];
    caller = {
      user: { ...row.user, locationIds: within(row.user.locationIds, row.key.locationIds) },
      access: scopes.some((scope) => scope.endsWith(":write")) ? "write" : "read",
      via: "token",
      key: { id: row.key.id, name: row.key.name, scopes },
    };
    const tags = [`api_key:${row.key.id}`, `user:${row.user.id}`, `business:${row.user.businessId}`];
    cache.keep(keptKey, { value: caller, bytes: 1200, tags }, since);
  }
  await noteKeyUse(db, caller.key!.id);
  return caller;
}

/** A key outside the verb's declared scopes: 403 forbidden_scope, naming the scopes that would do. */
function checkedScope(caller: Caller, request: Request, scope: KeyScope | undefined): Caller {
  const { pathname } = new URL(request.url);
  const wanted = scopesAllowing(scope, request.method);
  if (!wanted)
    throw new ApiError("forbidden_scope", `An integration key cannot use ${request.method} ${pathname}: sign in, or use a member's token.`);
  if (!wanted.some((scope) => caller.key!.scopes.includes(scope))) {
    throw new ApiError(
      "forbidden_scope",
      `This key's scopes do not include ${wanted.join(" or ")}, which ${request.method} ${pathname} needs.`,
    );
  }
  return caller;
}

// The minute each key's use was last written by this instance: `last_used_at` is kept to the minute,
// written at most once a minute per key and instance (a conditional UPDATE, so instances agree). Per
// database, as the process's other state is (a key's id names a key in one database only).
const keyUsesOf = processGlobal("auth.key-uses", () => new WeakMap<Db, Map<number, number>>());
const MINUTE_MS = 60_000;

async function noteKeyUse(db: Db, keyId: number, now = new Date()) {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const keyUses = keyUsesOf.get(db) ?? new Map<number, number>();
  keyUsesOf.set(db, keyUses);
  if (keyUses.get(keyId) === minute) return;
  keyUses.set(keyId, minute);
  if (keyUses.size > 10_000) keyUses.delete(keyUses.keys().next().value!);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(minute * MINUTE_MS)))));
}
