import { v4Endpoint } from "@/lib/beer-platform/handler";
import { oauthBindingCookie, startConnect } from "@/lib/beer-platform/accounts";
import { V4Error } from "@/lib/beer-platform/errors";
import { localPath } from "@/lib/auth/local-path";
import { isSecureRequest } from "@/lib/auth/browser-sessions";

// GET /api/v4/oauth/connect — start connecting the caller's beer-platform account (302 to its sign-in)
export const GET = v4Endpoint({}, async ({ db, request, caller }) => {
  // Connecting changes the account, as disconnecting does: the read-only token may do neither.
  if (caller!.access !== "write") throw new V4Error(403, "not_allowed", "Connecting a beer-platform account needs the read-write token.");
  const returnTo = localPath(new URL(request.url).searchParams.get("return_to"));
  const { url, binding } = await startConnect(db, { userId: caller!.user.id, returnTo });
  const headers = new Headers({ location: url.toString(), "cache-control": "no-store" });
  headers.append("set-cookie", oauthBindingCookie(binding, isSecureRequest(request)));
  return new Response(null, { status: 302, headers });
});
