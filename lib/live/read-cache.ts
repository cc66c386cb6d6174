import { getDatabase, openedDatabase, type Database } from "@/lib/db/client";
import { processGlobal } from "@/lib/db/process-global";
import { isListening, type LiveEvent, type RowsStale, subscribe } from "@/lib/live/bus";
import { env } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";
import { defaultCacheMb } from "@/lib/server/memory-budget";

// The read model's memory (ARCHITECTURE.md, "A v1 request"; decision 006): answers and callers kept per database
// handle (one per app instance), dropped by the notifications every instance hears at commit
// (lib/live/bus.ts). Exact, not eventually right:
//
// * nothing is served or kept while the listener is down (`isListening` false), and everything is
//   dropped on `flush` (the listener dropped, or is back: notifications may have been missed);
// * a fill that was running when any notification arrived is answered but not kept (`generation`),
//   so a read that raced a commit never stays behind it;
// * a write on this instance waits, before it answers, until this instance has heard its own
//   notifications (`settle` in lib/live/bus.ts), so the caller's next read here sees it.
//
// Bounded: entries are kept in least-recently-used order under a byte budget.

/** What a stale notification of these tables makes stale here (by tag); other tables are not read here. */
const STALE_TAGS: Record<string, (event: RowsStale) => string[]> = {
  users: (event) => [`user:${event.id}`],
  // A session signed out or ended: the user's kept sessions and callers (a few; they refill at once).
  browser_sessions: (event) => [`user:${event.user_id}`],
  businesses: (event) => [`business:${event.id}`],
  locations: (event) => [`location:${event.id}`],
  events: (event) => [`events:${event.location_id}`],
  hours: (event) => [`hours:${event.location_id}`],
  special_hours: (event) => [`hours:${event.location_id}`],
  container_sizes: () => ["container_sizes"],
  // An integration key revoked or changed (its last use is not notified).
  api_keys: (event) => [`api_key:${event.id}`],
};

/** The tags a notification makes stale, `all` for everything, or null when it concerns nothing kept. */
export function staleTags(event: LiveEvent): string[] | "all" | null {
  if (event.kind === "flush") return "all";
  if (event.kind === "change") return [`menu:${event.menu_id}`, `menus:${event.location_id}`, `location:${event.location_id}`];
  if (event.kind === "stale") return STALE_TAGS[event.table]?.(event) ?? null;
  return null;
}

type Entry = { value: unknown; bytes: number; tags: string[] };
/** What a fill hands back: the value, what it weighs, and the tags whose notifications make it stale. */
export type Filled<T> = { value: T; bytes: number; tags: string[]; transient?: boolean };

export class ReadCache {
  private entries = new Map<string, Entry>();
  private byTag = new Map<string, Set<string>>();
  private inFlight = new Map<string, { generation: number; promise: Promise<unknown> }>();
  private bytes = 0;
  /** Raised by every notification: a fill that started before it is not kept. */
  generation = 0;
  /** Hits and misses since start (the benchmark prints them). */
  stats = { hits: 0, misses: 0, evictions: 0 };

  constructor(
    readonly database: Database,
    private budget: number,
  ) {}

