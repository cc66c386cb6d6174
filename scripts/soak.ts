/**
 * npm run soak — a long mixed read/write load against one instance on PostgreSQL, with the database
 * stopped and started again in the middle.
 *
 * By default it brings its own PostgreSQL: a throwaway cluster (initdb into a temporary folder, as the
 * `postgres` user when run as root) on a free port, stopped with `pg_ctl stop -m fast` for the outage,
 * started again, and removed at the end. No other server is touched. SOAK_DATABASE_URL names another
 * server instead; then SOAK_STOP and SOAK_START, the commands that stop and start it, are required, and
 * the run uses a throwaway database on it.
 *
 * `--embedded` runs it on the embedded default instead (PGlite in the server's process, under a temporary
 * DATA_DIR, as `npm start` runs): the same load with no outage (there is no database server to stop), and
 * the acknowledged writes looked up by opening the data directory once the server has stopped. Its RSS
 * is the whole app's, database included (issue 36: under 256 MiB after the warm-up).
 *
 * It builds the app into .next-soak, seeds the demo data, starts the server (server.ts) with this Node, and loads
 * every route once, then runs the load itself for --warmup minutes (the JIT, the heap and the read
 * model's caches reach their working size) before the first RSS reading, the baseline of the growth it
 * reports. Then --workers loops run until --minutes are up. Reads: current_user, locations, the first location's full menu and its events. Writes, at most
 * --writes-per-second: new events in the owner's second location (which no read lists), and updates of
 * the first location's events (a fixed set, each updated by one request at a time), so no answer grows
 * with the run. Halfway the database is stopped for --outage seconds. Every minute the server's RSS
 * (its process tree, from /proc) is sampled. At the end every acknowledged write is looked up directly
 * in the database: each created event must exist, each updated event must hold its last acknowledged
 * update or a later one. It prints requests, answers by status (before, during and after the outage),
 * connection errors, recovery time, the RSS series, and the lost writes. It asserts no RSS target; it
 * exits non-zero when a write was lost or the server did not come back after the outage.
 *
 *   npm run soak                                   # 30 minutes, own PostgreSQL cluster
 *   npm run soak -- --minutes 3 --outage 15        # a short run
 *   SOAK_DATABASE_URL=postgres://… SOAK_STOP="…" SOAK_START="…" npm run soak
 *   npm run soak -- --embedded --minutes 20        # the embedded default (PGlite)
 *   npm run soak -- --embedded --no-build --dist .next   # on the build npm start made
 *   SOAK_NODE_ARGS="--heapsnapshot-signal=SIGUSR2" npm run soak   # more Node flags for the server
 *
 * The server runs as `npm start` runs it (scripts/server-options.mjs: on the embedded default, the
 * small-server profile).
 */
import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { type AppServer, build, freePort, run, startServer, stopServer, treeRssMiB } from "./app-process";
import { startOwnPostgres } from "./own-postgres";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "30" },
    warmup: { type: "string", default: "3" },
    outage: { type: "string", default: "30" },
    workers: { type: "string", default: "8" },
    "writes-per-second": { type: "string", default: "5" },
    "no-build": { type: "boolean", default: false },
    embedded: { type: "boolean", default: false },
    // The build folder: its own by default; with --no-build, any build of this tree (e.g. .next).
    dist: { type: "string", default: ".next-soak" },
  },
});
const minutes = Number(args.minutes);
const warmupMinutes = Number(args.warmup);
const outageSeconds = Number(args.outage);
const workers = Number(args.workers);
const writesPerSecond = Number(args["writes-per-second"]);
for (const [name, value] of Object.entries({ minutes, outage: outageSeconds, workers, "writes-per-second": writesPerSecond })) {
  if (!(value > 0)) throw new Error(`--${name} takes a positive number`);
}

