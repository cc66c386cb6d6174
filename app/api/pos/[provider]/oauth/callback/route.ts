import { getDb } from "@/lib/db/client";
import { appUrl } from "@/lib/pos/config";
import { finishPosConnect } from "@/lib/pos/connect-callback";

export const dynamic = "force-dynamic";

// GET /api/pos/:provider/oauth/callback — where the POS's consent sends the browser back (the `state` names the connection)
export async function GET(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  const query = new URL(request.url).searchParams;
  const target = await finishPosConnect(await getDb(), {
    providerName: (await params).provider,
    state: query.get("state") ?? "",
    code: query.get("error") ? null : query.get("code"),
  });
  return new Response(null, { status: 302, headers: { location: new URL(target, appUrl()).toString(), "cache-control": "no-store" } });
}
