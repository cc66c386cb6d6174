import { createHash } from "node:crypto";

// Conditional reads (live-menus §2): the one place an answer's tag is made and a 304 is decided. A
// strong ETag on every answer of the conditional reads, and 304 without a body when If-None-Match
// names it. Tags are derived from stored data only (versions, ids, bodies), never from process state,
// so every instance gives the same data the same tag. Compression is the server's (server.ts), which
// adds the coding to a compressed answer's tag (`"…-gzip"`, `"…-br"`).

/** `"…"`: a strong tag over `parts` (27 base64url characters of SHA-256). */
export function etag(...parts: (string | number | null)[]): string {
  return `"${createHash("sha256").update(parts.join("\u0000")).digest("base64url").slice(0, 27)}"`;
}

/**
 * A read's answer: its tag and its JSON text as UTF-8 bytes, encoded once when it is made, so a kept
 * answer is not encoded again for every request that reads it.
 */
export type Tagged = { tag: string; body: Uint8Array<ArrayBuffer> };

/** `data` as JSON text, tagged by that text: the same bytes, the same tag. */
export function tagged(data: unknown): Tagged {
  const text = JSON.stringify(data);
  return { tag: etag("body", text), body: Buffer.from(text) };
}

/**
 * Whether If-None-Match names `tag` (weak comparison, RFC 9110 §13.1.2: `W/` ignored; `*` matches
 * any). The tag of the same answer in a content coding matches too: the answer did not change.
 */
export function notModified(request: Request, tag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  const bare = tag.slice(1, -1);
  return header.split(",").some((part) => {
    const value = part.trim().replace(/^W\//, "");
    if (value === "*") return true;
    const opaque = value.slice(1, -1).replace(/-(gzip|br|deflate)$/, "");
    return value.startsWith('"') && value.endsWith('"') && opaque === bare;
  });
}

const JSON_TYPE = "application/json; charset=utf-8";

/** Above this size a kept answer is handed over as a stream of its bytes rather than as the bytes. */
const STREAMED_FROM_BYTES = 32 * 1024;

/**
 * A kept answer as a Response body. `new Response(bytes)` copies the bytes (the Fetch standard's body
 * extraction), which for a 400 kB full menu was a quarter of its read (`npm run bench:profile`); a
 * stream of the same bytes hands them over as they are. Kept bytes are never written to, so sharing
 * them between answers is safe. Small answers are cheaper to copy than to stream.
 */
function bodyOf(bytes: Uint8Array<ArrayBuffer>): BodyInit {
  if (bytes.byteLength < STREAMED_FROM_BYTES) return bytes;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
/** Every conditional answer may be kept by the caller but must be checked again before each use. */
export const CACHE_CONTROL = "private, no-cache";

/**
 * 304 when If-None-Match names the tag, else 200 with the body; both with ETag and Cache-Control.
 * `body` may be given later than the tag (the full menu: its tag is known without building the tree),
 * so a 304 never builds it.
 */
export function conditional(
  request: Request,
  answer: Tagged | { tag: string; body: () => Promise<Uint8Array<ArrayBuffer>> },
): Response | Promise<Response> {
  const headers = { etag: answer.tag, "cache-control": CACHE_CONTROL };
  if (notModified(request, answer.tag)) return new Response(null, { status: 304, headers });
  const ok = (body: Uint8Array<ArrayBuffer>) =>
    new Response(bodyOf(body), { status: 200, headers: { ...headers, "content-type": JSON_TYPE } });
  return typeof answer.body === "function" ? answer.body().then(ok) : ok(answer.body);
}