const OWNER = { email: "owner@demo.test", password: "demo-owner-pass" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the database server: our own throwaway cluster, or SOAK_DATABASE_URL with SOAK_STOP/SOAK_START ----

type DatabaseServer = {
  url: string;
  stop: () => void;
  start: () => void;
  remove: () => void;
  describe: string;
  /** The app's settings for this database (a fresh database `name` on a server, or a data directory). */
  settings: (name: string) => Record<string, string | undefined>;
  /** Runs `sql` on the app's database once the server has stopped (the lost-writes check). */
  query: <T>(name: string, sql: string, params: unknown[]) => Promise<T[]>;
  /** An embedded database has no server to stop: no outage. */
  embedded?: boolean;
};

/** A server's database `name`, by URL. */
const databaseUrlOf = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/** The PostgreSQL side of a DatabaseServer at `url`. */
const onServer = (url: string) => ({
  settings: (name: string) => ({ DATABASE_URL: databaseUrlOf(url, name) }),
  query: <T>(name: string, sql: string, params: unknown[]) =>
    withClient(databaseUrlOf(url, name), async (client) => (await client.query(sql, params)).rows as T[]),
});

/** The embedded default: the app's own PGlite under a temporary DATA_DIR. */
function embeddedDatabase(): DatabaseServer {
  const dir = mkdtempSync("/tmp/taproom-soak-data-");
  const nothing = () => {};
  return {
    url: "",
    stop: nothing,
    start: nothing,
    remove: () => rmSync(dir, { recursive: true, force: true }),
    describe: `embedded (PGlite) in ${dir}`,
    embedded: true,
    settings: () => ({ DATA_DIR: dir, DATABASE_URL: undefined }),
    query: async <T>(_name: string, sql: string, params: unknown[]) => {
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const { fuzzystrmatch } = await import("@electric-sql/pglite/contrib/fuzzystrmatch");
      const client = await PGlite.create({ dataDir: path.join(dir, "pglite"), extensions: { pg_trgm, fuzzystrmatch } });
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.close();
      }
    },
  };
}

/** initdb, pg_ctl start: a cluster of our own on a free port (scripts/own-postgres.ts). */
async function ownCluster(): Promise<DatabaseServer> {
  const cluster = await startOwnPostgres("taproom-soak-pg-");
  return { ...cluster, ...onServer(cluster.url) };
}

