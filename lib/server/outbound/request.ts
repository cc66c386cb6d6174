import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isInternalAddress, targetProblem } from "./target";

// One HTTP request out of the app, to an address the guard allows (./target.ts). The name is resolved
// here, every address it resolves to is checked (one internal address refuses the request), and the
// connection goes to the address that was checked: the socket's own lookup answers it, so a DNS rebind
// between the check and the connect cannot slip through. TLS still verifies the certificate against
// the URL's name. No redirect is followed, and the whole exchange is cut at the timeout. The answer's
// body is held to the caller's ceiling while it streams: a Content-Length over it is refused before a
// byte is read, and a body without one is counted chunk by chunk and cut the moment it passes (issue 47
// row 2: a 30 MB answer must never be buffered whole). Webhook deliveries (lib/webhooks/transport.ts) and import reads (lib/imports/) use it.

/** dns.lookup with `all: true`: every address of a name. Tests hand in their own. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

export type OutboundRequest = {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** An answer (any status), or why there was none: refused by the guard, unresolvable, unreachable, too slow or too big. */
export type OutboundAnswer = { status: number; body: Buffer; tooBig: boolean } | { status: null; error: string };

export type OutboundOptions = {
  allowPrivate: boolean;
  timeoutMs: number;
  /** Bytes of the answer's body kept; past it the connection is cut and the answer is `tooBig`. */
  maxBytes: number;
  resolve?: Resolver;
};

export async function outboundRequest(
  { method, url, headers, body }: OutboundRequest,
  { allowPrivate, timeoutMs, maxBytes, resolve = systemResolver }: OutboundOptions,
): Promise<OutboundAnswer> {
  const problem = targetProblem(url, allowPrivate);
  if (problem) return { status: null, error: `URL ${problem}` };
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch (error) {
    return { status: null, error: `Could not resolve ${host}: ${(error as NodeJS.ErrnoException).code ?? "lookup failed"}` };
  }
  if (addresses.length === 0) return { status: null, error: `${host} has no address` };
  const bad = addresses.find((entry) => isInternalAddress(entry.address));
  if (bad && !allowPrivate)
    // The address itself is not told: the tenant who registered the name learns nothing of the inside (issue 31 row 8).
    return { status: null, error: `Refused: ${host} resolves to an internal address` };
  const chosen = addresses[0]!;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, [chosen]);
    else callback(null, chosen.address, chosen.family);
  };
  return new Promise<OutboundAnswer>((settle) => {
    const send = target.protocol === "https:" ? https.request : http.request;
    let done = false;
    const finish = (answer: OutboundAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      settle(answer);
    };
    const sized = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const request = send(target, { method, headers: { ...headers, ...sized }, lookup: pinned, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        finish({ status, body: Buffer.alloc(0), tooBig: true });
        return;
      }
      const chunks: Buffer[] = [];
      let read = 0;
      let tooBig = false;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > maxBytes) {
          tooBig = true;
          response.destroy();
        } else chunks.push(chunk);
      });
      const settleWith = () => finish({ status, body: Buffer.concat(chunks), tooBig });
      response.on("end", settleWith);
      response.on("close", settleWith);
      response.on("error", settleWith);
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, error: `No answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({
        status: null,
        error: error.code === "ECONNREFUSED" ? "Connection refused" : `${error.code ?? "Error"}: ${error.message}`,
      }),
    );
    request.end(body);
  });
}
