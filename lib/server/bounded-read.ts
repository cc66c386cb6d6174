// One way to read a stream within a byte ceiling (decisions 073, 076): the chunks are counted as they
// arrive and reading stops the moment they pass the ceiling, so nothing larger is ever held. What
// happens to the rest is the caller's: a request body is drained before its 413, an upstream answer
// is cancelled.

export type BoundedText = { text: string; over: false } | { text: null; over: true };

/** Reads `reader` to its end as UTF-8 text, or stops past `maxBytes` with the reader left open. */
export async function readBoundedText(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<BoundedText> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return { text: null, over: true };
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), over: false };
}

/** A Content-Length header's value when it is a number over `maxBytes`, else null. */
export function declaredOver(headers: Headers, maxBytes: number): number | null {
  const declared = Number(headers.get("content-length"));
  return Number.isFinite(declared) && declared > maxBytes ? declared : null;
}
