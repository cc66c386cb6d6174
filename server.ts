// The production server (`npm run serve`): Next.js through its documented custom-server API
// (`next()` and `getRequestHandler()`, the handler `next start` uses), with what Next.js does not do in
// front: compressing answers with br as well as gzip (live-menus §2: the full menu honours
// `Accept-Encoding: gzip, br`), each answer compressed once per strong tag (next.config.ts turns Next's
// own gzip-only compression off, as its docs advise for a server that compresses); the security headers,
// decided by the settings it runs with rather than those of the build (HSTS follows APP_URL); and the
// socket's peer address, which Next.js does not hand to route handlers (the login limits need it).
// Nothing else: every request is answered by Next.js. Decisions 003, 020, 050 and 053 (docs/decisions).
//
//   node .server/server.js [-p PORT] [-H HOSTNAME]     (as `next start`: PORT, else 3000; every address)
//
// Compiled by `npm run build` (tsconfig.server.json) with server-compression.ts and the two app files it
// uses (lib/server/security-headers.ts, socket-address.ts), which import no other file of the app.
import http from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { answerMalformedPath } from "./lib/server/malformed-path.js";
import { securityHeaders } from "./lib/server/security-headers.js";
import { stampSocketAddress } from "./lib/server/socket-address.js";
import { compressAnswers } from "./server-compression.js";

// As `next start`: the production build, served as such.
Object.assign(process.env, { NODE_ENV: "production" });
const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const hostname = values.hostname;
const dir = process.cwd();

/** br and gzip, each answer compressed at most once per strong tag (server-compression.ts). */
const compress = compressAnswers();
/** The security headers by path, for the APP_URL this server runs with (a malformed one stops the app at start-up). */
const headersFor = securityHeaders({ appUrl: process.env.APP_URL, development: false });

// As `next start`: listen first, then load the app; requests that come meanwhile wait for it.
let handlerReady: (handler: ReturnType<ReturnType<typeof next>["getRequestHandler"]>) => void = () => {};
const ready = new Promise<ReturnType<ReturnType<typeof next>["getRequestHandler"]>>((resolve) => {
  handlerReady = resolve;
});
const server = http.createServer((req, res) => {
  stampSocketAddress(req);
  // Set before Next.js answers: a route that sets one of them itself has the last word.
  for (const { key, value } of headersFor(req.url ?? "/")) res.setHeader(key, value);
  if (answerMalformedPath(req, res)) return;
  compress(req, res, () => {
    ready
      .then((handle) => handle(req, res))
      .catch((error: unknown) => {
        // As `next start` answers an error that escaped Next.js itself.
        console.error(`Failed to handle request for ${req.url}`, error);
        if (!res.headersSent) res.statusCode = 500;
        res.end("Internal Server Error");
      });
  });
});
await new Promise<void>((listening) => server.listen(Number(values.port ?? process.env.PORT ?? 3000), hostname, listening));
const { port } = server.address() as { port: number };
const shown =
  !hostname || hostname === "0.0.0.0" ? "localhost" : hostname === "::" ? "[::1]" : hostname.includes(":") ? `[${hostname}]` : hostname;
// The port it serves on, for the app (lib/server/env.ts reads PORT for APP_URL's default), as `next start`
// sets it; and that every request carries its socket's address (lib/server/socket-address.ts).
Object.assign(process.env, { PORT: String(port), TAPROOM_SERVER: "true" });

const app = next({ dev: false, dir, hostname, port });
try {
  await app.prepare();
} catch (error) {
  console.error("The app could not start", error);
  process.exit(1);
}
handlerReady(app.getRequestHandler());
console.log(`Taproom ready on http://${shown}:${port}`);

// As `next start`: on SIGINT or SIGTERM stop taking connections, let the open requests finish, close
// Next.js (the app's background jobs stop on the same signal: lib/server/jobs.ts), and exit with the
// signal's code.
let stopping = false;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      app
        .close()
        .catch((error: unknown) => console.error(error))
        .finally(() => process.exit(code));
    });
    // Open event streams never end by themselves: close their connections so `close` can finish.
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5000).unref();
  });
}
