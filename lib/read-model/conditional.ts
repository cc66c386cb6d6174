import { createHash } from "node:crypto";
import { CODING_HEADER } from "./content-encoding";

// Conditional reads (live-menus §2): a strong ETag on every answer of the six reads, and 304 without a
// body when If-None-Match names it. Tags are derived from stored data only (versions, ids, bodies),
// never from process state, so every instance gives the same data the same tag.

/** `"…"`: a strong tag over `parts` (27 base64url characters of SHA-256). */
export function etag(...parts: (string | number | null)[]): string {
  return `"${createHash("sha256").update(parts.join("\u0000")).digest("base64url").slice(0, 27)}"`;
}

/** The tag of a JSON body: the same bytes, the same tag. */
export const bodyTag = (body: string) => etag("body", body);

export type Coding = "gzip" | "br";

/** The tag of the representation in `coding`: one representation, one strong tag (RFC 9110 §8.8.3). */
export const codedTag = (tag: string, coding: Coding | null) => (coding ? `${tag.slice(0, -1)}-${coding}"` : tag);

/**
 * Whether If-None-Match names `tag` (weak comparison, RFC 9110 §13.1.2: `W/` ignored; `*` matches
 * any). The tag of the same answer in another content coding matches too: the answer did not change.
 */
export function notModified(request: Request, tag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  const bare = tag.slice(1, -1);
  return header.split(",").some((part) => {
    const value = part.trim().replace(/^W\//, "");
    if (value === "*") return true;
    const opaque = value.slice(1, -1).replace(/-(gzip|br)$/, "");
    return value.startsWith('"') && value.endsWith('"') && opaque === bare;
  });
}

/** The coding to send: br, else gzip, when Accept-Encoding takes it (q > 0); null for identity. */
export function negotiateCoding(request: Request): Coding | null {
  const header = request.headers.get("accept-encoding");
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith("q="));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const quality = (coding: string) => accepted.get(coding) ?? accepted.get("*") ?? 0;
  if (quality("br") > 0 && quality("br") >= quality("gzip")) return "br";
  if (quality("gzip") > 0) return "gzip";
  return null;
}

const JSON_TYPE = "application/json; charset=utf-8";
/** Every conditional answer may be kept by the caller but must be checked again before each use. */
export const CACHE_CONTROL = "private, no-cache";

/** A read's answer as the read model keeps it: its tag and its JSON. */
export type Tagged = { tag: string; body: string };

/** 304 when If-None-Match names the tag, else 200 with the body; both with ETag and Cache-Control. */
export function conditional(request: Request, { tag, body }: Tagged): Response {
  const headers = { etag: tag, "cache-control": CACHE_CONTROL };
  if (notModified(request, tag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers: { ...headers, "content-type": JSON_TYPE } });
}

/**
 * The bytes of a body answered here, by its Response: lib/api/node-route.ts writes them to Node's
 * response as they are, instead of reading them back out of the Response (a stream and a copy on every
 * read of the hottest answer, the full menu). The Response's own body holds the same bytes for every
 * other reader.
 */
const knownBodies = new WeakMap<Response, Uint8Array>();
export const knownBody = (response: Response): Uint8Array | undefined => knownBodies.get(response);

/**
 * A Blob of kept bytes, made once per bytes: a Response copies a byte array given as its body on every
 * construction (tens of kB per read of a large menu, and the garbage with them), a Blob it does not.
 */
const blobs = new WeakMap<Uint8Array, Blob>();
function blobOf(bytes: Uint8Array): Blob {
  let blob = blobs.get(bytes);
  if (!blob) {
    blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
    blobs.set(bytes, blob);
  }
  return blob;
}

/** The same for an answer that may go out compressed: `coding` is the one negotiated, `body` its bytes. */
export function conditionalCoded(
  request: Request,
  { tag, coding, body }: { tag: string; coding: Coding | null; body: () => Promise<Uint8Array> },
): Promise<Response> | Response {
  const headers: Record<string, string> = { etag: codedTag(tag, coding), "cache-control": CACHE_CONTROL, vary: "Accept-Encoding" };
  if (notModified(request, tag)) return new Response(null, { status: 304, headers });
  return body().then((bytes) => {
    if (coding) {
      headers["content-encoding"] = coding;
      headers[CODING_HEADER] = coding;
    }
    const response = new Response(blobOf(bytes), { status: 200, headers: { ...headers, "content-type": JSON_TYPE } });
    knownBodies.set(response, bytes);
    return response;
  });
}

/** A body computed now (the reads not kept: include_legacy), tagged by its bytes. */
export function tagged(data: unknown): Tagged {
  const body = JSON.stringify(data);
  return { tag: bodyTag(body), body };
}
