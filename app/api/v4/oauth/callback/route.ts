import { v4Endpoint } from "@/lib/beer-platform/handler";
import { OAUTH_BINDING_COOKIE, clearedOauthBindingCookie, finishConnect, takeState } from "@/lib/beer-platform/accounts";
import { upstreamConfig } from "@/lib/beer-platform/config";
import { V4Error } from "@/lib/beer-platform/errors";
import { isSecureRequest, readCookie } from "@/lib/auth/browser-sessions";

// GET /api/v4/oauth/callback — where the platform sends the browser back; the `state` names the user
export const GET = v4Endpoint({ auth: false }, async ({ db, request }) => {
  const query = new URL(request.url).searchParams;
  const state = query.get("state");
  const code = query.get("code");
  const binding = readCookie(request.headers.get("cookie"), OAUTH_BINDING_COOKIE);
  if (!state) throw new V4Error(400, "invalid_state", "The platform sent the browser back without the state of the sign-in.");
  if (query.get("error") || !code) {
    await takeState(db, { state, binding });
    throw new V4Error(400, "access_denied", "The beer-platform account was not connected.");
  }
  const { returnTo } = await finishConnect(db, { code, state, binding });
  const target = new URL(returnTo ?? "/", upstreamConfig().appUrl);
  target.searchParams.set("beer_account", "connected");
  const headers = new Headers({ location: target.toString(), "cache-control": "no-store" });
  headers.append("set-cookie", clearedOauthBindingCookie(isSecureRequest(request)));
  return new Response(null, { status: 302, headers });
});
