import { type Database, getDatabase } from "@/lib/db/client";
import type { Db } from "@/lib/db/client";
import { type BoardMenuRow, boardMenuRow, locationArchived, visibleOnBoard } from "@/lib/menus/board";
import { type LiveEvent, subscribe } from "../live/bus";
import { eventStreamResponse, follow, latestChangeId } from "../live/stream";

// The public board's stream (live-menus §5): GET /preview/menus/:menuId/stream. It follows the menu's
// location like the authenticated stream (lib/live/stream.ts: NOTIFY from any instance, one reader per
// location and instance) but tells a guest only that its own menu has a new version: `event: version`,
// `data: {"version":N}`. No cursor, type, actor or summary leaves it, and nothing about other menus.
// It sends the current version first, so a board that reconnects learns at once whether it missed one,
// and `event: ping` every 20 s, so a board notices a connection that died without a word.
// When the menu is unpublished (for a guest) or deleted, or its location archived, it sends `event: gone`
// and ends.

// Every board of a menu on an instance hears the same change: the menu's row is read once per change.
const readBy = new WeakMap<Db, Map<string, Promise<BoardMenuRow | null>>>();
const KEEP_READS = 200;

function rowAfter(db: Db, menuId: number, changeId: number): Promise<BoardMenuRow | null> {
  let reads = readBy.get(db);
  if (!reads) {
    reads = new Map();
    readBy.set(db, reads);
  }
  const key = `${menuId}:${changeId}`;
  let read = reads.get(key);
  if (!read) {
    read = boardMenuRow(db, menuId);
    reads.set(key, read);
    // A failed read is not kept: the next board (or change) asks again.
    read.catch(() => reads.delete(key));
    if (reads.size > KEEP_READS) reads.delete(reads.keys().next().value!);
  }
  return read;
}

// Every board of a location on an instance hears the same notification of a write to its row (the bus
// hands each subscriber the same event): one read per notification, started after it arrived.
const archivedReads = new WeakMap<LiveEvent, Promise<boolean>>();

function archivedAfter(db: Db, locationId: number, event: LiveEvent | null): Promise<boolean> {
  let read = event && archivedReads.get(event);
  if (!read) {
    read = locationArchived(db, locationId);
    // Awaited in the stream's order, maybe later: a failure is handled there, not reported as unhandled.
    read.catch(() => {});
    if (event) archivedReads.set(event, read);
  }
  return read;
}

/** The board's text/event-stream for the viewer, or null when the viewer may not see the menu (404). */
export async function openBoardStream({
  menuId,
  viewerBusinessId,
  signal,
  database,
}: {
  menuId: number;
  viewerBusinessId: number | null;
  signal: AbortSignal;
  database?: Database;
}): Promise<Response | null> {
  const live = database ?? (await getDatabase());
  const opened = await boardMenuRow(live.db, menuId);
  if (!visibleOnBoard(opened, viewerBusinessId)) return null;
  // The feed's position first, then the version: a change committed in between is told twice (the
  // same number, which the board ignores), never missed.
  const afterId = await latestChangeId(live, opened.locationId);
  const current = await boardMenuRow(live.db, menuId);
  if (!visibleOnBoard(current, viewerBusinessId)) return null;

  let sent = 0;
  return eventStreamResponse({
    signal,
    // An event, not a comment: a board hears it and knows its connection is alive (a silent drop is not).
    heartbeat: "event: ping\ndata: {}\n\n",
    cacheControl: "no-store, no-transform",
    open: async ({ send, end, isClosed }) => {
      const tell = (version: number) => {
        if (version === sent) return;
        sent = version;
        send(`event: version\ndata: ${JSON.stringify({ version })}\n\n`);
      };
      tell(current.version);
      // One check at a time, in order: each reads the menu after the newest change it was handed.
      let checking = Promise.resolve();
      const gone = () => {
        send("event: gone\ndata: {}\n\n");
        end();
      };
      // Archiving is no menu change: the location's row is watched too (a write to it notifies `stale`),
      // and read once more after subscribing, for an archive that committed while the stream opened.
      const checkArchived = (event: LiveEvent | null) => {
        const read = archivedAfter(live.db, opened.locationId, event);
        checking = checking.then(async () => {
          if (isClosed()) return;
          try {
            if (await read) gone();
          } catch {
            // the database is away: the next write to the location, or the board's reconnection, asks again
          }
        });
      };
      const unsubscribe = await subscribe((event) => {
        const mine = event.kind === "stale" && event.table === "locations" && event.id === opened.locationId;
        if (mine || event.kind === "flush") checkArchived(event);
      }, live);
      checkArchived(null);
      const unfollow = await follow(
        opened.locationId,
        {
          afterId,
          deliver: (changes) => {
            const mine = changes.filter((change) => change.menu_id === menuId);
            const last = mine.at(-1);
            if (!last) return;
            checking = checking.then(async () => {
              if (isClosed()) return;
              let row: BoardMenuRow | null;
              try {
                row = await rowAfter(live.db, menuId, last.id);
              } catch {
                return; // the database is away: the next change, or the board's reconnection, tells it
              }
              if (!visibleOnBoard(row, viewerBusinessId)) {
                gone();
                return;
              }
              tell(Math.max(row.version, last.version));
            });
          },
        },
        live,
      );
      return () => {
        unsubscribe();
        unfollow();
      };
    },
  });
}
