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
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
const dir = import.meta.dirname;

const { default: next } = await import("next");
const app = next({ dev: false, dir, hostname, port });
await app.prepare();
const nextHandler = app.getRequestHandler();
const fastPath = Symbol.for("taproom.fast-path");

const server = http.createServer(async (req, res) => {
  try {
    const answered = globalThis[fastPath]?.handler?.(req, res);
    await (answered ?? nextHandler(req, res));
  } catch (error) {
    // As `next start` answers an error that escaped Next.js itself.
    console.error(`Failed to handle request for ${req.url}`, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end("Internal Server Error");
  }
});

server.listen(port, hostname, () => console.log(`Taproom listening on http://${hostname ?? "0.0.0.0"}:${port}`));

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
