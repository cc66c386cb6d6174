import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { BoardCommand } from "@/lib/live/bus";

// Commands to a paired board's TV travel like every other post-commit event: a NOTIFY on the bus's
// channel (lib/live/bus.ts), sent at commit, heard by every instance; the instance holding the TV's
// stream (lib/boards/device-stream.ts) tells it. Nothing is sent for a transaction that rolls back.

export type Command = BoardCommand["command"];

/**
 * Tells board `boardId`'s TV, once the transaction commits: `board` (its name, menu or theme changed:
 * the TV reads them again), `reload`, `identify` (it flashes its name) or `unpaired`. The notification
 * names the board's device, read from its row here: call it while the row exists (for `unpaired`,
 * before the DELETE, in the same transaction). Answers false when there is no such board.
 */
export async function notifyBoard(tx: Db, boardId: number, command: Command): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_notify('taproom', json_build_object('kind', 'board', 'board_id', id, 'device_id', device_id, 'command', ${command}::text)::text) from boards where id = ${boardId}`,
  );
  return rowCount(result) > 0;
}

/** Tells a device without a board (just unpaired, or a new code) to read its state again. */
export async function notifyDevice(tx: Db, deviceId: number, command: Command): Promise<void> {
  await tx.execute(
    sql`select pg_notify('taproom', json_build_object('kind', 'board', 'board_id', null, 'device_id', ${deviceId}::int, 'command', ${command}::text)::text)`,
  );
}

function rowCount(result: unknown): number {
  const { rows, rowCount: count } = result as { rows?: unknown[]; rowCount?: number | null };
  return rows?.length ?? count ?? 0;
}
