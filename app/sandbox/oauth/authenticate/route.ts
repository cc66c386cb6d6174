import { handleConsent } from "@/sandbox/server";
import { callbackUrl, sandboxAccountOf } from "@/lib/beer-platform/accounts";
import { upstreamConfig } from "@/lib/beer-platform/config";
import { isSameOriginFetch } from "@/lib/auth/same-origin";
import { getDb } from "@/lib/db/client";
import { findBrowserSessionUser, readSessionCookie } from "@/lib/auth/browser-sessions";
import { signInPath } from "@/lib/auth/page-session";

// The built-in beer-platform sandbox's one page for browsers: OAuth consent. Its API is answered
// in-process to the forwarder and is not served over HTTP; with a real platform configured this is 404.
export const dynamic = "force-dynamic";

async function consent(request: Request): Promise<Response> {
  if (!upstreamConfig().sandbox) return new Response("Not Found", { status: 404 });
  const token = readSessionCookie(request);
  const user = token ? await findBrowserSessionUser(await getDb(), token) : null;
  return handleConsent(request, {
    account: user && sandboxAccountOf(user),
    registeredRedirectUrl: callbackUrl(),
    signInUrl: signInPath,
    sameOrigin: request.method === "GET" || isSameOriginFetch(request),
    now: new Date(),
  });
}

// GET /sandbox/oauth/authenticate — the consent page, for the Taproom user signed in in this browser
export const GET = consent;

// POST /sandbox/oauth/authenticate — its Allow / Deny form
export const POST = consent;