  /** Only while the listener is connected may anything kept be trusted. */
  get usable(): boolean {
    return isListening(this.database);
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  hear(event: LiveEvent) {
    const tags = staleTags(event);
    if (tags === null) return;
    this.generation++;
    if (tags === "all") return this.clear();
    for (const tag of tags) {
      for (const key of this.byTag.get(tag) ?? []) this.delete(key);
    }
  }

  clear() {
    this.entries.clear();
    this.byTag.clear();
    this.bytes = 0;
  }

  /** The value kept under `key`, if any (and only while usable). */
  get<T>(key: string): T | undefined {
    if (!this.usable) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Least recently used first: a hit moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  /**
   * The value under `key`, or `load()`'s, kept when no notification arrived while it ran. Requests that
   * ask for the same key meanwhile share one load (unless a notification came between). `since`: the
   * generation read before whatever the load depends on was looked up (default: now). A kept value is
   * returned as it is, not in a promise: the polled reads await several of these per request.
   */
  remember<T>(key: string, load: () => Promise<Filled<T>>, since = this.generation): T | Promise<T> {
    const kept = this.get<T>(key);
    if (kept !== undefined) {
      this.stats.hits++;
      return kept;
    }
    this.stats.misses++;
    if (!this.usable) return load().then((filled) => filled.value);
    const running = this.inFlight.get(key);
    if (running && running.generation === since && since === this.generation) return running.promise as Promise<T>;
    const promise = load()
      .then((filled) => {
        if (!filled.transient) this.keep(key, filled, since);
        return filled.value;
      })
      .finally(() => {
        if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, { generation: since, promise });
    return promise;
  }

  /** Keeps `value` (when still current: `generation` is the one read before loading it). */
  keep(key: string, filled: Filled<unknown>, generation: number) {
    if (this.generation === generation && this.usable) this.set(key, filled);
  }

  private set(key: string, { value, bytes, tags }: Filled<unknown>) {
    if (bytes > this.budget / 4) return; // one answer may not push out most of the rest
    this.delete(key);
    this.entries.set(key, { value, bytes, tags });
    this.bytes += bytes;
    for (const tag of tags) {
      const keys = this.byTag.get(tag) ?? new Set<string>();
      this.byTag.set(tag, keys);
      keys.add(key);
    }
    this.evict();
  }

  private evict() {
    while (this.bytes > this.budget && this.entries.size > 0) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
      this.stats.evictions++;
    }
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

// Per process (lib/db/process-global.ts): one cache per instance, not one per route bundle.
const caches = processGlobal("read-model.caches", () => new WeakMap<Database, Promise<ReadCache>>());

/** The caches whose subscription is settled, for the request path's synchronous reads (`readCacheNow`). */
const readyCaches = processGlobal("read-model.ready", () => new WeakMap<Database, ReadCache>());

/** The read cache of `database` (the app's own by default), listening from its first use. */
export function readCacheOf(database: Database): Promise<ReadCache> {
  let cache = caches.get(database);
  if (!cache) {
    const created = new ReadCache(database, budgetBytes());
    cache = subscribe((event) => created.hear(event), database)
      .then(() => created)
      .catch((error) => {
        log().warn(errorFields(error), "The read model could not subscribe to live events; reads go to the database");
        return created;
      })
      .then((ready) => {
        readyCaches.set(database, ready);
        return ready;
      });
    caches.set(database, cache);
  }
  return cache;
}

/** The read cache of the app's database. */
export async function readCache(): Promise<ReadCache> {
  return readCacheNow() ?? readCacheOf(await getDatabase());
}

/**
 * The read cache of the app's database without waiting, once the database is open and the cache
 * listening; else undefined (then `readCache()`). A request that finds all it needs here awaits nothing.
 */
export function readCacheNow(): ReadCache | undefined {
  const database = openedDatabase();
  return database && readyCaches.get(database);
}

/** `use` with the app's read cache: at once when it is ready (then a kept answer awaits nothing), else once it is. */
export function withReadCache<T>(use: (cache: ReadCache) => T | Promise<T>): T | Promise<T> {
  const ready = readCacheNow();
  return ready ? use(ready) : readCache().then(use);
}

/** `then` for what `remember` answers: on a kept value at once, on a loading one once it has loaded. */
export function whenKept<T, U>(value: T | Promise<T>, use: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(use) : use(value);
}

/** READ_CACHE_MB (lib/server/env.ts), else the process's default share (lib/server/memory-budget.ts). */
function budgetBytes(): number {
  return (env().READ_CACHE_MB ?? defaultCacheMb()) * 1024 * 1024;
}

/** For the benchmark and soak: what the read model holds. */
export async function readCacheStats() {
  const cache = await readCache();
  return { ...cache.stats, ...cache.size };
}