function givenServer(url: string): DatabaseServer {
  const stopCommand = process.env.SOAK_STOP;
  const startCommand = process.env.SOAK_START;
  if (!stopCommand || !startCommand)
    throw new Error("with SOAK_DATABASE_URL, set SOAK_STOP and SOAK_START: how to stop and start that server");
  return {
    url,
    stop: () => execSync(stopCommand, { stdio: "inherit" }),
    start: () => execSync(startCommand, { stdio: "inherit" }),
    remove: () => {},
    describe: `${new URL(url).host} (SOAK_STOP: ${stopCommand}; SOAK_START: ${startCommand})`,
    ...onServer(url),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// ---- the load ----

type Phase = "warm-up" | "before" | "outage" | "after";
const stats = {
  requests: 0,
  connectionErrors: 0,
  byStatus: { "warm-up": new Map(), before: new Map(), outage: new Map(), after: new Map() } as Record<Phase, Map<string, number>>,
};
let phase: Phase = "before";

/** One request; counts its status (or the connection error) in the current phase and returns the answer, if any. */
async function send(base: string, path: string, init: RequestInit = {}): Promise<Response | null> {
  stats.requests += 1;
  const counted = phase;
  try {
    const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    const byStatus = stats.byStatus[counted];
    byStatus.set(String(response.status), (byStatus.get(String(response.status)) ?? 0) + 1);
    return response;
  } catch {
    stats.connectionErrors += 1;
    return null;
  }
}

const statusLine = (counts: Map<string, number>) =>
  [...counts]
    .sort()
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ") || "none";
const percent = (from: number, to: number) => `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)} %`;

async function main() {
  const database = args.embedded
    ? embeddedDatabase()
    : process.env.SOAK_DATABASE_URL
      ? givenServer(process.env.SOAK_DATABASE_URL)
      : await ownCluster();
  const name = `taproom_soak_${Date.now()}`;
  let server: AppServer | undefined;
  const cleanUp = () => {
    if (server?.child.pid) {
      try {
        process.kill(-server.child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
    database.remove();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      cleanUp();
      process.exit(130);
    });
  }
  try {
    console.log(`database: ${database.describe}`);
    if (!database.embedded) await withClient(database.url, (client) => client.query(`create database ${name}`));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NEXT_DIST_DIR: args.dist,
      NEXT_TELEMETRY_DISABLED: "1",
      ...database.settings(name),
      APP_SECRET: "soak-secret-soak-secret-soak-secret-0123456",
    };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
    if (!args["no-build"]) await build(env);
    await run("npm", ["run", "db:seed"], env);
    server = await startServer(env, await freePort(), process.env.SOAK_NODE_ARGS ? process.env.SOAK_NODE_ARGS.split(" ") : []);
    const { base, child } = server;
    const login = await (
      await fetch(`${base}/api/v1/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(OWNER),
      })
    ).json();
    const auth = { authorization: `Basic ${Buffer.from(`${OWNER.email}:${login.user.auth_token}`).toString("base64")}` };
    const [listed, written] = (
      (await (await fetch(`${base}/api/v1/locations`, { headers: auth })).json()).locations as { id: number }[]
    ).map((location) => location.id);
    if (!listed || !written) throw new Error("the demo owner needs two locations");
    const menu = (await (await fetch(`${base}/api/v1/locations/${listed}/menus`, { headers: auth })).json()).menus[0].id;
    const updated = (
      (await (await fetch(`${base}/api/v1/locations/${listed}/events`, { headers: auth })).json()).events as { id: number }[]
    ).map((event) => event.id);
    const reads = [
      "/api/v1/current_user",
      "/api/v1/locations",
      `/api/v1/menus/${menu}?full=true&source_name=Soak`,
      `/api/v1/locations/${listed}/events`,
    ];

    // Acknowledged writes: created event ids; per updated event, the last acknowledged update's number.
    const created = new Set<number>();
    const lastUpdate = new Map<number, number>();
    const busy = new Set<number>();
    let writes = 0;
    let updatesAcknowledged = 0;
    const write = async () => {
      writes += 1;
      const n = writes;
      const event = updated[Math.floor(n / 2) % updated.length]!;
      if (n % 2 === 1 && !busy.has(event)) {
        busy.add(event); // one update of an event at a time, so the last acknowledged one must be what is stored
        const response = await send(base, `/api/v1/events/${event}`, {
          method: "PATCH",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ event: { description: `soak update ${n}` } }),
        });
        if (response?.status === 200) {
          lastUpdate.set(event, n);
          updatesAcknowledged += 1;
        }
        await response?.arrayBuffer();
        busy.delete(event);
        return;
      }
      const response = await send(base, `/api/v1/locations/${written}/events`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ event: { name: `Soak ${n}`, description: "", start_time_date: "2027-06-01", start_time_time: "19:00" } }),
      });
      if (response?.status === 201) created.add((await response.json()).event.id);
      else await response?.arrayBuffer();
    };

    // Warm-up: every route once (loads its bundle), then the load itself for --warmup minutes.
    for (const read of reads) await (await send(base, read, { headers: auth }))?.arrayBuffer();
    await write();
    await write();
    const loadedAt = treeRssMiB(child.pid!);
    let writesBefore = writes;
    const worker = async (index: number, from: number, until: number) => {
      for (let i = index; Date.now() < until; i += workers) {
        if (writes - writesBefore < ((Date.now() - from) / 1000) * writesPerSecond) {
          await write();
        } else {
          const response = await send(base, reads[i % reads.length]!, { headers: auth });
          await response?.arrayBuffer();
          if (!response || response.status === 503) await sleep(250); // what a client told Retry-After does
        }
      }
    };
    const load = (from: number, until: number) => Promise.all(Array.from({ length: workers }, (_, index) => worker(index, from, until)));
    if (warmupMinutes > 0) {
      console.log(`warm-up: ${warmupMinutes} min of the same load before the first RSS reading`);
      phase = "warm-up";
      const from = Date.now();
      await load(from, from + warmupMinutes * 60_000);
      phase = "before";
      await sleep(2_000);
    }
    writesBefore = writes;
    const startedAt = Date.now();
    const rss: { minute: number; mib: number }[] = [{ minute: 0, mib: treeRssMiB(child.pid!) }];
    const sampler = setInterval(
      () => rss.push({ minute: Math.round((Date.now() - startedAt) / 60_000), mib: treeRssMiB(child.pid!) }),
      60_000,
    );
    const deadline = startedAt + minutes * 60_000;
    let outage = "not yet";
    const outageRun = (async () => {
      if (database.embedded) {
        outage = "none (embedded: no database server to stop)";
        return;
      }
      await sleep((minutes * 60_000) / 2);
      console.log(`stopping the database (${((Date.now() - startedAt) / 60_000).toFixed(1)} min in)`);
      phase = "outage";
      database.stop();
      await sleep(outageSeconds * 1000);
      console.log("starting the database");
      database.start();
      const back = Date.now();
      while (Date.now() < back + 60_000) {
        if ((await fetch(`${base}/api/ready`).catch(() => null))?.status === 200) {
          outage = `ready again ${((Date.now() - back) / 1000).toFixed(1)} s after the database started`;
          phase = "after";
          return;
        }
        await sleep(250);
      }
      outage = "NOT ready 60 s after the database started";
      phase = "after";
    })();
    await Promise.all([load(startedAt, deadline), outageRun]);
    clearInterval(sampler);
    const elapsed = (Date.now() - startedAt) / 60_000;
    if (rss.at(-1)!.minute < Math.round(elapsed)) rss.push({ minute: Math.round(elapsed), mib: treeRssMiB(child.pid!) });

    // Every acknowledged write, looked up in the database itself (the embedded one once the server has
    // let go of its data directory).
    if (database.embedded) await stopServer(server);
    const createdRows = await database.query<{ id: number }>(name, "select id from events where id = any($1::int[]) and location_id = $2", [
      [...created],
      written,
    ]);
    const updatedRows = await database.query<{ id: number; description: string }>(
      name,
      "select id, description from events where id = any($1::int[])",
      [[...lastUpdate.keys()]],
    );
    const foundCreated = new Set(createdRows.map((row) => row.id));
    const stored = new Map(updatedRows.map((row) => [row.id, Number(/^soak update (\d+)$/.exec(row.description)?.[1] ?? -1)]));
    const lostCreates = [...created].filter((id) => !foundCreated.has(id));
    const lostUpdates = [...lastUpdate].filter(([id, n]) => (stored.get(id) ?? -1) < n);

    const first = rss[0]!.mib;
    const last = rss.at(-1)!.mib;
    const atFive = rss.find((sample) => sample.minute >= 5);
    console.log(
      `\nsoak: ${minutes} min after a ${warmupMinutes} min warm-up, ${workers} workers, up to ${writesPerSecond} writes/s, ${database.embedded ? "embedded database" : `database stopped for ${outageSeconds} s halfway`}`,
    );
    console.log(`requests: ${stats.requests}, the warm-up's included`);
    for (const when of ["warm-up", "before", "outage", "after"] as const)
      console.log(`answers by status, ${when}: ${statusLine(stats.byStatus[when])}`);
    console.log(`connection errors: ${stats.connectionErrors}`);
    console.log(`recovery: ${outage}`);
    console.log(`RSS of the server (MiB) by minute: ${rss.map((sample) => `${sample.minute}: ${sample.mib}`).join(", ")}`);
    console.log(`RSS after every route was loaded once, before the warm-up: ${loadedAt} MiB`);
    console.log(
      `RSS: ${first} MiB at start (after the warm-up), ${last} MiB at end (${percent(first, last)})` +
        (atFive && atFive !== rss.at(-1)
          ? `; ${atFive.mib} MiB at minute ${atFive.minute} (${percent(atFive.mib, last)} from there to the end)`
          : ""),
    );
    console.log(
      `writes acknowledged: ${created.size} creates (201), found afterwards: ${created.size - lostCreates.length}, lost: ${lostCreates.length}`,
    );
    console.log(
      `  ${updatesAcknowledged} updates (200) of ${updated.length} events; events whose last acknowledged update is not stored: ${lostUpdates.length}`,
    );
    if (lostCreates.length + lostUpdates.length > 0 || outage.startsWith("NOT")) process.exitCode = 1;
  } catch (error) {
    if (server?.log.length) console.error(`last server output:\n${server.log.slice(-30).join("\n")}`);
    throw error;
  } finally {
    await stopServer(server);
    if (process.env.SOAK_DATABASE_URL) {
      await withClient(database.url, (client) => client.query(`drop database if exists ${name} with (force)`)).catch(() => {});
    }
    database.remove();
  }
}

await main();
