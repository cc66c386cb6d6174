import type { z } from "zod";
import { declaredOver, readBoundedText } from "@/lib/server/bounded-read";
import { env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/errors";
import { bodyResources } from "@/lib/shared/schemas";

// Past the ceiling the answer is 413 and the connection is closed after it; a client still sending
// could not read it, though, if the socket were reset under its writes (Node's clients then see
// EPIPE): so the rest is read and thrown away first, within a ceiling and a time of its own.
const tooLarge = (limit: number) =>
  new ApiError("payload_too_large", `The body is larger than ${limit} bytes.`, { headers: { connection: "close" } });

/** How much of a refused body is still read, and thrown away, before the 413: past either, it is let go. */
export type Drain = { bytes: number; ms: number };
export const DRAIN: Drain = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/**
 * The request body as text, read at most MAX_BODY_BYTES (1 MiB) far: a body over the ceiling is
 * refused (413) without a byte of it kept, whether its Content-Length said so or it passed the ceiling
 * as it streamed in. A client cannot make us hold more; what it still sends is drained (DRAIN).
 */
export async function readBodyText(request: Request, limit: number = env().MAX_BODY_BYTES, drain: Drain = DRAIN): Promise<string> {
  const declared = declaredOver(request.headers, limit);
  const reader = request.body?.getReader();
  if (declared !== null) {
    if (reader) await (declared - limit <= drain.bytes ? discard(reader, drain) : reader.cancel().catch(() => {}));
    throw tooLarge(limit);
  }
  if (!reader) return "";
  const read = await readBoundedText(reader, limit);
  if (!read.over) return read.text;
  await discard(reader, drain);
  throw tooLarge(limit);
}

/** Reads the rest of a refused body and throws it away, at most `bytes` more and for `ms`, then lets it go. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, { bytes, ms }: Drain): Promise<void> {
  // Cancelling ends a read still waiting: a client that stops sending holds nothing past `ms`.
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), ms);
  try {
    for (let drained = 0; drained <= bytes; ) {
      const { done, value } = await reader.read();
      if (done) return;
      drained += value.byteLength;
    }
    await reader.cancel().catch(() => {});
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A form body (urlencoded or multipart) read within the same ceiling as every body: `request.formData()`
 * alone would read any size whole before it could be refused.
 */
export async function readFormBody(request: Request): Promise<FormData> {
  return parseFormText(await readBodyText(request), request.headers.get("content-type") ?? "");
}

/** A form body already read (readBodyText), parsed as its content type says (urlencoded or multipart). */
export function parseFormText(text: string, contentType: string): Promise<FormData> {
  return new Response(text, { headers: { "content-type": contentType } }).formData();
}

const MAX_DEPTH = 32;

/**
 * Whether a parsed JSON value nests deeper than MAX_DEPTH arrays and objects. Walked with an explicit
 * stack: the value may be thousands deep, and the schemas and serializers after this recurse.
 */
export function nestsTooDeep(value: unknown, max = MAX_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The path of the first string (a value or a key) holding U+0000, or null. Called once the nesting is known to be within MAX_DEPTH. */
function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "\\u0000")].join(".");
    const found = nulPath(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** A JSON body, parsed, within the size ceiling and the nesting limit. */
export function parseJsonBody(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The body is not valid JSON.");
  }
  if (nestsTooDeep(parsed)) {
    throw new ApiError("validation_failed", `The body is nested deeper than ${MAX_DEPTH} levels.`, {
      errors: [{ path: "", message: `nested deeper than ${MAX_DEPTH} levels` }],
    });
  }
  const nul = nulPath(parsed);
  if (nul !== null) {
    // PostgreSQL's text cannot hold NUL: refused here for every field, whatever its schema says.
    throw new ApiError("validation_failed", "The body did not pass validation.", {
      errors: [{ path: nul, message: "must not contain a NUL character" }],
    });
  }
  return parsed;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under defaults, optionals and the input side of transforms. */
function unwrapped(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType && ["default", "prefault", "optional", "nullable", "readonly", "catch"].includes(def.type))
    return unwrapped(def.innerType);
  if (def.type === "pipe" && def.in) return unwrapped(def.in);
  return schema;
}

/**
 * The resource key of a body schema of the form `{<key>: {…}}` (`item` for `{item: {untappd_id}}`),
 * found from the schema itself so that no route can forget it; undefined for any other body.
 */
export function resourceKeyOf(schema: z.ZodType): string | undefined {
  const outer = defOf(unwrapped(schema));
  if (outer.type !== "object" || !outer.shape) return undefined;
  const keys = Object.keys(outer.shape);
  if (keys.length !== 1) return undefined;
  return defOf(unwrapped(outer.shape[keys[0]!]!)).type === "object" ? keys[0] : undefined;
}

/**
 * A body sent without its resource key is that resource's fields (contract §3): `{"untappd_id": 7}`
 * reads as `{"item": {"untappd_id": 7}}`. When the key is there, the wrapped form wins and the rest of
 * the top level is ignored, as unknown fields always are.
 */
export function withResourceKey(key: string, body: unknown): unknown {
  if (!isRecord(body) || Object.hasOwn(body, key)) return body;
  return { [key]: body };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * How a body schema takes its resource key: written wrapped (`{item: {…}}`, found from its shape) or as
 * the record's bare fields with the key named beside it (`resourceFields("board", …)`, decision 073);
 * undefined for a body of no one record (a list, credentials, a file).
 */
export type BodyEnvelope = { key: string; form: "wrapped" | "bare" };

export function envelopeOf(schema: z.ZodType): BodyEnvelope | undefined {
  const key = resourceKeyOf(schema);
  if (key) return { key, form: "wrapped" };
  const named = bodyResources.get(schema)?.resource;
  return named ? { key: named, form: "bare" } : undefined;
}

/**
 * A body in the form its schema is written in, whichever of the two the client sent (contract §3):
 * `{board: {…}}` reads as the board's fields for a schema of fields, as `{item: {…}}` is what a schema
 * written wrapped reads `{untappd_id: 7}` as. When the key is there, the wrapped form wins.
 */
export function inSchemaForm(envelope: BodyEnvelope | undefined, body: unknown): unknown {
  if (!envelope) return body;
  if (envelope.form === "wrapped") return withResourceKey(envelope.key, body);
  return isRecord(body) && Object.hasOwn(body, envelope.key) ? body[envelope.key] : body;
}
