import type { IncomingMessage } from "node:http";

// What only the socket knows: the address of the peer that connected. Next.js gives route handlers no
// socket, so the production server (server.ts) writes the peer's address into a request header of its
// own before Next.js sees the request, replacing whatever a client sent under that name, and tells the
// app so (TAPROOM_SERVER, lib/server/env.ts). Served otherwise (`next dev`), the header is a client's
// own words and is never read. No imports from the app: server.ts compiles this file on its own.
// Decisions 018 and 053.

export const SOCKET_ADDRESS_HEADER = "x-taproom-socket-address";

/** For server.ts: names the request's socket peer in SOCKET_ADDRESS_HEADER (a client's own value never survives). */
export function stampSocketAddress(req: IncomingMessage): void {
  const address = req.socket.remoteAddress;
  if (address) req.headers[SOCKET_ADDRESS_HEADER] = address;
  else delete req.headers[SOCKET_ADDRESS_HEADER];
}
