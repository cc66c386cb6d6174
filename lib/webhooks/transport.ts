import { outboundRequest, type Resolver } from "@/lib/server/outbound/request";

// One signed POST to a webhook's URL through the guarded outbound request (lib/server/outbound/): an
// internal address is refused at every delivery, no redirect is followed (a 3xx is a failure), and the
// whole exchange is cut at the timeout.

export type Outcome = { ok: boolean; status: number | null; error: string | null };
export type Transport = (request: { url: string; headers: Record<string, string>; body: string }) => Promise<Outcome>;

const DELIVERY_TIMEOUT_MS = 10_000;
const KEEP_RESPONSE_BYTES = 64 * 1024;

export function httpTransport({
  allowPrivate,
  resolve,
  timeoutMs = DELIVERY_TIMEOUT_MS,
}: {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}): Transport {
  return async ({ url, headers, body }) => {
    const answer = await outboundRequest(
      {
        method: "POST",
        url,
        headers: { ...headers, "content-type": "application/json", "user-agent": "Taproom-Webhooks/1" },
        body,
      },
      { allowPrivate, resolve, timeoutMs, maxBytes: KEEP_RESPONSE_BYTES },
    );
    if (answer.status === null) return { ok: false, status: null, error: answer.error };
    const { status } = answer;
    return status >= 200 && status < 300 ? { ok: true, status, error: null } : { ok: false, status, error: `Answered ${status}` };
  };
}
