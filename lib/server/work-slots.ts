import { getHeapStatistics } from "node:v8";
import { ApiError } from "./errors";

// Work that holds a large answer in the heap while it runs (a restore's body, an import's source
// answers) takes a slot of this instance first (decision 076). Each kind's ceiling is sized so that one
// such piece of work fits beside the server's live set; the slots keep several from stacking up in one
// heap (issue 47: three restores at once took 2,992 MB; three imports 1,123 MB). Past them the request
// is refused at once, 429 with Retry-After, before its body or its source is read. Per instance: what
// must hold across instances (one restore per business) is kept in the database by its feature.

const MIB = 1024 * 1024;
/** Seconds a refused caller is told to wait: about as long as one large restore or import takes. */
export const BUSY_RETRY_AFTER_SECONDS = 30;

/**
 * How many pieces of heavy work this process runs at once: one per 256 MiB of heap, at least one and
 * at most four. The small-server profile's 128 MiB heap runs one at a time.
 */
export function heavyWorkSlots(heapLimitBytes = getHeapStatistics().heap_size_limit): number {
  return Math.max(1, Math.min(4, Math.floor(heapLimitBytes / (256 * MIB))));
}

let running = 0;

/**
 * Takes one of this instance's `limit` slots of heavy work, or throws 429 `rate_limited` with
 * Retry-After when they are all taken. One pool for every kind: a restore and an import at once hold
 * both their answers in the same heap. The returned release is idempotent; call it in a `finally`.
 */
export function takeSlot(limit = heavyWorkSlots()): () => void {
  if (running >= limit) {
    throw new ApiError(
      "rate_limited",
      `This server is already running as many restores and imports as its memory allows (${limit} at once). Try again in ${BUSY_RETRY_AFTER_SECONDS} seconds.`,
      { headers: { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) } },
    );
  }
  running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running -= 1;
  };
}
