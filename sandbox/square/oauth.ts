import { randomBytes } from "node:crypto";
import { readFormBody } from "@/lib/http/body";
import { escapeHtml } from "@/lib/shared/html";
import type { getDb } from "@/lib/db/client";
import { SANDBOX_APPLICATION, SANDBOX_MERCHANT_ID } from "./seed";
import { putRecord } from "./store";

// Square's OAuth consent (GET /oauth2/authorize?client_id&scope&session=false&state): the seller sees
// what the application asks for and allows or denies it; the browser goes back to the application's
// redirect URL with `code` and `state` (or `error=access_denied`). Square takes the redirect URL from
// the Developer Console; the sandbox takes `redirect_uri` from the query, and only a Taproom callback.

type Db = Awaited<ReturnType<typeof getDb>>;
const CODE_LIFETIME_MS = 5 * 60_000;
const CALLBACK = /\/api\/pos\/square\/oauth\/callback$/;

function problem(status: number, message: string) {
  return new Response(`<!doctype html><meta charset="utf-8"><title>Square sandbox</title><p>${escapeHtml(message)}</p>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

export async function consentPage(db: Db, request: Request, url: URL, now: string): Promise<Response> {
  const query = url.searchParams;
  const clientId = query.get("client_id");
  const state = query.get("state") ?? "";
  const redirect = query.get("redirect_uri") ?? "";
  const scope = (query.get("scope") ?? "").slice(0, 500);
  if (clientId !== SANDBOX_APPLICATION.id) return problem(400, "Unknown application (client_id).");
  let target: URL;
  try {
    target = new URL(redirect);
  } catch {
    return problem(400, "redirect_uri is required: the application's OAuth callback.");
  }
  if (!CALLBACK.test(target.pathname) || !/^https?:$/.test(target.protocol))
    return problem(400, "redirect_uri is not a Taproom OAuth callback.");
  if (state.length > 200) return problem(400, "state is at most 200 characters.");
  if (request.method === "POST") {
    const form = await readFormBody(request);
    target.searchParams.set("state", state);
    if (form.get("decision") === "allow") {
      const code = `sq0cgp-${randomBytes(24).toString("base64url")}`;
      await putRecord(db, {
        id: `code:${code}`,
        kind: "code",
        merchantId: SANDBOX_MERCHANT_ID,
        data: { merchant_id: SANDBOX_MERCHANT_ID, expires_at: new Date(Date.parse(now) + CODE_LIFETIME_MS).toISOString(), scope },
      });
      target.searchParams.set("code", code);
      target.searchParams.set("response_type", "code");
    } else {
      target.searchParams.set("error", "access_denied");
      target.searchParams.set("error_description", "user_denied");
    }
    return new Response(null, { status: 302, headers: { location: target.toString(), "cache-control": "no-store" } });
  }
  if (request.method !== "GET") return problem(405, "GET or POST.");
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Square sandbox: allow Taproom</title>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">
<h1>Allow Taproom to connect to Demo Taproom?</h1>
<p>This is the Square sandbox built into Taproom. Taproom asks for: <code>${escapeHtml(scope || "(no scope)")}</code>.</p>
<form method="post" action="${escapeHtml(url.pathname + url.search)}">
<button name="decision" value="allow" type="submit">Allow</button>
<button name="decision" value="deny" type="submit">Deny</button>
</form></body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
