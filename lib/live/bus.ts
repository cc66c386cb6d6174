import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, type Db, getDatabase } from "@/lib/db/client";
import { processGlobal } from "@/lib/db/process-global";
import { errorFields, log } from "@/lib/server/log";

// What happens after a commit, in one place: the notifications sent at commit (by the database's
// triggers, migration 0009_live_menu_triggers, and by `notify` below: all through taproom_notify, migration
// 0032), heard by every app instance through one listening connection per instance (per open
// database), fanned out in the process to whatever subscribed: the read cache (lib/live/read-cache.ts), the SSE streams (lib/live/stream.ts, lib/menus/display-stream.ts) and the webhook
// worker (lib/webhooks/worker.ts). A write answers once its own instance has heard them (`settle`,
// called by the request wrapper), so the writer's next read here is current.
//
// While the listening connection is down, nothing a process keeps can be trusted: subscribers hear
// `flush` when it drops and again when it listens again, and `isListening()` is false in between.

/** A committed change to a menu's tree (one per menu and transaction); `id` is the change's row. */
export type MenuChanged = { kind: "change"; location_id: number; menu_id: number; version?: number; id: number };
/** A committed write to a table whose rows a process may cache (users, locations, businesses, …). */
export type RowsStale = {
  kind: "stale";
  table: string;
  location_id: number | null;
  business_id: number | null;
  id: number | null;
  user_id?: number | null;
};
/** A command to one paired board's TV (lib/boards/commands.ts): the board changed, reload, identify, unpaired. */
export type BoardCommand = {
  kind: "board";
  board_id: number | null;
  device_id: number;
  command: "board" | "reload" | "identify" | "unpaired";
};
/** What the application sends (`notify`): a new kind of event adds its type here, and subscribers hear it. Changes are `recordChange`'s (lib/live/changes.ts). */
export type Notified = BoardCommand;
export type LiveEvent = MenuChanged | RowsStale | Notified | { kind: "flush" };
export type Subscriber = (event: LiveEvent) => void;

/** A worker that follows the change feed wakes on a committed change, and on a flush (a test's barrier, a reconnect). */
export const wakesOnChange = (event: LiveEvent) => event.kind === "change" || event.kind === "flush";

/** The one channel. The database sends on it through `taproom_notify` (migration 0032), which names it too. */
export const CHANNEL = "taproom";

type Execute = { execute: Db["execute"] };

/**
 * Sends `event` to every instance's bus when `tx` commits (at once outside a transaction; never if it
 * rolls back): the one way TypeScript notifies. PostgreSQL folds identical notifications of one
 * transaction into one.
 */
export async function notify(tx: Execute, event: Notified | Barrier): Promise<void> {
  await tx.execute(sql`select taproom_notify(${JSON.stringify(event)}::json)`);
}

type Barrier = { kind: "barrier"; token: string };

type Bus = { subscribers: Set<Subscriber>; listening: boolean; started: Promise<void>; barriers: Map<string, () => void> };
// Per process (lib/db/process-global.ts), so an instance listens once.
const buses = processGlobal("live.buses", () => new WeakMap<Database, Bus>());

function deliver(bus: Bus, event: LiveEvent) {
  for (const subscriber of bus.subscribers) {
    try {
      subscriber(event);
    } catch (error) {
      log().error(errorFields(error), "A live-event subscriber failed");
    }
  }
}

function busOf(database: Database): Bus {
  let bus = buses.get(database);
  if (bus) return bus;
  const created: Bus = { subscribers: new Set(), listening: false, started: Promise.resolve(), barriers: new Map() };
  created.started = database
    .listen(CHANNEL, {
      message: (payload) => {
        let event: LiveEvent | Barrier;
        try {
          event = JSON.parse(payload) as LiveEvent | Barrier;
        } catch {
          return;
        }
        if (event.kind === "barrier") created.barriers.get(event.token)?.();
        else deliver(created, event);
      },
      state: (listening) => {
        created.listening = listening;
        deliver(created, { kind: "flush" });
      },
    })
    .then(() => {})
    .catch((error) => {
      // The first connection failed (database down at start): listenOver keeps trying on PostgreSQL.
      log().warn(errorFields(error), "Could not start listening for live events");
    });
  buses.set(database, created);
  bus = created;
  return bus;
}

/** Hears every live event of `database` (the app's own by default) until the answer is called. */
export async function subscribe(subscriber: Subscriber, database?: Database): Promise<() => void> {
  const bus = busOf(database ?? (await getDatabase()));
  bus.subscribers.add(subscriber);
  await bus.started;
  return () => bus.subscribers.delete(subscriber);
}

/** True while `database`'s listener is connected: only then may a process trust what it keeps. */
export function isListening(database: Database): boolean {
  return buses.get(database)?.listening ?? false;
}

/** Starts listening on `database` (idempotent); resolves once the first attempt is over. */
export function startListening(database: Database): Promise<void> {
  return busOf(database).started;
}

const SETTLE_TIMEOUT_MS = 2000;

/**
 * Resolves once this instance has heard, and handed to every subscriber, every notification committed
 * before the call: a NOTIFY of its own goes out after them, and PostgreSQL delivers a listener's
 * notifications in commit order. On a timeout the subscribers hear `flush` (drop what they keep).
 * It never fails: it runs after a write has committed (lib/http/handler.ts), and an error here would
 * answer that write 503, which a client takes as "not applied" and sends again. A barrier that cannot
 * be sent (the database went away after the commit) is a flush too.
 */
export async function settle(database?: Database): Promise<void> {
  const open = database ?? (await getDatabase());
  const bus = buses.get(open);
  if (!bus?.listening) return;
  const token = randomUUID();
  const heard = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    timer.unref?.();
    bus.barriers.set(token, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  try {
    await notify(open.db, { kind: "barrier", token });
    if (!(await heard)) deliver(bus, { kind: "flush" });
  } catch (error) {
    log().warn(errorFields(error), "Could not settle after a write; what this instance keeps is dropped instead");
    deliver(bus, { kind: "flush" });
  } finally {
    bus.barriers.delete(token);
  }
}
