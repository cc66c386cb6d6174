import type { ServerResponse } from "node:http";

// Next.js drops a route handler's Content-Encoding (and Content-Length) when it copies the Response onto
// Node's (its sendResponse: a fetched body may have been decoded), so the app's encoded answers
// (lib/http/encoding.ts) name their coding a second time under a header of their own, which the
// production server (server.ts) turns back into Content-Encoding before the headers go out. Only while
// TAPROOM_SERVER says that server is in front does the app encode (`next dev` would send the bytes
// without the header). No imports from the app: server.ts compiles this file on its own. Decision 071.

export const ENCODED_HEADER = "x-taproom-encoded";

/** The codings the app encodes in; anything else under ENCODED_HEADER is not the app's word. */
const APP_CODINGS = new Set(["br", "gzip", "identity"]);

/**
 * For server.ts: whether the app encoded this answer itself (then it must not be compressed again: its
 * ETag names its coding). Moves ENCODED_HEADER into Content-Encoding and never lets it out.
 */
export function adoptAppEncoding(res: ServerResponse): boolean {
  const coding = res.getHeader(ENCODED_HEADER);
  if (coding === undefined) return false;
  res.removeHeader(ENCODED_HEADER);
  if (typeof coding !== "string" || !APP_CODINGS.has(coding)) return false;
  if (coding === "identity") res.removeHeader("content-encoding");
  else res.setHeader("content-encoding", coding);
  return true;
}
