import { and, desc, eq } from "drizzle-orm";
import { type Database, getDatabase } from "@/lib/db/client";
import { processGlobal } from "@/lib/db/process-global";
import { menuChanges } from "@/lib/db/schema";
import { errorFields, log } from "@/lib/server/log";
import { type ChangeResponse, cursorPattern } from "@/lib/live/schemas";
import { ApiError, invalid } from "@/lib/server/errors";
import type { locations } from "@/lib/db/schema";
import { type Coalesced, coalesce } from "@/lib/server/coalesce";
import { type LiveEvent, subscribe } from "./bus";
import { changesAfter, checkCursor, idOfCursor } from "./feed";

type Location = typeof locations.$inferSelect;

// Following a location's feed live, on every instance: the database's NOTIFY (lib/live/bus.ts) says a
// location has something new; one reader per location and instance fetches what follows the furthest
// behind of its followers, in cursor order, and hands each follower what it has not seen. A follower
// that joins catches up from its own cursor through the same reader, so nothing is skipped or sent
// twice. When the listening connection drops and comes back, every location is read again.

/** Hears a location's changes in cursor order, each once, from `afterId` on. */
export type Follower = { afterId: number; deliver: (changes: ChangeResponse[]) => void };

type Hub = { locationId: number; followers: Set<Follower>; reading: Coalesced };
type Hubs = { byLocation: Map<number, Hub>; unsubscribe: Promise<() => void> };

const BATCH = 500;
// Per process (lib/db/process-global.ts), so a location has one reader.
const hubsOf = processGlobal("live.hubs", () => new WeakMap<Database, Hubs>());

/** One pass: every follower of the hub gets the changes after its cursor; false when there is nothing to follow or the database is away. */
async function readForFollowers(database: Database, hub: Hub): Promise<boolean> {
  try {
    for (;;) {
      if (hub.followers.size === 0) return false;
      const afterId = Math.min(...[...hub.followers].map((follower) => follower.afterId));
      const changes = await changesAfter(database.db, { locationId: hub.locationId, afterId, limit: BATCH });
      if (changes.length === 0) return true;
      for (const follower of hub.followers) {
        const unseen = changes.filter((change) => change.id > follower.afterId);
        if (unseen.length === 0) continue;
        follower.afterId = unseen.at(-1)!.id;
        follower.deliver(unseen);
      }
      if (changes.length < BATCH) return true;
    }
  } catch (error) {
    // The database is away: the next notification, or the listener's flush when it is back, reads again.
    log().warn(errorFields(error), "Could not read the change feed for its followers");
    return false;
  }
}

function hubsFor(database: Database): Hubs {
  let hubs = hubsOf.get(database);
  if (hubs) return hubs;
  const byLocation = new Map<number, Hub>();
  const created: Hubs = {
    byLocation,
    unsubscribe: subscribe((event) => {
      if (event.kind === "change") {
        const hub = byLocation.get(event.location_id);
        if (hub) void hub.reading.run();
      } else if (event.kind === "flush") {
        for (const hub of byLocation.values()) void hub.reading.run();
      }
    }, database),
  };
  hubsOf.set(database, created);
  hubs = created;
  return hubs;
}

/** Follows a location's feed on this instance until the answer is called. */
export async function follow(locationId: number, follower: Follower, database?: Database): Promise<() => void> {
  const db = database ?? (await getDatabase());
  const hubs = hubsFor(db);
  await hubs.unsubscribe;
  let hub = hubs.byLocation.get(locationId);
  if (!hub) {
    const created: Hub = { locationId, followers: new Set(), reading: coalesce(() => readForFollowers(db, created)) };
    hub = created;
    hubs.byLocation.set(locationId, hub);
  }
  hub.followers.add(follower);
  void hub.reading.run();
  const joined = hub;
  return () => {
    joined.followers.delete(follower);
    if (joined.followers.size === 0 && hubs.byLocation.get(locationId) === joined) hubs.byLocation.delete(locationId);
  };
}

/** The id of the location's newest change (0 without any): where a stream without a cursor starts. */
export async function latestChangeId(database: Database, locationId: number): Promise<number> {
  const [row] = await database.db
    .select({ id: menuChanges.id })
    .from(menuChanges)
    .where(and(eq(menuChanges.locationId, locationId)))
    .orderBy(desc(menuChanges.id))
    .limit(1);
  return row?.id ?? 0;
}

const HEARTBEAT_MS = 20_000;
const encoder = new TextEncoder();

/** What a stream's opener writes to: an event or comment, or the end of the stream. */
export type EventChannel = { send: (text: string) => void; end: () => void; isClosed: () => boolean };

/** One count a stream is held against (its client address, its credential), with the most it may hold. */
export type StreamHold = { key: string; cap: number; what: string };

/**
 * The credentials a stream was opened with, watched while it is open: every notification that
 * `concerns` them (their user, session or business written on any instance) and every flush has
 * `stillAllowed` asked again; false ends the stream (issue 31 row 4).
 */
export type StreamWatch = { database: Database; concerns: (event: LiveEvent) => boolean; stillAllowed: () => Promise<boolean> };

// Streams open in this process, per hold key: the caps are what one instance spends on one client
// (memory, sockets), so each instance counts its own (decision 055).
const holds = processGlobal("live.stream-holds", () => new Map<string, number>());

