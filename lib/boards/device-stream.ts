import { eq } from "drizzle-orm";
import { type Database, getDatabase } from "@/lib/db/client";
import { boardDevices, boards } from "@/lib/db/schema";
import { subscribe } from "@/lib/live/bus";
import { eventStreamResponse, type StreamHold } from "@/lib/live/stream";
import { followMenuVersion, menuStart } from "@/lib/menus/display-stream";
import { heartbeatSettings, holdBoard } from "./heartbeats";
import { type Board, type BoardDevice, type BoardEvent, boardEventOf } from "./records";

// GET /boards/device/stream (decision 067): one text/event-stream per TV, on the instance it reached.
//   unpaired:  `event: pairing {code, expires_at}` (code null once none is in force: the TV asks
//              POST /boards/pairings for a new one);
//   paired:    `event: board {id, name, menu_id, theme, location_id}` on open and whenever it changes,
//              `event: version {version}` for its menu (lib/menus/display-stream.ts's follower, what a guest
//              may see: a draft or a menu taken down tells `gone`);
//   commands:  `event: reload {}`, `event: identify {}`, `event: unpaired {}` (then `pairing`), sent by
//              any instance through notifyBoard (lib/boards/commands.ts);
//   `event: ping {}` every 20 s.
// While it is open the board is held for the heartbeat batch (lib/boards/heartbeats.ts); opening it
// is a heartbeat too. A listener that drops and comes back (`flush`) reads the board again.

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** What a device's TV is told of its state: the board it is, or the code it shows (null: none in force). */
export type DeviceState = { board: Board } | { board: null; code: string | null; expiresAt: Date | null };

/**
 * The device's board, written as seen now (opening is a heartbeat), or its code, read in ONE statement:
 * a pairing inserts the board and clears the code in one transaction, and one statement sees both or
 * neither (two reads could see the code cleared but not yet the board, and tell the TV it has no code).
 * Inside a transaction, as on the embedded database a read outside one could land between another
 * transaction's statements.
 */
function readState(database: Database, device: BoardDevice, heartbeat: boolean): Promise<DeviceState> {
  const now = heartbeatSettings.now();
  return database.db.transaction(async (tx) => {
    if (heartbeat) await tx.update(boards).set({ lastSeenAt: now }).where(eq(boards.deviceId, device.id));
    const [row] = await tx
      .select({ board: boards, device: boardDevices })
      .from(boardDevices)
      .leftJoin(boards, eq(boards.deviceId, boardDevices.id))
      .where(eq(boardDevices.id, device.id))
      .limit(1);
    if (row?.board) return { board: row.board };
    const live = row?.device.pairingCode && row.device.codeExpiresAt && row.device.codeExpiresAt.getTime() > now.getTime();
    return { board: null, code: live ? row.device.pairingCode : null, expiresAt: live ? row.device.codeExpiresAt : null };
  });
}

const sameBoard = (a: BoardEvent | null, b: BoardEvent | null) => JSON.stringify(a) === JSON.stringify(b);

export async function openDeviceStream({
  device,
  signal,
  database,
  head = false,
  holds,
}: {
  device: BoardDevice;
  signal: AbortSignal;
  database?: Database;
  head?: boolean;
  holds?: StreamHold[];
}): Promise<Response> {
  const live = database ?? (await getDatabase());
  const opened = head ? null : await readState(live, device, true);
  return eventStreamResponse({
    head,
    holds,
    signal,
    heartbeat: "event: ping\ndata: {}\n\n",
    cacheControl: "no-store, no-transform",
    open: async ({ send, isClosed }) => {
      let told: BoardEvent | null = null;
      let toldCode: string | null = null;
      let menuFollowed: number | null = null;
      let unfollowMenu: (() => void) | null = null;
      let release: (() => void) | null = null;

      const stopMenu = () => {
        unfollowMenu?.();
        unfollowMenu = null;
        menuFollowed = null;
      };
      const followMenu = async (menuId: number | null) => {
        if (menuId === menuFollowed && unfollowMenu) return;
        stopMenu();
        if (menuId === null) return;
        menuFollowed = menuId;
        const start = await menuStart(live, menuId);
        if (isClosed() || menuFollowed !== menuId) return;
        const stop = await followMenuVersion({
          database: live,
          menuId,
          viewerBusinessId: null,
          ...start,
          isClosed: () => isClosed() || menuFollowed !== menuId,
          onVersion: (version) => send(event("version", { version })),
          onGone: () => send(event("gone", {})),
        });
        if (isClosed() || menuFollowed !== menuId) stop();
        else unfollowMenu = stop;
      };

      /** Tells the state: the board (when it changed) and its menu's version, or the code. */
      const tell = async (state: DeviceState) => {
        if (isClosed()) return;
        if (state.board) {
          const now = boardEventOf(state.board);
          if (told?.id !== now.id) {
            release?.();
            release = holdBoard(live, now.id);
          }
          toldCode = null;
          if (!sameBoard(told, now)) send(event("board", now));
          told = now;
          await followMenu(now.menu_id);
        } else {
          if (told) send(event("unpaired", {}));
          told = null;
          release?.();
          release = null;
          stopMenu();
          const code = JSON.stringify({ code: state.code, expires_at: state.expiresAt?.toISOString() ?? null });
          if (code !== toldCode) send(`event: pairing\ndata: ${code}\n\n`);
          toldCode = code;
          return;
        }
      };

      // One step at a time, in order: reads of the state and the commands between them.
      let queue = Promise.resolve();
      const step = (work: () => Promise<void> | void) => {
        queue = queue.then(async () => {
          if (isClosed()) return;
          try {
            await work();
          } catch {
            // The database is away: the listener's flush when it is back reads the state again.
          }
        });
      };
      const again = () => step(async () => tell(await readState(live, device, false)));

      const unsubscribe = await subscribe((heard) => {
        if (heard.kind === "flush") return again();
        if (heard.kind !== "board" || heard.device_id !== device.id) return;
        if (heard.command === "reload" || heard.command === "identify") {
          const command = heard.command;
          step(() => {
            if (told && (heard.board_id === null || heard.board_id === told.id)) send(event(command, {}));
          });
        } else again();
      }, live);
      if (opened) step(() => tell(opened));
      // A command committed between the first read and the subscription is not lost: read once more.
      again();
      return () => {
        unsubscribe();
        stopMenu();
        release?.();
      };
    },
  });
}
