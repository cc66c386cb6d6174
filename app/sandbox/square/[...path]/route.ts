import { env } from "@/lib/server/env";
import { handleSquareSandbox } from "@/sandbox/square/server";

export const dynamic = "force-dynamic";

// /sandbox/square/* — the Square sandbox over HTTP (its consent page for browsers; the API for clients
// written against Square, pointed here). The app itself calls it in-process (lib/pos/square/transport.ts).
// With a real Square configured (SQUARE_BASE_URL) the sandbox is not served at all.
const serve = (request: Request) =>
  env().SQUARE_BASE_URL ? Promise.resolve(new Response("Not found", { status: 404 })) : handleSquareSandbox(request);
export { serve as DELETE, serve as GET, serve as POST, serve as PUT };
