import { ServerResponse } from "node:http";

// Next.js drops `Content-Encoding` from a route handler's answer (its sendResponse forbids the header,
// for bodies fetch decoded) and then compresses the body itself (`compress`, gzip only), so a body the
// read model compressed once would go out compressed twice, or br would be impossible. A full menu
// therefore names its coding twice: `Content-Encoding` for any runtime that keeps it (and the tests,
// which call handlers directly), and this private header, which the server turns back into
// `Content-Encoding` when Next.js sets it on the Node.js response. Next's compression then sees the
// body as already encoded and leaves it alone; every other answer is compressed by Next as before.
export const CODING_HEADER = "x-taproom-content-encoding";

let installed = false;
/** Called once at server start (instrumentation.ts). */
export function passContentEncoding() {
  if (installed) return;
  installed = true;
  const setHeader = ServerResponse.prototype.setHeader;
  ServerResponse.prototype.setHeader = function (this: ServerResponse, name: string, value: number | string | readonly string[]) {
    return setHeader.call(this, name.toLowerCase() === CODING_HEADER ? "content-encoding" : name, value);
  } as typeof setHeader;
}
