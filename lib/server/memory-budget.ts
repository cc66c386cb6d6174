import { getHeapStatistics } from "node:v8";

// What a cache in the process may hold by default: an eighth of the heap the process may use, between
// 4 and 64 MiB (decision 069). A server run with the small-server profile (scripts/server-options.mjs,
// a 128 MiB heap) keeps each cache to 16 MiB; one on a large machine keeps 64 MiB as before. The read
// cache's READ_CACHE_MB overrides it; the encoded answers (lib/http/encoding.ts) take the same share.

const MIB = 1024 * 1024;

/** The default size of one in-process cache, in MiB, from the heap limit this process runs with. */
export function defaultCacheMb(): number {
  const heapMb = getHeapStatistics().heap_size_limit / MIB;
  return Math.max(4, Math.min(64, Math.floor(heapMb / 8)));
}
