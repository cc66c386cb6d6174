import { type Database, getDatabase } from "@/lib/db/client";
import type { Db } from "@/lib/db/client";
import { type DisplayMenuRow, displayMenuRow, visibleOnDisplay } from "@/lib/menus/display";
import { type LiveEvent, subscribe } from "../live/bus";
import { eventStreamResponse, follow, latestChangeId, type StreamHold, type StreamWatch } from "../live/stream";

// The menu display's stream (live-menus §5): GET /preview/menus/:menuId/stream. It follows the menu's
// location like the authenticated stream (lib/live/stream.ts: NOTIFY from any instance, one reader per
// location and instance) but tells a guest only that its own menu has a new version: `event: version`,
// `data: {"version":N}`. No cursor, type, actor or summary leaves it, and nothing about other menus.
// It sends the current version first, so a board that reconnects learns at once whether it missed one,
// and `event: ping` every 20 s, so a board notices a connection that died without a word.
// When the menu stops being visible to the viewer (unpublished for a guest, deleted, its location
// archived) it sends `event: gone` and keeps following: when it is visible again (published, the
// location restored) it tells the version, so a TV comes back by itself within the stream's delay.
// A board opened on a menu the viewer may not see (a draft, a missing menu) waits the same way, telling
// nothing; so that a draft and a missing menu look alike from outside, a stream that has told nothing
// ends after WAITING_MS (EventSource comes back by itself and asks again).

const WAITING_MS = 10 * 60_000;

// Every board of a menu on an instance hears the same change: the menu's row is read once per change.
const readBy = new WeakMap<Db, Map<string, Promise<DisplayMenuRow | null>>>();
const KEEP_READS = 200;

function rowAfter(db: Db, menuId: number, changeId: number): Promise<DisplayMenuRow | null> {
  let reads = readBy.get(db);
  if (!reads) {
    reads = new Map();
    readBy.set(db, reads);
  }
  const key = `${menuId}:${changeId}`;
  let read = reads.get(key);
  if (!read) {
    read = displayMenuRow(db, menuId);
    reads.set(key, read);
    // A failed read is not kept: the next board (or change) asks again.
    read.catch(() => reads.delete(key));
    if (reads.size > KEEP_READS) reads.delete(reads.keys().next().value!);
  }
  return read;
}

// Every board of a menu on an instance hears the same notification of a write to its location's row
// (the bus hands each subscriber the same event): one read per notification and menu, started after it
// arrived.
const rowReads = new WeakMap<LiveEvent, Map<number, Promise<DisplayMenuRow | null>>>();

function rowOn(db: Db, menuId: number, event: LiveEvent | null): Promise<DisplayMenuRow | null> {
  let reads = event ? rowReads.get(event) : undefined;
  if (event && !reads) {
    reads = new Map();
    rowReads.set(event, reads);
  }
  let read = reads?.get(menuId);
  if (!read) {
    read = displayMenuRow(db, menuId);
    // Awaited in the stream's order, maybe later: a failure is handled there, not reported as unhandled.
    read.catch(() => {});
    reads?.set(menuId, read);
  }
  return read;
}

/** The board's text/event-stream for the viewer (waiting, telling nothing, while the viewer may not see the menu). */
export async function openDisplayStream({
  menuId,
  viewerBusinessId,
  signal,
  database,
  waitingMs = WAITING_MS,
  head = false,
  holds,
  watch,
}: {
  menuId: number;
  viewerBusinessId: number | null;
  signal: AbortSignal;
  database?: Database;
  waitingMs?: number;
  /** A HEAD request: the headers only, nothing followed (issue 31 row 1). */
  head?: boolean;
  holds?: StreamHold[];
  /** A dashboard viewer's session, watched: the stream ends with it (the database is this instance's). */
  watch?: Omit<StreamWatch, "database">;
}): Promise<Response> {
  const live = database ?? (await getDatabase());
  const { opened, afterId, current } = await menuStart(live, menuId);

  let told = false;
  return eventStreamResponse({
    head,
    holds,
    watch: watch && { ...watch, database: live },
    signal,
    // An event, not a comment: a board hears it and knows its connection is alive (a silent drop is not).
    heartbeat: "event: ping\ndata: {}\n\n",
    cacheControl: "no-store, no-transform",
    open: async ({ send, end, isClosed }) => {
      const waiting = setTimeout(() => {
        if (!told) end();
      }, waitingMs);
      const stop = await followMenuVersion({
        database: live,
        menuId,
        viewerBusinessId,
        opened,
        afterId,
        current,
        isClosed,
        onVersion: (version) => {
          told = true;
          send(`event: version\ndata: ${JSON.stringify({ version })}\n\n`);
        },
        onGone: () => send("event: gone\ndata: {}\n\n"),
        onVisible: () => {
          told = true;
        },
      });
      return () => {
        clearTimeout(waiting);
        stop();
      };
    },
  });
}

