// `npm run serve`: the production server. Next.js serves every request, as under `next start`, except
// the full menu that boards poll, which lib/api/fast-path.ts answers first, exactly as Next.js would and
// without its per-request work (ARCHITECTURE.md, "The full menu before Next.js"). The fast
// path is installed by instrumentation.ts once the server is ready; until then, and for every request
// it declines, Next.js serves.
//
//   node server.mjs [-p PORT] [-H HOSTNAME]     (as `next start`: PORT, else 3000; every address)
import http from "node:http";
import { parseArgs } from "node:util";

process.env.NODE_ENV = "production";
const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const hostname = values.hostname;
const dir = import.meta.dirname;
const fastPath = Symbol.for("taproom.fast-path");

// As `next start`: listen first, then load the app; requests that come meanwhile wait for it.
let handlerReady;
const ready = new Promise((resolve) => {
  handlerReady = resolve;
});
const server = http.createServer(async (req, res) => {
  try {
    const nextHandler = await ready;
    const answered = globalThis[fastPath]?.handler?.(req, res);
    await (answered ?? nextHandler(req, res));
  } catch (error) {
    // As `next start` answers an error that escaped Next.js itself.
    console.error(`Failed to handle request for ${req.url}`, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end("Internal Server Error");
  }
});
await new Promise((listening) => server.listen(Number(values.port ?? process.env.PORT ?? 3000), hostname, listening));
const { port } = server.address();
// As `next start`, the port and origin it serves on, for the app (lib/env.ts reads PORT for APP_URL's default).
const shown =
  !hostname || hostname === "0.0.0.0" ? "localhost" : hostname === "::" ? "[::1]" : hostname.includes(":") ? `[${hostname}]` : hostname;
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = `http://${shown}:${port}`;

const { default: next } = await import("next");
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
// Next.js, and exit with the signal's code (instrumentation.ts flushes buffered menu views on the signal).
let stopping = false;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(async () => {
      await app.close().catch((error) => console.error(error));
      process.exit(code);
    });
  });
}
