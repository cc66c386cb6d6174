import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { beerAccounts, oauthStates, type User } from "@/lib/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/auth/tokens";
import { upstreamConfig } from "./config";
import { sendUpstream } from "./client";
import { V4Error } from "./errors";
import { spend, userBudget } from "./budget";

const STATE_LIFETIME_MS = 10 * 60 * 1000;
const digest = (value: string) => createHash("sha256").update(value).digest("hex");
/** A state counts only together with the browser binding of the browser that started the flow. */
const stateKey = (state: string, binding: string | null) => digest(`${state}.${binding ?? ""}`);

/** The HTTP-only cookie that binds a connection in flight to the browser that started it. */
export const OAUTH_BINDING_COOKIE = "taproom_oauth";
export const oauthBindingCookie = (binding: string, secure: boolean) =>
  `${OAUTH_BINDING_COOKIE}=${binding}; Path=/api/v4/oauth; HttpOnly; SameSite=Lax; Max-Age=${STATE_LIFETIME_MS / 1000}${secure ? "; Secure" : ""}`;
export const clearedOauthBindingCookie = (secure: boolean) =>
  `${OAUTH_BINDING_COOKIE}=; Path=/api/v4/oauth; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;

export const callbackUrl = () => `${upstreamConfig().appUrl}/api/v4/oauth/callback`;

/**
 * The platform account a Taproom user connects in the built-in sandbox, whose consent page trusts the
 * Taproom session: their platform_username, or an account named after their user id.
 */
export const sandboxAccountOf = (user: Pick<User, "id" | "name" | "platformUsername">) => ({
  userName: user.platformUsername ?? `taproom_user_${user.id}`,
  name: user.name,
});

/**
 * Step 1: where to send the user's browser. The `state` is one-use, short-lived, bound to the user and
 * to this browser through `binding`, which goes into an HTTP-only cookie: a link to the callback made
 * in one browser (an attacker's flow) does nothing in another (account-linking CSRF).
 */
export async function startConnect(db: Db, { userId, returnTo }: { userId: number; returnTo: string | null }) {
  const config = upstreamConfig();
  const state = randomBytes(24).toString("base64url");
  const binding = randomBytes(24).toString("base64url");
  await db
    .insert(oauthStates)
    .values({ stateHash: stateKey(state, binding), userId, returnTo, expiresAt: new Date(Date.now() + STATE_LIFETIME_MS) });
  const url = new URL(`${config.authUrl}/oauth/authenticate/`);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_url", callbackUrl());
  url.searchParams.set("state", state);
  return { url, binding };
}

/** Uses up a `state`: it names the user who started the flow in this browser, once, for ten minutes. */
export async function takeState(db: Db, { state, binding }: { state: string; binding: string | null }) {
  const [pending] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, stateKey(state, binding)), gt(oauthStates.expiresAt, new Date())))
    .returning();
  if (!pending) {
    throw new V4Error(400, "invalid_state", "This sign-in link is unknown, used, expired or from another browser; start connecting again.");
  }
  return pending;
}

/**
 * Steps 2 and 3: checks the `state` (used up either way), exchanges the code server-side and stores
 * the access token sealed. The token never reaches the browser.
 */
export async function finishConnect(db: Db, { code, state, binding }: { code: string; state: string; binding: string | null }) {
  const pending = await takeState(db, { state, binding });
  const config = upstreamConfig();
  const url = new URL(`${config.authUrl}/oauth/authorize/`);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_url", callbackUrl());
  url.searchParams.set("code", code);
  const answer = await sendUpstream(config, { url, method: "GET" });
  const accessToken = (JSON.parse(answer.body) as { response?: { access_token?: unknown } }).response?.access_token;
  if (answer.status !== 200 || typeof accessToken !== "string" || accessToken === "") {
    throw new V4Error(502, "oauth_failed", `The beer platform refused the sign-in code (${answer.status}).`);
  }
  const platformUserName = await userNameFor(db, pending.userId, accessToken);
  const values = { userId: pending.userId, accessTokenEncrypted: encryptSecret(accessToken), platformUserName, connectedAt: new Date() };
  await db.insert(beerAccounts).values(values).onConflictDoUpdate({ target: beerAccounts.userId, set: values });
  return { userId: pending.userId, returnTo: pending.returnTo };
}

/** The connected account's name, for the dashboard; not worth failing the connection over. */
async function userNameFor(db: Db, userId: number, accessToken: string): Promise<string | null> {
  try {
    const config = upstreamConfig();
    await spend(db, userBudget(userId, config.hourlyLimit));
    const answer = await sendUpstream(config, { url: new URL(`${config.apiUrl}/v4/user/info`), method: "GET", accessToken });
    const name = (JSON.parse(answer.body) as { response?: { user?: { user_name?: unknown } } }).response?.user?.user_name;
    return typeof name === "string" ? name : null;
  } catch {
    return null;
  }
}

export async function connection(db: Db, userId: number) {
  const [account] = await db.select().from(beerAccounts).where(eq(beerAccounts.userId, userId)).limit(1);
  return account ?? null;
}

export async function accessTokenFor(db: Db, userId: number): Promise<string | null> {
  const account = await connection(db, userId);
  return account ? decryptSecret(account.accessTokenEncrypted) : null;
}

export async function disconnect(db: Db, userId: number) {
  await db.delete(beerAccounts).where(eq(beerAccounts.userId, userId));
}

export const connectionJson = (account: typeof beerAccounts.$inferSelect | null) => ({
  connected: account !== null,
  platform_user_name: account?.platformUserName ?? null,
  connected_at: account?.connectedAt.toISOString() ?? null,
});
