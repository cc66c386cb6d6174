import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

// A path whose percent-encoding does not decode (`/api/v1/locations/%E0%A4%A`) names no record: Next.js
// fails to decode its parameters before any route handler runs and answers a bare 500 or 400 page, so
// the production server (server.ts) answers it first, as the API answers any path that finds nothing:
// 404 problem+json. No imports from the app: server.ts compiles this file on its own.

/** Whether every percent-escape of the URL's path decodes (to UTF-8 text). */
export function pathDecodes(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** For server.ts: answers 404 problem+json for a path that does not decode; true when it answered. */
export function answerMalformedPath(req: IncomingMessage, res: ServerResponse): boolean {
  if (pathDecodes(req.url ?? "/")) return false;
  const requestId = randomUUID();
  const detail = "No such record: the path's percent-encoding is malformed.";
  const body = {
    type: "urn:taproom:problem:not_found",
    title: "Not Found",
    status: 404,
    detail,
    code: "not_found",
    error: { code: "not_found", status: 404, detail },
    request_id: requestId,
  };
  res.writeHead(404, {
    "content-type": /application\/problem\+json/i.test(req.headers.accept ?? "")
      ? "application/problem+json"
      : "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": requestId,
  });
  res.end(req.method === "HEAD" ? undefined : JSON.stringify(body));
  return true;
}
