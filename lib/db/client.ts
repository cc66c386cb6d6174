import path from "node:path";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ClientConfig } from "pg";
import { env } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";
import * as schema from "./schema";
import { statementCounter } from "./statement-count";
import { stampTransaction } from "./actor";
import { isTransactionConflict } from "./errors";

export type Schema = typeof schema;
/** A database or a transaction: every data function takes one of these first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** What a listener hears: a notification's payload, or that it is listening again or no longer. */
export type Listener = { message: (payload: string) => void; state: (listening: boolean) => void };

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /**
   * LISTENs on `channel` for as long as the database is open: on PostgreSQL over a connection of its
   * own, opened again (with `state(false)`, then `state(true)`) whenever it drops; on PGlite in the
   * one process, which hears its own NOTIFYs. Answers a function that stops listening.
   */
  listen: (channel: string, listener: Listener) => Promise<() => Promise<void>>;
  /**
   * PGlite only: the data directory as a gzipped tarball, taken between two transactions (no
   * transaction is half-way in it) after a checkpoint. PostgreSQL has pg_dump (README).
   */
  dumpDataDir?: () => Promise<Blob>;
};

/**
 * Makes every top-level transaction of `db` start by naming who writes (lib/db/actor.ts), for the
 * menus' change records. A write to a menu's tree therefore runs in `db.transaction` (a single
 * UPDATE too), or its change is the system's.
 */
/** How many times a top-level transaction runs when the database keeps choosing it as a deadlock's victim. */
const CONFLICT_ATTEMPTS = 3;

function stampingTransactions(db: Db): Db {
  const open = db.transaction.bind(db);
  // A transaction the database rolled back as a deadlock's victim (or a serialization failure) left
  // nothing behind: it runs again, so two writes that lock rows in different orders (a revert and a
  // move shifting a list) both succeed instead of one answering 500.
  db.transaction = (async (run, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await open(async (tx) => {
          await stampTransaction(tx);
          return run(tx);
        }, config);
      } catch (error) {
        if (attempt >= CONFLICT_ATTEMPTS || !isTransactionConflict(error)) throw error;
      }
    }
  }) as Db["transaction"];
  return db;
}

export const migrationsFolder = path.resolve(process.cwd(), "lib/db/migrations");

// Serialises start-up across app instances sharing one PostgreSQL server.
const MIGRATION_LOCK = 727_101;

/**
 * The embedded database's postgresql.conf (decision 069). PGlite writes the file it is given over the
 * data directory's own at every start, so this holds what initdb wrote there, with one change:
 * shared_buffers. PGlite's default, initdb's 128 MB, lives in the process's WebAssembly memory, which
 * is touched page by page as the database is read and never given back: on a small server it became
 * most of the app's resident memory. A venue's data is a few megabytes and the files stay in the
 * operating system's cache, so EMBEDDED_SHARED_BUFFERS_MB (16 by default) is plenty.
 */
export function pgliteConf(sharedBuffersMb: number): string {
  return [
    "max_connections = 100",
    `shared_buffers = ${sharedBuffersMb}MB`,
    "dynamic_shared_memory_type = posix",
    "max_wal_size = 1GB",
    "min_wal_size = 80MB",
    "log_timezone = UTC",
    "datestyle = 'iso, mdy'",
    "timezone = UTC",
    "lc_messages = C",
    "lc_monetary = C",
    "lc_numeric = C",
    "lc_time = C",
    "default_text_search_config = 'pg_catalog.english'",
  ].join("\n");
}

/**
 * Every PGlite the app opens: with the contrib extensions its migrations create (pg_trgm, 0021; fuzzystrmatch, 0029), which
 * PGlite only finds when they are loaded with the instance, and pgliteConf's settings.
 */
export async function createPglite(options: { dataDir: string; loadDataDir?: Blob }) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { fuzzystrmatch } = await import("@electric-sql/pglite/contrib/fuzzystrmatch");
  return PGlite.create({
    ...options,
    extensions: { pg_trgm, fuzzystrmatch },
    postgresqlconf: pgliteConf(env().EMBEDDED_SHARED_BUFFERS_MB),
  });
}

/** `migrations`: the folder to migrate from (tests build a database as an older release left it). */
export async function openPglite(dataDir: string, migrations = migrationsFolder, loadDataDir?: Blob): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  // `loadDataDir`: a tarball of dumpDataDir's, unpacked into the (empty) directory first (lib/backup).
  const client = await createPglite({ dataDir, loadDataDir });
  const db = drizzle({ client, schema, logger: statementCounter });
  await migrate(db, { migrationsFolder: migrations });
  const listen = async (channel: string, listener: Listener) => {
    const stop = await client.listen(channel, listener.message);
    listener.state(true);
    return async () => {
      listener.state(false);
      await stop().catch(() => {});
    };
  };
  const dumpDataDir = () => dumpPglite(client);
  return { db: stampingTransactions(db as unknown as Db), kind: "pglite", close: () => client.close(), listen, dumpDataDir };
}

/**
 * A PGlite's data directory as a gzipped tarball. PGlite's own dump runs between queries; inside
 * transaction(), which queues behind every transaction in flight, it also runs between transactions.
 */
