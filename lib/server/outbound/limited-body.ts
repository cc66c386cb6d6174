// A fetch Response's body read within a ceiling (decision 076): a Content-Length over it is refused
// before a byte is read, and a body without one is counted chunk by chunk and cancelled the moment it
// passes. Nothing larger than the ceiling is ever held. For the answers read through fetch (the beer
// platform's transport); the guarded node:http requests of ./request.ts do the same themselves.

export type LimitedText = { text: string; tooBig: false } | { text: null; tooBig: true };

export async function readLimitedText(response: Response, maxBytes: number): Promise<LimitedText> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return { text: null, tooBig: true };
  }
  if (!response.body) return { text: "", tooBig: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { text: null, tooBig: true };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), tooBig: false };
}
