import { createHash } from "node:crypto";
import { ENCODED_HEADER } from "@/lib/server/content-encoding";
import { env } from "@/lib/server/env";
import { type Coding, codedTag, codingFor, encodedBodies, uncodedOpaque } from "./encoding";

// Conditional reads (live-menus §2): the one place an answer's tag is made and a 304 is decided. A
// strong ETag on every answer of the conditional reads, and 304 without a body when If-None-Match
// names it. Tags are derived from stored data only (versions, ids, bodies), never from process state,
// so every instance gives the same data the same tag. The coding is chosen here too (lib/http/encoding.ts):
// the tag names it (`"…-gzip"`, `"…-br"`) on the 200 and on the 304 alike.

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
 * any). The tag of the same answer in any content coding matches too: the answer did not change.
 */
export function notModified(request: Request, tag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  const bare = uncodedOpaque(tag);
  return header.split(",").some((part) => {
    const value = part.trim().replace(/^W\//, "");
    if (value === "*") return true;
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') && uncodedOpaque(value) === bare;
  });
}

const JSON_TYPE = "application/json; charset=utf-8";

/** Above this size a kept answer is handed over as a stream of its bytes rather than as the bytes. */
const STREAMED_FROM_BYTES = 32 * 1024;

/**
 * A kept answer as a Response body. `new Response(bytes)` copies the bytes (the Fetch standard's body
 * extraction), which for a 400 kB full menu was a quarter of its read (`npm run bench -- profile`); a
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

type Bytes = Uint8Array<ArrayBuffer>;
/** An answer whose tag is known before its body: a 304, or bytes already encoded, never build it. */
export type LazyTagged = { tag: string; body: () => Promise<Bytes> };
/** How a tagged answer goes out when it is not the API's JSON (the guest pages' HTML). */
export type AnswerOptions = { type?: string; cacheControl?: string; headers?: Record<string, string> };

/**
 * 304 when If-None-Match names the tag, else 200 with the body, in the coding the request takes; both
 * with the same ETag (the tag in that coding), Cache-Control and `Vary: Accept-Encoding`. `body` may be
 * given later than the tag (the full menu: its tag is known without building the tree), so a 304, or a
 * coding already kept for the tag, never builds it.
 */
export function conditional(request: Request, answer: Tagged | LazyTagged, options: AnswerOptions = {}): Response | Promise<Response> {
  const coding = codingFor(request);
  const headers: Record<string, string> = {
    ...options.headers,
    etag: codedTag(answer.tag, coding),
    "cache-control": options.cacheControl ?? CACHE_CONTROL,
    // An answer that also varies by another header (a guest page by Accept-Language) names it first.
    vary: options.headers?.vary ? `${options.headers.vary}, Accept-Encoding` : "Accept-Encoding",
  };
  if (notModified(request, answer.tag)) return new Response(null, { status: 304, headers });
  return encodedAnswer(answer, coding, { ...headers, "content-type": options.type ?? JSON_TYPE });
}

/**
 * 200 with `answer`'s body in the request's coding, without a tag or a 304 (an answer that is never
 * stored, the board's data): its bytes are compressed once per tag, which `tagged` makes of the body.
 */
export function encoded(request: Request, answer: Tagged, headers: Record<string, string>): Response | Promise<Response> {
  return encodedAnswer(answer, codingFor(request), { "content-type": JSON_TYPE, ...headers, vary: "Accept-Encoding" });
}

/**
 * The 200 of a tagged answer in `coding`. Its body already at hand (kept bytes, or their encoding kept
 * for the tag), the Response is made at once, awaiting nothing (issue 55); else once the body is built
 * or compressed.
 */
function encodedAnswer(answer: Tagged | LazyTagged, coding: Coding, headers: Record<string, string>): Response | Promise<Response> {
  // ENCODED_HEADER tells the server in front that the coding is decided (identity too: its tag has no
  // suffix, so nothing may compress it after) and carries it past Next.js, which drops a route's
  // Content-Encoding (lib/server/content-encoding.ts). Content-Encoding is for whoever reads this Response.
  const decided: Record<string, string> = env().TAPROOM_SERVER ? { [ENCODED_HEADER]: coding } : {};
  if (coding === "identity") {
    const answered = (bytes: Bytes) => new Response(bodyOf(bytes), { status: 200, headers: { ...headers, ...decided } });
    return typeof answer.body === "function" ? answer.body().then(answered) : answered(answer.body);
  }
  const answered = (bytes: Bytes) =>
    new Response(bodyOf(bytes), { status: 200, headers: { ...headers, ...decided, "content-encoding": coding } });
  const kept = encodedBodies().keptNow(answer.tag, coding);
  if (kept) return answered(kept);
  const { body } = answer;
  return encodedBodies()
    .encode(answer.tag, coding, typeof body === "function" ? body : () => Promise.resolve(body))
    .then(answered);
}
