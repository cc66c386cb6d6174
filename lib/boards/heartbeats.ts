import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { processGlobal } from "@/lib/db/process-global";
import { boards } from "@/lib/db/schema";
import { errorFields, log } from "@/lib/server/log";

// A board's heartbeat is its open device stream (decision 067): the instance holding the stream writes
// `last_seen_at` for every board it holds, in ONE batched UPDATE every HEARTBEAT_MS (and each stream
// writes it once as it opens). No per-board work per tick beyond that one statement's id list. The
// interval and the clock can be set for tests and the benchmark (`heartbeatSettings`).

export const HEARTBEAT_MS = 30_000;

type Beats = { held: Map<number, number>; timer: NodeJS.Timeout | null };

/** The interval between batches and the clock their instant comes from (process-wide; tests set them). */
export const heartbeatSettings = processGlobal("boards.heartbeat-settings", () => ({
  intervalMs: HEARTBEAT_MS,
  now: () => new Date(),
}));

// Per process and database (lib/db/process-global.ts): each instance counts the boards it holds.
const beatsOf = processGlobal("boards.heartbeats", () => new WeakMap<Database, Beats>());

function beatsFor(database: Database): Beats {
  let beats = beatsOf.get(database);
  if (!beats) {
    beats = { held: new Map(), timer: null };
    beatsOf.set(database, beats);
  }
  return beats;
}

/** Counts board `boardId` as held by an open stream on this instance until the answer is called. */
export function holdBoard(database: Database, boardId: number): () => void {
  const beats = beatsFor(database);
  beats.held.set(boardId, (beats.held.get(boardId) ?? 0) + 1);
  if (!beats.timer) {
    beats.timer = setInterval(() => {
      void writeHeartbeats(database).catch((error) => log().warn(errorFields(error), "Could not write the boards' heartbeats"));
    }, heartbeatSettings.intervalMs);
    beats.timer.unref?.();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (beats.held.get(boardId) ?? 1) - 1;
    if (left <= 0) beats.held.delete(boardId);
    else beats.held.set(boardId, left);
    if (beats.held.size === 0 && beats.timer) {
      clearInterval(beats.timer);
      beats.timer = null;
    }
  };
}

/** The boards whose streams this instance holds on `database`. */
export const boardsHeld = (database: Database): number[] => [...(beatsOf.get(database)?.held.keys() ?? [])];

/** One batch: `last_seen_at = at` for every board held here, in one UPDATE; answers how many rows it wrote. */
export async function writeHeartbeats(database: Database, at: Date = heartbeatSettings.now()): Promise<number> {
  const ids = boardsHeld(database);
  if (ids.length === 0) return 0;
  const result = await database.db.execute(
    sql`update ${boards} set last_seen_at = ${at.toISOString()}::timestamptz where ${boards.id} = any(${`{${ids.join(",")}}`}::int[])`,
  );
  const { rowCount, affectedRows } = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}
