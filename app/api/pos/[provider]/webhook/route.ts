import { getDb } from "@/lib/db/client";
import { readBodyText } from "@/lib/http/body";
import { receiveWebhook } from "@/lib/pos/webhook";

export const dynamic = "force-dynamic";

// POST /api/pos/:provider/webhook — the POS's signed events (public: the signature over the raw body is the check)
export async function POST(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  let rawBody: string;
  try {
    rawBody = await readBodyText(request);
  } catch {
    return Response.json({ error: "The body is larger than this server takes." }, { status: 413 });
  }
  return receiveWebhook(await getDb(), { rawBody, headers: request.headers }, (await params).provider);
}
