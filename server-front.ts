// What the production server (server.ts) does to every request before and after Next.js answers it:
// names the socket's peer (lib/server/socket-address.ts), sets the security headers, answers a path
// whose percent-encoding does not decode (lib/server/malformed-path.ts: 404), and compresses
// the answers the app did not encode itself, with the `compression` package (br, then gzip, per
// request, nothing kept: pages, scripts, untagged JSON). The app's tagged answers come encoded, their
// coding named in their ETag on the 200 and the 304 alike, and are passed on untouched
// (lib/http/encoding.ts, lib/server/content-encoding.ts). Event streams are never compressed, so each
// event goes out when it is written. Decisions 003, 020, 053, 071. Imports only packages and app files
// that import nothing of the app.
import type http from "node:http";
import { constants } from "node:zlib";
import compression from "compression";
import { adoptAppEncoding } from "./lib/server/content-encoding.js";
import { answerMalformedPath } from "./lib/server/malformed-path.js";
import type { Header } from "./lib/server/security-headers.js";
import { stampSocketAddress } from "./lib/server/socket-address.js";

type Handle = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

const isEventStream = (res: http.ServerResponse) => String(res.getHeader("content-type") ?? "").startsWith("text/event-stream");

/** The request listener: `handle` (Next.js's request handler once it is ready) answers every request. */
export function serveRequests(handle: Promise<Handle>, headersFor: (url: string) => Header[]): http.RequestListener {
  const compress = compression({
    // Called by `compression` just before the headers go out, whatever the answer: the one point where
    // the app's own coding can be put back (Next.js dropped it) before anything decides to compress.
    filter: (req, res) => !adoptAppEncoding(res) && !isEventStream(res) && compression.filter(req, res),
    // Per request, so the fast settings.
    level: constants.Z_BEST_SPEED,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  return (req, res) => {
    stampSocketAddress(req);
    // Set before Next.js answers: a route that sets one of them itself has the last word.
    for (const { key, value } of headersFor(req.url ?? "/")) res.setHeader(key, value);
    // A path Next.js cannot decode is answered here, as the API answers any path that finds nothing.
    if (answerMalformedPath(req, res)) return;
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {
      handle
        .then((answer) => answer(req, res))
        .catch((error: unknown) => {
          // As `next start` answers an error that escaped Next.js itself.
          console.error(`Failed to handle request for ${req.url}`, error);
          if (!res.headersSent) res.statusCode = 500;
          res.end("Internal Server Error");
        });
    });
  };
}
