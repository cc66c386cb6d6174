import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxOauthCodes, sandboxUsers } from "@/sandbox/schema";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { readFormBody } from "@/lib/http/body";
import { ApiError } from "@/lib/server/errors";
import { isKnownClient, type SandboxUser } from "../auth";
import { userByName } from "../data/users";
import { ensureSandboxData } from "../seed/ensure";
import { consentPage, errorPage } from "./page";

const CODE_SECONDS = 600;
const APP_NAMES: Record<string, string> = { "taproom-sandbox": "Taproom" };

const HTML_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
};

const html = (status: number, body: string) => new Response(body, { status, headers: HTML_HEADERS });

/** The platform account of the person signed in in this browser, as the app that mounts the page knows it. */
export type PlatformIdentity = { userName: string; name: string };

/**
 * What the page's host tells it about this browser. The sandbox has no sign-in of its own: the person's
 * Taproom session stands in for it, so consent is given only as the account signed in here.
 */
export type ConsentContext = {
  /** The signed-in person's platform account; null without a valid session. */
  account: PlatformIdentity | null;
  /** The one redirect URL registered for the app (the forwarder's OAuth callback). */
  registeredRedirectUrl: string;
  /** Where to sign in first, coming back to `path` afterwards. */
  signInUrl: (path: string) => string;
  /** False when a POST did not come from this page's own origin (a cross-site form). */
  sameOrigin: boolean;
  now: Date;
};

const stepOne = (registered: string) =>
  z.object({
    client_id: z.string({ error: "client_id is required." }).refine(isKnownClient, "Unknown client_id: no app is registered under it."),
    response_type: z.literal("code", { error: 'response_type must be "code".' }),
    redirect_url: z
      .string({ error: "redirect_url is required." })
      .refine((value) => value === registered, "redirect_url is not the redirect URL registered for this app."),
    state: z.string().optional(),
  });

function redirect(to: string, query: Record<string, string | undefined> = {}) {
  const target = new URL(to);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) target.searchParams.set(name, value);
  return new Response(null, {
    status: 302,
    headers: { Location: target.toString(), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

/**
 * OAuth steps 1 and 2 in the person's browser: GET shows the consent page for the account signed in
 * here (or sends the browser to sign in first), its form POSTs back; Allow redirects to the registered
 * redirect URL with a one-use code (10 minutes) and the unchanged state, Deny with error=access_denied.
 */
export async function authenticate(request: Request, db: Db, context: ConsentContext): Promise<Response> {
  const url = new URL(request.url);
  const parsed = stepOne(context.registeredRedirectUrl).safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return html(400, errorPage(parsed.error.issues[0]!.message));
  const { client_id, redirect_url, state } = parsed.data;
  if (request.method !== "GET" && request.method !== "POST")
    return html(405, errorPage("Use GET to show this page and POST to answer it."));
  if (!context.account) return redirect(new URL(context.signInUrl(`${url.pathname}${url.search}`), url).toString());
  const appName = APP_NAMES[client_id] ?? client_id;

  if (request.method === "GET") {
    return html(200, consentPage({ appName, action: `${url.pathname}${url.search}`, account: context.account }));
  }
  if (!context.sameOrigin) return html(403, errorPage("This form can only be answered from its own page. Start connecting again."));
  // Within the body ceiling: a form too large for it is refused, not read whole (issue 31 row 6).
  let form: FormData | null;
  try {
    form = await readFormBody(request);
  } catch (error) {
    if (error instanceof ApiError && error.code === "payload_too_large")
      return html(413, errorPage("This answer is too large. Choose Allow or Deny."));
    form = null;
  }
  const decision = form?.get("decision");
  if (decision === "deny") return redirect(redirect_url, { error: "access_denied", state });
  if (decision !== "allow") return html(400, errorPage("Choose Allow or Deny."));
  await ensureSandboxData(db);
  const user = await accountFor(db, context.account, context.now);
  const code = newToken();
  await db.insert(sandboxOauthCodes).values({
    codeHash: hashToken(code),
    clientId: client_id,
    userId: user.id,
    redirectUrl: redirect_url,
    expiresAt: new Date(context.now.getTime() + CODE_SECONDS * 1000),
  });
  return redirect(redirect_url, { code, state });
}

/**
 * The platform account of the signed-in person: the seeded one of that name, or a new, empty one the
 * first time someone without a seeded account connects (the real platform would have them sign up).
 */
async function accountFor(db: Db, identity: PlatformIdentity, now: Date): Promise<SandboxUser> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await userByName(db, identity.userName);
    if (existing) return existing;
    const [first = identity.userName, ...rest] = identity.name.trim().split(/\s+/);
    // Ids are the seed's; a new account takes the next one. Two first connections at once collide on the
    // id or the name: the loser reads the winner's row (same name) or tries the next id.
    await db
      .insert(sandboxUsers)
      .values({
        id: sql`(select coalesce(max(${sandboxUsers.id}), 0) + 1 from ${sandboxUsers})`,
        userName: identity.userName,
        firstName: first,
        lastName: rest.join(" "),
        email: `${identity.userName}@sandbox.taproom.test`,
        location: "",
        bio: "",
        url: "",
        isPrivate: false,
        isSupporter: false,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  const created = await userByName(db, identity.userName);
  if (created) return created;
  throw new Error(`Could not create the sandbox account ${identity.userName}.`);
}
