import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";

const tooLarge = (limit: number) => new ApiError("payload_too_large", `The body is larger than ${limit} bytes.`);

/**
 * The request body as text, read at most MAX_BODY_BYTES (1 MiB) far: a declared Content-Length over the
 * ceiling is refused before a byte is read, and a body without one is counted as it streams in and
 * dropped the moment it passes the ceiling. 413 either way; a client cannot make us hold more.
 */
export async function readBodyText(request: Request): Promise<string> {
  const limit = env().MAX_BODY_BYTES;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
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
  return parsed;
}
