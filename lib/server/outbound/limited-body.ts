// A fetch Response's body read within a ceiling (decision 076): a Content-Length over it is refused
// before a byte is read, and a body without one is counted chunk by chunk and cancelled the moment it
// passes. Nothing larger than the ceiling is ever held. For the answers read through fetch (the beer
// platform's transport); the guarded node:http requests of ./request.ts do the same themselves.
import { declaredOver, readBoundedText } from "@/lib/server/bounded-read";

export type LimitedText = { text: string; tooBig: false } | { text: null; tooBig: true };

export async function readLimitedText(response: Response, maxBytes: number): Promise<LimitedText> {
  if (declaredOver(response.headers, maxBytes) !== null) {
    await response.body?.cancel().catch(() => {});
    return { text: null, tooBig: true };
  }
  if (!response.body) return { text: "", tooBig: false };
  const reader = response.body.getReader();
  const read = await readBoundedText(reader, maxBytes);
  if (!read.over) return { text: read.text, tooBig: false };
  await reader.cancel().catch(() => {});
  return { text: null, tooBig: true };
}
