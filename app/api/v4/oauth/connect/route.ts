import { v4Endpoint } from "@/lib/beer-platform/handler";
import { startConnect } from "@/lib/beer-platform/accounts";
import { localPath } from "@/lib/local-path";

// GET /api/v4/oauth/connect — start connecting the caller's beer-platform account (302 to its sign-in)
export const GET = v4Endpoint({}, async ({ db, request, caller }) => {
  const returnTo = localPath(new URL(request.url).searchParams.get("return_to"));
  const location = await startConnect(db, { userId: caller!.user.id, returnTo });
  return new Response(null, { status: 302, headers: { location: location.toString(), "cache-control": "no-store" } });
});
