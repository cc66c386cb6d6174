import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { CODING_HEADER } from "@/lib/read-model/content-encoding";
import { knownBody } from "@/lib/read-model/conditional";
import { identified, type RouteFn, toErrorResponse, unknownPath } from "./handler";

// The reads boards and websites poll (the full menu above all) are the app's hottest, and Next.js's
// route-handler pipeline costs more than everything the read model does for them: on 2 cores an empty
// app route handler answers about 1,100 requests a second, a Pages Router API route sending 13 kB
// about 2,000 (ARCHITECTURE.md, "Read model"). next.config.ts therefore rewrites those paths to Pages
// Router API routes (pages/api/node/) that run the very same route functions through this adapter:
// the same endpoint() (auth, validation, problem bodies, request id), the same handler, the same
// answer, written to Node's response in one piece instead of through web streams.

type NodeRequest = IncomingMessage & { query: Partial<Record<string, string | string[]>> };
export type NodeRoute = (req: NodeRequest, res: ServerResponse) => Promise<void>;

/**
 * The query the caller sent. After a rewrite Next.js hands a Pages API route the caller's path
 * without its query, and the query parsed with the dynamic segments merged in (a segment wins over a
 * query parameter of the same name, which no route behind this adapter reads).
 */
function searchOf(req: NodeRequest, params: readonly string[]): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query)) {
    if (params.includes(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, one);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A web Request for a Node request: the caller's path and query, its headers, its body streamed. */
function webRequest(req: NodeRequest, method: string, path: string, search: string): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  // As in Next.js, the URL's host is the server's own; ownHosts() (lib/auth/same-origin.ts) reads
  // the Host header beside it.
  const url = `http://${req.headers.host ?? "localhost"}${path}${search}`;
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
  return new Request(url, { method, headers, body, duplex: "half" } as RequestInit);
}

/** Writes a web Response to Node's response: status, every header (Set-Cookie one by one), the body. */
async function send(response: Response, res: ServerResponse, head: boolean): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    // The read model's stand-in for Content-Encoding, needed only where Next.js writes the answer.
    if (name !== "set-cookie" && name !== CODING_HEADER) res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const body = response.body && !head ? (knownBody(response) ?? Buffer.from(await response.arrayBuffer())) : undefined;
  res.end(body);
}

/**
 * A Pages Router API handler serving a route module's verbs (what an app/…/route.ts exports) for the
 * paths under `servedAs` that next.config.ts rewrites to it, with the dynamic segments `params`. HEAD
 * is GET without the body, as Next.js serves it; a method the module does not export answers 405, as
 * Next.js does. The route's own address (under /api/node) is not part of the API: 404.
 */
export function nodeRoute(module: Partial<Record<string, RouteFn>>, servedAs: string, params: readonly string[]): NodeRoute {
  return async (req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const method = (req.method ?? "GET").toUpperCase();
    const head = method === "HEAD";
    const route = path.startsWith(servedAs) ? module[head ? "GET" : method] : unknownPath;
    if (!route) {
      res.statusCode = 405;
      res.end();
      return;
    }
    const request = webRequest(req, method, path, searchOf(req, params));
    const values = Object.fromEntries(params.map((name) => [name, req.query[name]]));
    let response: Response;
    try {
      response = await route(request, { params: Promise.resolve(values) });
    } catch (error) {
      // endpoint() answers every error itself; this is only for a route function that does not.
      response = await identified(async () => toErrorResponse(error))(request, { params: Promise.resolve({}) });
    }
    await send(response, res, head);
  };
}