/** Counts a new stream against each hold, or refuses it (429) when one is at its cap; answers the release. */
function hold(wanted: StreamHold[]): () => void {
  const full = wanted.find((entry) => (holds.get(entry.key) ?? 0) >= entry.cap);
  if (full) {
    throw new ApiError(
      "rate_limited",
      `${full.what} has ${full.cap} event streams open here, the most it may: close one before opening another.`,
      { headers: { "retry-after": "30" } },
    );
  }
  for (const entry of wanted) holds.set(entry.key, (holds.get(entry.key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const entry of wanted) {
      const left = (holds.get(entry.key) ?? 1) - 1;
      if (left <= 0) holds.delete(entry.key);
      else holds.set(entry.key, left);
    }
  };
}

/** Streams this process holds under a key (tests and the attack script read it through the figures). */
export const streamsHeld = (key: string) => holds.get(key) ?? 0;

/**
 * The one text/event-stream primitive every stream uses: `retry: 2000` and a comment that opens the
 * stream at once, `heartbeat` every 20 s, and everything released once (the opener's `stop`, the
 * timer, the holds, the watch) when the client goes (`signal`), the body is cancelled, the opener ends
 * it, or the credentials it was opened with stop being valid. A HEAD opens nothing. Over a hold's cap
 * the stream is refused before anything is opened: 429.
 */
export function eventStreamResponse({
  signal,
  heartbeat,
  cacheControl,
  open,
  head = false,
  holds: wanted = [],
  watch,
}: {
  signal: AbortSignal;
  heartbeat: string;
  cacheControl: string;
  open: (channel: EventChannel) => Promise<() => void>;
  /** A HEAD request: the stream's headers only, and nothing opened (no follower, no timer, nothing to leak). */
  head?: boolean;
  holds?: StreamHold[];
  watch?: StreamWatch;
}): Response {
  if (head) return new Response(null, { headers: streamHeaders(cacheControl) });
  // Gone before the stream opened: its abort already fired, so nothing would ever release it.
  if (signal.aborted) return new Response(null, { status: 204 });
  const release = hold(wanted);
  let stop: (() => void) | null = null;
  let unwatch: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    stop?.();
    unwatch?.();
    if (timer) clearInterval(timer);
    release();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const end = () => {
        close();
        try {
          controller.close();
        } catch {}
      };
      // Ask EventSource to come back quickly after a drop; the comment opens the stream at once.
      send("retry: 2000\n: connected\n\n");
      timer = setInterval(() => send(heartbeat), HEARTBEAT_MS);
      signal.addEventListener("abort", end);
      void open({ send, end, isClosed: () => closed }).then((unfollow) => {
        if (closed) unfollow();
        else stop = unfollow;
      });
      if (watch)
        void watchCredentials(watch, end).then((unsubscribe) => {
          if (closed) unsubscribe();
          else unwatch = unsubscribe;
        });
    },
    cancel() {
      close();
    },
  });
  return new Response(body, { headers: streamHeaders(cacheControl) });
}

/**
 * Ends the stream once its credentials stop being valid: asked again after each notification about
 * them has reached every subscriber (the read model has dropped what it kept), one check at a time.
 * A check that cannot reach the database keeps the stream; the flush that follows asks again.
 */
async function watchCredentials(watch: StreamWatch, end: () => void): Promise<() => void> {
  let checking = false;
  let again = false;
  const check = () => {
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    setImmediate(async () => {
      try {
        do {
          again = false;
          if (!(await watch.stillAllowed())) return end();
        } while (again);
      } catch (error) {
        log().warn(errorFields(error), "Could not check a stream's credentials again");
      } finally {
        checking = false;
      }
    });
  };
  return subscribe((event) => {
    if (event.kind === "flush" || watch.concerns(event)) check();
  }, watch.database);
}

const streamHeaders = (cacheControl: string) => ({
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: compression would hold events back until a buffer fills.
  "cache-control": cacheControl,
  "x-accel-buffering": "no",
});

/**
 * A text/event-stream of the location's changes after `afterId`: `id: <cursor>`, `event: <type>`,
 * `data: <Change JSON>`, a comment line every 20 s, until the client goes (`signal`).
 */
export function changeEventStream({
  locationId,
  afterId,
  signal,
  database,
  head = false,
  holds: wanted,
  watch,
}: {
  locationId: number;
  afterId: number;
  signal: AbortSignal;
  database?: Database;
  head?: boolean;
  holds?: StreamHold[];
  watch?: StreamWatch;
}): Response {
  return eventStreamResponse({
    head,
    holds: wanted,
    watch,
    signal,
    heartbeat: ": keep-alive\n\n",
    cacheControl: "no-cache, no-transform",
    open: ({ send }) =>
      follow(
        locationId,
        {
          afterId,
          deliver: (changes) => {
            for (const change of changes) send(`id: ${change.cursor}\nevent: ${change.type}\ndata: ${JSON.stringify(change)}\n\n`);
          },
        },
        database,
      ),
  });
}

/**
 * GET /locations/:id/changes/stream: after the cursor the client names (Last-Event-ID, else `since`),
 * else from now on. A malformed Last-Event-ID is 422, an expired one 410, like the paged feed.
 */
export async function openChangeStream({
  location,
  cursor,
  signal,
  head = false,
  holds: wanted,
  watch,
}: {
  location: Location;
  cursor: string | undefined;
  signal: AbortSignal;
  head?: boolean;
  holds?: StreamHold[];
  /** The caller's credentials to watch (the database is this instance's). */
  watch?: Omit<StreamWatch, "database">;
}) {
  const database = await getDatabase();
  let afterId: number;
  if (cursor === undefined || cursor === "") afterId = await latestChangeId(database, location.id);
  else {
    if (!cursorPattern.test(cursor)) {
      throw invalid([{ path: "Last-Event-ID", message: "must be a cursor from this feed (an event's id)" }]);
    }
    afterId = idOfCursor(cursor);
    checkCursor(location, afterId);
  }
  return changeEventStream({
    locationId: location.id,
    afterId,
    signal,
    database,
    head,
    holds: wanted,
    watch: watch && { ...watch, database },
  });
}
