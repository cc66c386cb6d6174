import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { boards } from "@/lib/db/schema";
import { type BoardCommand, notify } from "@/lib/live/bus";

// Commands to a paired board's TV travel like every other post-commit event: `notify` on the bus
// (lib/live/bus.ts), sent at commit, heard by every instance; the instance holding the TV's
// stream (lib/boards/device-stream.ts) tells it. Nothing is sent for a transaction that rolls back.

export type Command = BoardCommand["command"];

/**
 * Tells board `boardId`'s TV, once the transaction commits: `board` (its name, menu or theme changed:
 * the TV reads them again), `reload`, `identify` (it flashes its name) or `unpaired`. The notification
 * names the board's device, read from its row here: call it while the row exists (for `unpaired`,
 * before the DELETE, in the same transaction). Answers false when there is no such board.
 */
export async function notifyBoard(tx: Db, boardId: number, command: Command): Promise<boolean> {
  const [board] = await tx.select({ deviceId: boards.deviceId }).from(boards).where(eq(boards.id, boardId));
  if (!board) return false;
  await notify(tx, { kind: "board", board_id: boardId, device_id: board.deviceId, command });
  return true;
}

/** Tells a device without a board (just unpaired, or a new code) to read its state again. */
export async function notifyDevice(tx: Db, deviceId: number, command: Command): Promise<void> {
  await notify(tx, { kind: "board", board_id: null, device_id: deviceId, command });
}