/** Where a menu's follower starts: the menu as it was read, and the feed's position read before it. */
export async function menuStart(
  live: Database,
  menuId: number,
): Promise<{ opened: DisplayMenuRow | null; afterId: number; current: DisplayMenuRow | null }> {
  const opened = await displayMenuRow(live.db, menuId);
  // The feed's position first, then the version: a change committed in between is told twice (the
  // same number, which the board ignores), never missed.
  const afterId = opened ? await latestChangeId(live, opened.locationId) : 0;
  const current = opened ? await displayMenuRow(live.db, menuId) : null;
  return { opened, afterId, current };
}

/**
 * Follows what the viewer may see of one menu, on this instance, until the answer is called: its
 * version when it changes (`onVersion`, each number once, the current one first), `onGone` once when it
 * stops being visible, `onVisible` each time it is seen visible. The board's stream and the board
 * devices' streams (lib/boards/device-stream.ts) share it.
 */
export async function followMenuVersion({
  database: live,
  menuId,
  viewerBusinessId,
  opened,
  afterId,
  current,
  isClosed,
  onVersion,
  onGone,
  onVisible,
}: {
  database: Database;
  menuId: number;
  viewerBusinessId: number | null;
  opened: DisplayMenuRow | null;
  afterId: number;
  current: DisplayMenuRow | null;
  isClosed: () => boolean;
  onVersion: (version: number) => void;
  onGone: () => void;
  onVisible?: () => void;
}): Promise<() => void> {
  let sent = 0;
  /** Tells what the viewer may see of the menu as `row` has it: its version, or `gone` once. */
  const show = (row: DisplayMenuRow | null, version = row?.version ?? 0) => {
    if (visibleOnDisplay(row, viewerBusinessId)) {
      onVisible?.();
      if (version === sent) return;
      sent = version;
      onVersion(version);
    } else if (sent !== 0) {
      sent = 0;
      onGone();
    }
  };
  show(current);
  if (!opened) return () => {};
  // One check at a time, in order: each reads the menu after the newest change it was handed.
  let checking = Promise.resolve();
  const check = (read: () => Promise<DisplayMenuRow | null>, version?: (row: DisplayMenuRow) => number) => {
    checking = checking.then(async () => {
      if (isClosed()) return;
      try {
        const row = await read();
        show(row, row && version ? version(row) : row?.version);
      } catch {
        // the database is away: the next change, or the board's reconnection, asks again
      }
    });
  };
  // Archiving is no menu change: the location's row is watched too (a write to it notifies `stale`),
  // and read once more after subscribing, for an archive that committed while the stream opened.
  const unsubscribe = await subscribe((event) => {
    const mine = event.kind === "stale" && event.table === "locations" && event.id === opened.locationId;
    if (mine || event.kind === "flush") check(() => rowOn(live.db, menuId, event));
  }, live);
  check(() => rowOn(live.db, menuId, null));
  const unfollow = await follow(
    opened.locationId,
    {
      afterId,
      deliver: (changes) => {
        const last = changes.filter((change) => change.menu_id === menuId).at(-1);
        if (last)
          check(
            () => rowAfter(live.db, menuId, last.id),
            (row) => Math.max(row.version, last.version),
          );
      },
    },
    live,
  );
  return () => {
    unsubscribe();
    unfollow();
  };
}
