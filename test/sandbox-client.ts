import { asc, eq } from "drizzle-orm";
import { SANDBOX_CLIENT } from "@/sandbox/registered-app";
import { getDb } from "@/lib/db/client";
import {
  sandboxAccessTokens,
  sandboxCheckins,
  sandboxComments,
  sandboxFriendships,
  sandboxOauthCodes,
  sandboxToasts,
  sandboxUsers,
  sandboxWishlist,
} from "@/sandbox/schema";
import type { ConsentContext, PlatformIdentity } from "@/sandbox/oauth/authenticate";
import { handleConsent, handleSandbox, type SandboxOptions } from "@/sandbox/server";

// Calls the sandbox the way the forwarder does: in-process, with real Request objects.
export const ORIGIN = "http://127.0.0.1:3000";
export const AGENT = "Taproom/0.1 (venue management; taproom-sandbox)";
export const REDIRECT = `${ORIGIN}/api/v4/oauth/callback`;

// Suites make hundreds of calls; only the rate-limit suite runs with the real (or a lower) limit.
export const UNLIMITED: SandboxOptions = { hourlyLimit: 1_000_000 };

export type SandboxCall = {
  query?: Record<string, string | number>;
  token?: string;
  method?: "GET" | "POST" | "PUT";
  form?: Record<string, string | number>;
  json?: unknown;
  headers?: Record<string, string>;
  /** false: send no client_id/client_secret. */
  credentials?: boolean;
  options?: SandboxOptions;
};

export type SandboxAnswer = { status: number; headers: Headers; body: any };

export function sandboxUrl(path: string, { query = {}, token, credentials = true }: SandboxCall = {}) {
  const url = new URL(`/sandbox${path}`, ORIGIN);
  if (credentials) {
    url.searchParams.set("client_id", SANDBOX_CLIENT.id);
    url.searchParams.set("client_secret", SANDBOX_CLIENT.secret);
  }
  if (token) url.searchParams.set("access_token", token);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return url.toString();
}

export async function sandbox(path: string, call: SandboxCall = {}): Promise<SandboxAnswer> {
  const headers: Record<string, string> = { "User-Agent": AGENT, ...call.headers };
  let body: string | undefined;
  if (call.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(Object.entries(call.form).map(([k, v]) => [k, String(v)])).toString();
  } else if (call.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(call.json);
  }
  const method = call.method ?? (body !== undefined ? "POST" : "GET");
  const response = await handleSandbox(new Request(sandboxUrl(path, call), { method, headers, body }), call.options ?? UNLIMITED);
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  return { status: response.status, headers: response.headers, body: type.includes("json") ? JSON.parse(text) : text };
}

/** OAuth steps 1–3 for a sandbox account; returns the access token. */
export async function connect(username = "demo_owner"): Promise<string> {
  const code = await consent(username);
  const exchange = await sandbox("/oauth/authorize/", { query: { response_type: "code", redirect_url: REDIRECT, code } });
  if (exchange.status !== 200) throw new Error(`exchange failed: ${JSON.stringify(exchange.body)}`);
  return exchange.body.response.access_token;
}

/** What the app's consent route tells the page: `account` signed in, same-origin form, REDIRECT registered. */
export const consentContext = (account: PlatformIdentity | null, overrides: Partial<ConsentContext> = {}): ConsentContext => ({
  account,
  registeredRedirectUrl: REDIRECT,
  signInUrl: (path) => `/sign-in?next=${encodeURIComponent(path)}`,
  sameOrigin: true,
  now: new Date(),
  ...overrides,
});

/** The consent page's URL for the registered app. */
export function consentUrl(query: Record<string, string> = {}, path = "/sandbox/oauth/authenticate/") {
  const url = new URL(path, ORIGIN);
  url.search = new URLSearchParams({ client_id: SANDBOX_CLIENT.id, response_type: "code", redirect_url: REDIRECT, ...query }).toString();
  return url;
}

/** Step 1 and 2: Allow on the consent page, signed in as `username`; returns the code from the redirect. */
export async function consent(username: string, { state = "s1", options }: { state?: string; options?: SandboxOptions } = {}) {
  const response = await handleConsent(
    new Request(consentUrl({ state }), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Mozilla/5.0" },
      body: new URLSearchParams({ decision: "allow" }).toString(),
    }),
    consentContext({ userName: username, name: username }, { now: options?.now ?? new Date() }),
  );
  const location = new URL(response.headers.get("location")!);
  return location.searchParams.get("code")!;
}

/** Every table the sandbox API writes, to compare before and after a refused request. */
export async function sandboxSnapshot() {
  const db = await getDb();
  return {
    checkins: await db.select().from(sandboxCheckins).orderBy(asc(sandboxCheckins.id)),
    comments: await db.select().from(sandboxComments).orderBy(asc(sandboxComments.id)),
    toasts: await db.select().from(sandboxToasts).orderBy(asc(sandboxToasts.id)),
    friendships: await db.select().from(sandboxFriendships).orderBy(asc(sandboxFriendships.userLow), asc(sandboxFriendships.userHigh)),
    wishlist: await db.select().from(sandboxWishlist).orderBy(asc(sandboxWishlist.userId), asc(sandboxWishlist.beerId)),
    codes: await db.select().from(sandboxOauthCodes).orderBy(asc(sandboxOauthCodes.codeHash)),
    tokens: await db.select().from(sandboxAccessTokens).orderBy(asc(sandboxAccessTokens.tokenHash)),
  };
}

/** A sandbox user's id by name. */
export async function uid(userName: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: sandboxUsers.id }).from(sandboxUsers).where(eq(sandboxUsers.userName, userName));
  if (!row) throw new Error(`no sandbox user ${userName}`);
  return row.id;
}
