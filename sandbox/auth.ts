import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxAccessTokens, sandboxUsers } from "@/sandbox/schema";
import { hashToken } from "@/lib/auth/tokens";
import { SANDBOX_CLIENT } from "./registered-app";
import { SandboxError, tokenRequired } from "./errors";

export type SandboxUser = typeof sandboxUsers.$inferSelect;

/** The apps registered with the sandbox: only the app's own. Any http(s) redirect URL is accepted. */
const APPS: Record<string, string> = { [SANDBOX_CLIENT.id]: SANDBOX_CLIENT.secret };

// Browser engines and the default agents of HTTP libraries and tools. The platform wants an agent
// that names the app instead ("Taproom/0.1 (venue management; taproom-sandbox)").
const STANDARD_AGENTS =
  /^(mozilla\/|opera\/|curl\/|wget\/|node-fetch|undici|node$|node\/|axios\/|got\b|ky\/|superagent|python-requests|python-urllib|python-httpx|httpx|aiohttp|go-http-client|okhttp|postmanruntime|insomnia|java\/|apache-httpclient|ruby|faraday|guzzlehttp|php\/|libwww-perl|lwp::|httpie|dart\/|deno\/|bun\/|powershell|winhttp|cfnetwork|dalvik\/|restsharp)/i;

/** True when the User-Agent is missing, blank, or a standard browser or library agent. */
export function isRefusedAgent(agent: string | null): boolean {
  const value = agent?.trim() ?? "";
  return value === "" || STANDARD_AGENTS.test(value);
}

export function refusedAgentError() {
  return new SandboxError(
    400,
    "invalid_request",
    'Send a User-Agent that identifies your app (for example "MyApp/1.0 (your client id)"); standard browser and library agents are refused.',
  );
}

export function isKnownClient(clientId: string | undefined): clientId is string {
  return clientId !== undefined && Object.hasOwn(APPS, clientId);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** client_id and client_secret from the query; a missing or wrong pair is 401 invalid_auth. */
export function authenticateClient(query: URLSearchParams): string {
  const clientId = query.get("client_id") ?? undefined;
  const secret = query.get("client_secret");
  if (!clientId || !secret) {
    throw new SandboxError(
      401,
      "invalid_auth",
      "Missing credentials: send either an access_token, or both client_id and client_secret, as query parameters.",
    );
  }
  // Compare digests so neither the length nor the content of the secret leaks through timing.
  const expected = isKnownClient(clientId) ? APPS[clientId]! : "";
  if (!isKnownClient(clientId) || !timingSafeEqual(digest(secret), digest(expected))) {
    throw new SandboxError(401, "invalid_auth", "Invalid client_id or client_secret.");
  }
  return clientId;
}

async function tokenRow(db: Db, token: string) {
  const [row] = await db
    .select({ user: sandboxUsers, clientId: sandboxAccessTokens.clientId })
    .from(sandboxAccessTokens)
    .innerJoin(sandboxUsers, eq(sandboxUsers.id, sandboxAccessTokens.userId))
    .where(eq(sandboxAccessTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

const invalidToken = () => tokenRequired("Invalid access_token: authenticate the user again.");

/** The user an access_token belongs to: 401 invalid_token when unknown or issued to another app. */
export async function userForToken(db: Db, token: string, clientId: string): Promise<SandboxUser> {
  const row = await tokenRow(db, token);
  if (!row || row.clientId !== clientId) throw invalidToken();
  return row.user;
}

/** Who is calling: the app, how it proved it, and the user when an access_token came along. */
export type Authenticated = { clientId: string; via: "credentials" | "token"; user: SandboxUser | null };

/**
 * The spec's endpoint rows take "either access_token, or both client_id and client_secret" (query only):
 * - a client_secret is checked with its client_id (wrong: 401 invalid_auth), and a token sent with them
 *   must have been issued to that app (401 invalid_token);
 * - an access_token without a secret authenticates the app it was issued to; a client_id sent beside it
 *   must name that app (401 invalid_token);
 * - neither: 401 invalid_auth.
 */
export async function authenticateCall(db: Db, query: URLSearchParams): Promise<Authenticated> {
  const token = query.get("access_token");
  if (query.get("client_secret") || !token) {
    const clientId = authenticateClient(query);
    return { clientId, via: "credentials", user: token ? await userForToken(db, token, clientId) : null };
  }
  const row = await tokenRow(db, token);
  const clientId = query.get("client_id");
  if (!row || (clientId && clientId !== row.clientId)) throw invalidToken();
  return { clientId: row.clientId, via: "token", user: row.user };
}
