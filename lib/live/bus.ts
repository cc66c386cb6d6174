import { type Database, getDatabase } from "@/lib/db/client";
import { processGlobal } from "@/lib/db/process-global";
import { errorFields, log } from "@/lib/log";

// The notifications the database sends at commit (migration 0009_live_menu_triggers), heard by every
// app instance: one listening connection per instance (per open database), fanned out in the process
// to whatever keeps state derived from the database (caches, SSE streams, the webhook worker).
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
export type LiveEvent = MenuChanged | RowsStale | { kind: "flush" };
export type Subscriber = (event: LiveEvent) => void;

const CHANNEL = "taproom";

type Bus = { subscribers: Set<Subscriber>; listening: boolean; started: Promise<void> };
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
  const created: Bus = { subscribers: new Set(), listening: false, started: Promise.resolve() };
  created.started = database
    .listen(CHANNEL, {
      message: (payload) => {
        let event: LiveEvent;
        try {
          event = JSON.parse(payload) as LiveEvent;
        } catch {
          return;
        }
        deliver(created, event);
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
