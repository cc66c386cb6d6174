import { env } from "@/lib/server/env";
import { handleToastSandbox } from "@/sandbox/toast/server";

export const dynamic = "force-dynamic";

// /sandbox/toast/* — the Toast sandbox over HTTP (the API for clients written against Toast, pointed here,
// and its till). The app itself calls it in-process (lib/pos/toast/transport.ts). With a real Toast
// configured (TOAST_BASE_URL) the sandbox is not served at all.
const serve = (request: Request) =>
  env().TOAST_BASE_URL ? Promise.resolve(new Response("Not found", { status: 404 })) : handleToastSandbox(request);
export { serve as DELETE, serve as GET, serve as POST, serve as PUT };
