import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isInternalAddress, targetProblem } from "./target";

// One signed POST to a webhook's URL. The name is resolved here, every address it resolves to is
// checked (one internal address refuses the delivery), and the connection goes to the address that
// was checked: the socket's own lookup answers it, so a DNS rebind between the check and the connect
// cannot slip through. TLS still verifies the certificate against the URL's name. No redirect is
// followed (a 3xx is a failure), and the whole exchange is cut at the timeout.

/** dns.lookup with `all: true`: every address of a name. Tests hand in their own. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

export type Outcome = { ok: boolean; status: number | null; error: string | null };
export type Transport = (request: { url: string; headers: Record<string, string>; body: string }) => Promise<Outcome>;

const DELIVERY_TIMEOUT_MS = 10_000;
const KEEP_RESPONSE_BYTES = 64 * 1024;

export function httpTransport({
  allowPrivate,
  resolve = systemResolver,
  timeoutMs = DELIVERY_TIMEOUT_MS,
}: {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}): Transport {
  return async ({ url, headers, body }) => {
    const problem = targetProblem(url, allowPrivate);
    if (problem) return { ok: false, status: null, error: `URL ${problem}` };
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, "");
    let addresses: LookupAddress[];
    try {
      addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
    } catch (error) {
      return { ok: false, status: null, error: `Could not resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? "lookup failed"}` };
    }
    if (addresses.length === 0) return { ok: false, status: null, error: `${host} has no address` };
    const bad = addresses.find((entry) => isInternalAddress(entry.address));
    if (bad && !allowPrivate)
      // The address itself is not told: the tenant who registered the name learns nothing of the inside (issue 31 row 8).
      return { ok: false, status: null, error: `Refused: ${host} resolves to an internal address` };
    const chosen = addresses[0]!;
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, [chosen]);
      else callback(null, chosen.address, chosen.family);
    };
    return new Promise<Outcome>((settle) => {
      const send = target.protocol === "https:" ? https.request : http.request;
      let done = false;
      const finish = (outcome: Outcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        settle(outcome);
      };
      const request = send(
        target,
        {
          method: "POST",
          headers: {
            ...headers,
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            "user-agent": "Taproom-Webhooks/1",
          },
          lookup: pinned,
          agent: false,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          let read = 0;
          response.on("data", (chunk: Buffer) => {
            read += chunk.length;
            if (read > KEEP_RESPONSE_BYTES) response.destroy();
          });
          const settleWith = () =>
            finish(status >= 200 && status < 300 ? { ok: true, status, error: null } : { ok: false, status, error: `Answered ${status}` });
          response.on("end", settleWith);
          response.on("close", settleWith);
          response.on("error", settleWith);
        },
      );
      const timer = setTimeout(() => {
        request.destroy();
        finish({ ok: false, status: null, error: `No answer within ${timeoutMs / 1000} s` });
      }, timeoutMs);
      request.on("error", (error: NodeJS.ErrnoException) =>
        finish({
          ok: false,
          status: null,
          error: error.code === "ECONNREFUSED" ? "Connection refused" : `${error.code ?? "Error"}: ${error.message}`,
        }),
      );
      request.end(body);
    });
  };
}
