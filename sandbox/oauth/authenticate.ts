import { asc } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxOauthCodes, sandboxUsers } from "@/sandbox/schema";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { isKnownClient } from "../auth";
import { userByName } from "../data/users";
import { ensureSandboxData } from "../seed/ensure";
import { consentPage, errorPage } from "./page";

const CODE_SECONDS = 600;
const ACCOUNTS_SHOWN = 6;
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

const httpUrl = z.string().refine((value) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, "redirect_url must be an absolute http(s) URL.");

const stepOne = z.object({
  client_id: z.string({ error: "client_id is required." }).refine(isKnownClient, "Unknown client_id: no app is registered under it."),
  response_type: z.literal("code", { error: 'response_type must be "code".' }),
  redirect_url: httpUrl,
  state: z.string().optional(),
});

function redirect(to: string, query: Record<string, string | undefined>) {
  const target = new URL(to);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) target.searchParams.set(name, value);
  return new Response(null, {
    status: 302,
    headers: { Location: target.toString(), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

/**
 * OAuth step 1 and 2 in the person's browser: GET shows the consent page, its form POSTs back here;
 * Allow redirects to redirect_url with a one-use code (10 minutes) and the unchanged state, Deny
 * with error=access_denied. Browsers send their own User-Agent, so the agent rule does not apply.
 */
export async function authenticate(request: Request, db: Db, now: Date): Promise<Response> {
  const url = new URL(request.url);
  const parsed = stepOne.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return html(400, errorPage(parsed.error.issues[0]!.message));
  const { client_id, redirect_url, state } = parsed.data;
  await ensureSandboxData(db);

  if (request.method === "GET") {
    const accounts = await db.select().from(sandboxUsers).orderBy(asc(sandboxUsers.id)).limit(ACCOUNTS_SHOWN);
    return html(200, consentPage({ appName: APP_NAMES[client_id] ?? client_id, action: `${url.pathname}${url.search}`, accounts }));
  }
  if (request.method !== "POST") return html(405, errorPage("Use GET to show this page and POST to answer it."));

  const form = await request.formData().catch(() => null);
  const decision = form?.get("decision");
  if (decision === "deny") return redirect(redirect_url, { error: "access_denied", state });
  const name = form?.get("username");
  if (decision !== "allow" || typeof name !== "string") return html(400, errorPage("Choose an account, then Allow or Deny."));
  const user = await userByName(db, name);
  if (!user) return html(400, errorPage("There is no sandbox account with that name."));
  const code = newToken();
  await db.insert(sandboxOauthCodes).values({
    codeHash: hashToken(code),
    clientId: client_id,
    userId: user.id,
    redirectUrl: redirect_url,
    expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
  });
  return redirect(redirect_url, { code, state });
}