export async function dumpPglite(client: import("@electric-sql/pglite").PGlite): Promise<Blob> {
  await client.exec("CHECKPOINT");
  return client.transaction(() => client.dumpDataDir("gzip"));
}

/**
 * How long a new connection may take to open (`connectMs`: a server that does not answer is 503 after
 * it) and how long a request waits for one of the pool's connections when all are busy (`waitMs`, 0:
 * as long as it takes). Apart, because pg-pool times both with one setting: a request waiting its
 * turn under load was failed as if the server were away. Decision 073.
 */
export type PoolTimes = { connectMs: number; waitMs: number };
export const POOL_TIMES: PoolTimes = { connectMs: 5000, waitMs: 30_000 };

export async function openPostgres(url: string, poolSize = 10, migrations = migrationsFolder, times = POOL_TIMES): Promise<Database> {
  const { Client, Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // The pool's own timer is the wait for a free connection; each connection's handshake keeps its own.
  class TimedClient extends Client {
    constructor(config: ClientConfig = {}) {
      super({ ...config, connectionTimeoutMillis: times.connectMs });
    }
  }
  const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: times.waitMs, Client: TimedClient });
  // An idle connection can die (server restart, failover); without a listener that crashes the process.
  pool.on("error", (error) => log().warn(errorFields(error), "PostgreSQL dropped an idle connection"));
  const db = drizzle({ client: pool, schema, logger: statementCounter });
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: migrations });
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
  let listening: (() => Promise<void>)[] = [];
  const listen = async (channel: string, listener: Listener) => {
    const stop = await listenOver(url, channel, listener);
    listening.push(stop);
    return stop;
  };
  const close = async () => {
    await Promise.all(listening.map((stop) => stop()));
    listening = [];
    await pool.end();
  };
  return { db: stampingTransactions(db as unknown as Db), kind: "postgres", close, listen };
}

/**
 * LISTEN over a dedicated connection, opened again after a second whenever it drops (a server restart,
 * a network cut): the listener hears `state(false)` at once and `state(true)` once it listens again, so
 * it can drop whatever the notifications it missed meanwhile would have made stale.
 */
async function listenOver(url: string, channel: string, listener: Listener): Promise<() => Promise<void>> {
  const { Client } = await import("pg");
  let stopped = false;
  let client: InstanceType<typeof Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    retry = null;
    if (stopped) return;
    const next = new Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.end().catch(() => {});
      listener.state(false);
      if (!stopped) {
        if (error) log().warn(errorFields(error), "The notification listener lost its connection; listening again in 1 s");
        retry = setTimeout(connect, 1000);
      }
    };
    next.on("error", drop);
    next.on("end", () => drop());
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) listener.message(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      if (stopped) await next.end();
      else listener.state(true);
    } catch (error) {
      drop(error as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    if (current) {
      listener.state(false);
      await current.end().catch(() => {});
    }
  };
}

/** Opens the configured database (DATABASE_URL, else PGlite under DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(): Promise<Database> {
  const settings = env();
  if (settings.DATABASE_URL) return openPostgres(settings.DATABASE_URL, settings.DATABASE_POOL_SIZE);
  const dir = embeddedDataDir();
  const database = await openPglite(dir);
  // Says that this process holds the directory, and where it answers (lib/backup: backups ask it).
  const marker = runningMarker(dir);
  writeFileSync(marker, JSON.stringify({ pid: process.pid, url: settings.APP_URL ?? `http://127.0.0.1:${settings.PORT}` }));
  const close = database.close;
  return {
    ...database,
    close: async () => {
      rmSync(marker, { force: true });
      await close();
    },
  };
}

/** The embedded database's directory: DATA_DIR/pglite. */
export const embeddedDataDir = () => path.resolve(env().DATA_DIR, "pglite");
/** The file a running app keeps next to its embedded database: `{pid, url}`. */
export const runningMarker = (dataDir: string) => `${dataDir}.running.json`;

// One database per process. Kept on globalThis because Next.js may evaluate this module once per
// route bundle, and two PGlite instances on one data directory would corrupt it.
// `opened` holds the same database once it is open, for the request path's synchronous reads (no
// promise to await per request: lib/http/handler.ts).
const slot = Symbol.for("taproom.database");
const opened = Symbol.for("taproom.database.opened");
type Slot = { [slot]?: Promise<Database>; [opened]?: Database };

export function getDatabase(): Promise<Database> {
  const holder = globalThis as Slot;
  if (!holder[slot]) {
    const opening = openConfiguredDatabase().then(
      (database) => {
        if (holder[slot] === opening) holder[opened] = database;
        return database;
      },
      (error) => {
        delete holder[slot];
        throw error;
      },
    );
    holder[slot] = opening;
  }
  return holder[slot];
}

/** The app's database when it is open, else undefined (then `getDatabase()` opens it). */
export function openedDatabase(): Database | undefined {
  return (globalThis as Slot)[opened];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Tests install their own fresh database before calling handlers. */
export function installDatabase(database: Database) {
  (globalThis as Slot)[slot] = Promise.resolve(database);
  (globalThis as Slot)[opened] = database;
}

export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
