/**
 * When a server dies (issue 54, decision 083): the parts a venue deploys, on this machine, on loopback
 * only, and what their clients see when one of them fails. It starts its own PostgreSQL
 * (scripts/own-postgres.ts: initdb into /tmp, as `postgres` when run as root, on a free port), three app
 * instances on it (the build in --dist, made first unless --no-build), and HAProxy running
 * deploy/haproxy.cfg itself (its addresses and ports rewritten to the ones chosen here, TLS and the
 * daemon's system settings left out). Through HAProxy only:
 *
 *   --boards (500) TV boards, paired by SQL, each holding its device stream as the board page does
 *     (use-display-stream.ts: EventSource's own reconnection after `retry: 2000` when a stream drops;
 *     when a stream is refused, again after 2 s, doubling up to 60 s);
 *   --clients (50) dashboard clients, each adding an item to its own section every --write-every-ms
 *     (2,000): a write is retried only when its answer proves it was not applied (503: HAProxy had no
 *     instance, or the instance had no database); an answer that leaves it unknown (502, 504, reset,
 *     no answer) is not sent again (a person would look first), and is checked at the end;
 *   a webhook to a receiver of this script's own, counting deliveries per change (webhook-id);
 *   items 86'd until a moment inside each fault, for the 86 sweep (a background job on every
 *     instance) to bring back exactly once.
 *
 * Then the faults, one after another, each watched for at least --observe-seconds (25) and until every
 * board is live again: `kill -9` of one instance (systemd brings it back 2 s later, as
 * deploy/taproom@.service does), a PostgreSQL restart (pg_ctl stop -m fast, then start), and a rolling restart
 * (SIGTERM, wait for the exit, start, wait until HAProxy sends it requests, next).
 *
 * It prints, per fault and overall: acknowledged writes lost (target 0), writes doubled (0), boards
 * that showed a stale menu for more than 5 s while connected (0), each board's time from its stream
 * dropping to being live again (p99 < 10 s), webhook deliveries lost or doubled (0), 86 restores that
 * ran twice or not at all (0), and the errors clients saw; with the machine's load average.
 *
 *   npm run bench -- failover
 *   npm run bench -- failover --no-build --boards 50 --clients 5
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { type AppServer, build, freePort, ROOT, run, startServer, stopServer } from "./app-process";
import { onVersions, pairBoardsBySql, quantile, request } from "./bench-clients";
import { type OwnPostgres, startOwnPostgres } from "./own-postgres";

const OWNER = { email: "owner@demo.test", password: "demo-owner-pass" };
const { values: args } = parseArgs({
  options: {
    boards: { type: "string", default: "500" },
    clients: { type: "string", default: "50" },
    "write-every-ms": { type: "string", default: "2000" },
    "observe-seconds": { type: "string", default: "25" },
    "no-build": { type: "boolean", default: false },
    dist: { type: "string", default: ".next-failover" },
  },
});
const boardCount = Number(args.boards);
const clientCount = Number(args.clients);
const writeEveryMs = Number(args["write-every-ms"]);
const observeMs = Number(args["observe-seconds"]) * 1000;
/** A board is stale when, connected, it has not been told a version committed this long ago. */
const STALE_MS = 5000;
/** Per board, from its stream dropping to its first version on a new one: the p99 target. */
const LIVE_AGAIN_P99_MS = 10_000;
const INSTANCES = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : "-");
const say = (line: string) => process.stdout.write(`${line}\n`);
const elapsed = (() => {
  const start = performance.now();
  return () => `[${seconds(performance.now() - start).padStart(6)} s]`;
})();

// ---------------------------------------------------------------------------------------------------
// A temporary folder for HAProxy's configuration.
const work = mkdtempSync(path.join(tmpdir(), "taproom-failover-"));
let postgres: OwnPostgres | undefined;

// ---------------------------------------------------------------------------------------------------
// HAProxy running deploy/haproxy.cfg.

/** deploy/haproxy.cfg with this run's addresses: each rewrite must find its line (the file is what is measured). */
function haproxyConfig(frontPort: number, appPorts: number[]): string {
  let config = readFileSync(path.join(ROOT, "deploy", "haproxy.cfg"), "utf8");
  const rewrite = (pattern: RegExp, replacement: string) => {
    if (!pattern.test(config)) throw new Error(`deploy/haproxy.cfg: no line matches ${pattern}`);
    config = config.replace(pattern, replacement);
  };
  // HAProxy's log goes to its stderr (collected below), abnormal requests only (`dontlog-normal`): each
  // answer HAProxy made itself, or a server's 5xx, with its termination state, to tell why it came.
  rewrite(/^(\s*)log \/dev\/log.*$/m, "$1log stderr format raw local0");
  rewrite(/^(\s*)option httplog\s*$/m, "$1option httplog\n$1option dontlog-normal");
  // The system daemon's settings: chroot, admin socket, its user, backgrounding; TLS (no certificate here).
  for (const line of [
    /^\s*chroot .*$/m,
    /^\s*stats socket .*$/m,
    /^\s*user .*$/m,
    /^\s*group .*$/m,
    /^\s*daemon\s*$/m,
    /^\s*ssl-default-bind-options .*$/m,
    /^\s*bind :443 .*$/m,
    /^\s*http-request redirect scheme https.*$/m,
  ])
    rewrite(line, "");
  // Run as root, HAProxy raises its file limit for maxconn 20000 (40,000 descriptors); this shell's may be lower.
  rewrite(/^(\s*)maxconn 20000\s*$/m, "$1maxconn 4000");
  rewrite(/^(\s*)bind :80\s*$/m, `$1bind 127.0.0.1:${frontPort}`);
  for (const [index, port] of appPorts.entries()) rewrite(new RegExp(`127\\.0\\.0\\.1:${3001 + index}\\b`), `127.0.0.1:${port}`);
  return config;
}

let haproxy: ChildProcess | undefined;
const haproxyLog: string[] = [];
function startHaproxy(config: string) {
  const file = path.join(work, "haproxy.cfg");
  writeFileSync(file, config);
  execFileSync("haproxy", ["-c", "-q", "-f", file], { stdio: "inherit" });
  haproxy = spawn("haproxy", ["-db", "-f", file], { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  haproxy.stderr?.on("data", (chunk: Buffer) => haproxyLog.push(...chunk.toString().split("\n").filter(Boolean)));
}

// ---------------------------------------------------------------------------------------------------
// What the clients saw, per phase.

type Phase = {
  name: string;
  startedAt: number;
  /** The fault's action itself, done (the instance killed, PostgreSQL back, the last instance restarted). */
  faultDoneAt: number;
  endedAt: number;
  errors: Map<string, number>;
  /** Each board's outage in this phase: from its stream dropping to its first version on a new one. */
  outages: number[];
  stale: Set<number>;
  worstStaleMs: number;
  writes: number;
};
const phases: Phase[] = [];
let phase: Phase;
function beginPhase(name: string) {
  const now = performance.now();
  if (phases.length > 0) phases.at(-1)!.endedAt = now;
  phase = {
    name,
    startedAt: now,
    faultDoneAt: now,
    endedAt: now,
    errors: new Map(),
    outages: [],
    stale: new Set(),
    worstStaleMs: 0,
    writes: 0,
  };
  phases.push(phase);
  say(`${elapsed()} ${name}`);
}
const countError = (kind: string) => phase.errors.set(kind, (phase.errors.get(kind) ?? 0) + 1);
const errorKind = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? (error instanceof Error ? error.message.replace(/\d+/g, "N") : String(error));
};

// The menu's committed versions, as this script's own connection reads them (every 200 ms).
const committed: { version: number; seenAt: number }[] = [];
let versionReader: { stop: () => void } | undefined;
function readVersions(databaseUrl: string, menuId: number) {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on("error", () => {});
      try {
        await client.connect();
        while (!stopped) {
          const { rows } = await client.query<{ version: number }>("select version from menus where id = $1", [menuId]);
          const version = rows[0]!.version;
          if (version > (committed.at(-1)?.version ?? -1)) committed.push({ version, seenAt: performance.now() });
          await sleep(200);
        }
      } catch {
        await sleep(500); // PostgreSQL restarting
      } finally {
        await client.end().catch(() => {});
      }
    }
  })();
  versionReader = { stop: () => (stopped = true) };
}

// ---------------------------------------------------------------------------------------------------
// A TV board: its device stream, as the board page holds it.

type Board = {
  index: number;
  version: number;
  /** Since when its current stream has told it a version (null: no live stream). */
  liveSince: number | null;
  droppedAt: number | null;
  failures: number;
  response: http.IncomingMessage | null;
  timer: NodeJS.Timeout | null;
  stopped: boolean;
};
const boards: Board[] = [];

function holdBoard(board: Board, front: string, cookie: string) {
  const drop = (kind: string, refused: boolean) => {
    if (board.stopped) return;
    board.response = null;
    if (board.liveSince !== null) {
      board.liveSince = null;
      board.droppedAt = performance.now();
    }
    board.droppedAt ??= performance.now();
    countError(`board stream ${kind}`);
    // EventSource reconnects by itself after `retry` (2 s) when a stream drops or the network fails;
    // a refused stream (not 200) closes it, and the board page tries again after 2 s, doubling to 60 s.
    const wait = refused ? Math.min(60_000, 2000 * 2 ** board.failures++) : 2000;
    board.timer = setTimeout(connect, wait);
  };
  const connect = () => {
    if (board.stopped) return;
    let settled = false;
    const settle = (kind: string, refused: boolean) => {
      if (settled) return;
      settled = true;
      drop(kind, refused);
    };
    const sent = http.get(
      `${front}/api/v1/boards/device/stream`,
      { agent: false, headers: { cookie, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          settle(`refused ${response.statusCode}`, true);
          return;
        }
        board.response = response;
        onVersions(response, (version, now) => {
          board.version = Math.max(board.version, version);
          if (board.liveSince === null) {
            board.liveSince = now;
            board.failures = 0;
            if (board.droppedAt !== null) phase.outages.push(now - board.droppedAt);
            board.droppedAt = null;
          }
        });
        response.on("end", () => settle("ended", false));
        response.on("error", (error) => settle(`dropped (${errorKind(error)})`, false));
        response.on("close", () => settle("closed", false));
      },
    );
    sent.on("error", (error) => settle(`failed (${errorKind(error)})`, false));
  };
  connect();
}

/** Every 500 ms: a connected board that has not been told a version committed over 5 s ago (or since it connected) is stale. */
function watchStaleness() {
  const timer = setInterval(() => {
    const now = performance.now();
    for (const board of boards) {
      if (board.liveSince === null) continue;
      const newer = committed.find((entry) => entry.version > board.version);
      if (!newer) continue;
      const behind = now - Math.max(newer.seenAt, board.liveSince);
      if (behind > STALE_MS) phase.stale.add(board.index);
      phase.worstStaleMs = Math.max(phase.worstStaleMs, behind);
    }
  }, 500);
  return () => clearInterval(timer);
}

const liveBoards = () => boards.filter((board) => board.liveSince !== null).length;

/** Waits until every board is live (or `capMs` passed); answers whether they all are. */
async function everyBoardLive(capMs: number): Promise<boolean> {
  const deadline = performance.now() + capMs;
  while (liveBoards() < boards.length) {
    if (performance.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Dashboard clients: each adds items to its own section.

const acknowledged = new Set<string>();
/** Writes whose answer left unknown whether they were applied (not sent again). */
const unknown = new Set<string>();
let clientsStopped = false;

async function runClient(index: number, front: string, authorization: string, sectionId: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let n = 0;
  while (!clientsStopped) {
    const name = `c${index}-w${n++}`;
    while (!clientsStopped) {
      let answer: Awaited<ReturnType<typeof request>> | undefined;
      try {
        answer = await request(agent, front, "POST", `/api/v1/sections/${sectionId}/items`, { authorization }, { item: { name } }, 30_000);
      } catch (error) {
        countError(`write ${errorKind(error)} (unknown)`);
        unknown.add(name);
        break;
      }
      if (answer.status === 201) {
        acknowledged.add(name);
        phase.writes++;
        break;
      }
      if (answer.status === 503) {
        // Not applied: HAProxy found no instance, or the instance had no database. Again, after Retry-After.
        // The app's problem is JSON in whichever type the client accepts; HAProxy's own 503 is an HTML page.
        countError(`write 503 ${answer.headers["content-type"]?.includes("json") ? "(the app)" : "(HAProxy)"}, sent again`);
        await sleep(1000 * Math.min(5, Number(answer.headers["retry-after"] ?? 1) || 1));
        continue;
      }
      countError(`write ${answer.status}${answer.status >= 500 ? " (unknown)" : ""}`);
      if (answer.status >= 500) unknown.add(name);
      break;
    }
    await sleep(writeEveryMs * (0.5 + Math.random()));
  }
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------------
// The webhook receiver: deliveries per change id.

const deliveries = new Map<string, number>();
function startReceiver(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"] ?? "");
      if (id) deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/hook`, close: () => server.close() });
    }),
  );
}

// ---------------------------------------------------------------------------------------------------

const servers: (AppServer | undefined)[] = [];
let stopBoards = () => {};

async function cleanup() {
  clientsStopped = true;
  stopBoards();
  versionReader?.stop();
  await Promise.all(servers.map((server) => stopServer(server)));
  if (haproxy?.pid) {
    try {
      process.kill(-haproxy.pid, "SIGKILL");
    } catch {}
  }
  postgres?.remove();
  rmSync(work, { recursive: true, force: true });
}

async function main() {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: args.dist, NEXT_TELEMETRY_DISABLED: "1" };
  if (!args["no-build"]) await build(env);
  postgres = await startOwnPostgres("taproom-failover-pg-", ["max_connections=150"]);
  say(`${elapsed()} PostgreSQL of its own: ${postgres.describe}`);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query("create database taproom");
  await admin.end();
  const databaseUrl = `postgres://postgres@127.0.0.1:${postgres.port}/taproom`;
  const appPorts = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const frontPort = await freePort();
  const front = `http://127.0.0.1:${frontPort}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    APP_SECRET: "failover-secret-failover-secret-failover-0123",
    APP_URL: front,
    // HAProxy appends the client's address (decision 018); every client here is 127.0.0.1, so the
    // per-address stream cap is raised by its own setting, nothing else.
    TRUSTED_PROXY_COUNT: "1",
    STREAM_LIMIT_PER_ADDRESS: String(boardCount + 100),
    // The receiver is on loopback.
    WEBHOOK_ALLOW_PRIVATE: "true",
  };
  await run("npm", ["run", "-s", "db:seed"], serverEnv);
  say(`${elapsed()} starting ${INSTANCES} instances and HAProxy (deploy/haproxy.cfg) on ${front}`);
  for (let index = 0; index < INSTANCES; index++) servers[index] = await startServer(serverEnv, appPorts[index]!);
  startHaproxy(haproxyConfig(frontPort, appPorts));
  const readyAt = performance.now() + 30_000;
  while (
    (await fetch(`${front}/api/ready`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (performance.now() > readyAt) throw new Error("HAProxy did not answer /api/ready within 30 s");
    await sleep(250);
  }

  // The owner, the demo location, its published menu; a section per client and the 86 probes' section.
  const setup = new http.Agent({ keepAlive: true });
  /** The script's own calls (not measured): a 503 is asked again for up to 60 s. */
  const call = async <T>(method: string, route: string, authorization?: string, body?: unknown): Promise<T> => {
    const deadline = performance.now() + 60_000;
    let answer = await request(setup, front, method, `/api/v1${route}`, authorization ? { authorization } : {}, body, 30_000);
    while (answer.status === 503 && performance.now() < deadline) {
      await sleep(1000);
      answer = await request(setup, front, method, `/api/v1${route}`, authorization ? { authorization } : {}, body, 30_000);
    }
    if (answer.status >= 300) throw new Error(`${method} ${route}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body || "null") as T;
  };
  const { user } = await call<{ user: { email: string; auth_token: string } }>("POST", "/sessions", undefined, OWNER);
  const authorization = `Basic ${Buffer.from(`${user.email}:${user.auth_token}`).toString("base64")}`;
  const location = (await call<{ locations: { id: number }[] }>("GET", "/locations", authorization)).locations[0]!.id;
  const menus = (await call<{ menus: { id: number; unpublished: boolean }[] }>("GET", `/locations/${location}/menus`, authorization)).menus;
  const menu = menus.find((candidate) => !candidate.unpublished) ?? menus[0]!;
  if (menu.unpublished) await call("POST", `/menus/${menu.id}/publish`, authorization);
  const sectionIds: number[] = [];
  for (let index = 0; index <= clientCount; index++) {
    const { section } = await call<{ section: { id: number } }>("POST", `/menus/${menu.id}/sections`, authorization, {
      section: { name: index < clientCount ? `Client ${index}` : "86 probes" },
    });
    sectionIds.push(section.id);
  }
  const probeSection = sectionIds.pop()!;
  const probes: number[] = [];
  for (let index = 0; index < 9; index++)
    probes.push(
      (await call<{ item: { id: number } }>("POST", `/sections/${probeSection}/items`, authorization, { item: { name: `Probe ${index}` } }))
        .item.id,
    );
  const receiver = await startReceiver();
  const { webhook } = await call<{ webhook: { id: number } }>("POST", `/locations/${location}/webhooks`, authorization, {
    webhook: { url: receiver.url },
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const firstCursor = Number(
    (await db.query<{ cursor: string }>("select cursor from webhooks where id = $1", [webhook.id])).rows[0]!.cursor,
  );
  await db.end();

  // The boards and the clients.
  say(`${elapsed()} pairing ${boardCount} boards (by SQL), opening their streams through HAProxy`);
  const cookies = await pairBoardsBySql(databaseUrl, boardCount, location, menu.id);
  readVersions(databaseUrl, menu.id);
  beginPhase("start: boards connect, clients write");
  for (let index = 0; index < boardCount; index++) {
    const board: Board = { index, version: 0, liveSince: null, droppedAt: null, failures: 0, response: null, timer: null, stopped: false };
    boards.push(board);
    holdBoard(board, front, cookies[index]!);
    if (index % 25 === 24) await sleep(50);
  }
  if (!(await everyBoardLive(120_000))) throw new Error(`only ${liveBoards()} of ${boardCount} boards live after 120 s`);
  stopBoards = () => {
    for (const board of boards) {
      board.stopped = true;
      if (board.timer) clearTimeout(board.timer);
      board.response?.destroy();
    }
  };
  const stopWatching = watchStaleness();
  const clients = sectionIds.map((sectionId, index) => runClient(index, front, authorization, sectionId));

  const probeAt = async (seconds: number, ids: number[]) => {
    const until = new Date(Date.now() + seconds * 1000).toISOString();
    for (const id of ids) await call("POST", `/items/${id}/86`, authorization, { eighty_six: { until } });
  };
  /** Watches the phase for `observeMs` after its fault, and until every board is live again (up to 120 s more). */
  const observe = async () => {
    phase.faultDoneAt = performance.now();
    await sleep(observeMs);
    if (!(await everyBoardLive(120_000))) say(`  ${boardCount - liveBoards()} boards still not live after the wait`);
  };

  beginPhase("steady (no fault)");
  await probeAt(15, probes.slice(0, 3));
  await observe();

  beginPhase("kill -9 one instance");
  await probeAt(15, probes.slice(3, 5));
  const victim = servers[0]!;
  process.kill(-victim.child.pid!, "SIGKILL");
  await new Promise((resolve) =>
    victim.child.exitCode !== null || victim.child.signalCode !== null ? resolve(null) : victim.child.once("exit", resolve),
  );
  await sleep(2000); // deploy/taproom@.service: Restart=on-failure, RestartSec=2
  servers[0] = await startServer(serverEnv, appPorts[0]!);
  say(`${elapsed()}   instance 1 back`);
  await observe();

  beginPhase("PostgreSQL restart");
  await probeAt(15, probes.slice(5, 7));
  postgres.stop();
  postgres.start();
  say(`${elapsed()}   PostgreSQL back`);
  await observe();

  beginPhase("rolling restart of all three");
  await probeAt(15, probes.slice(7, 9));
  for (let index = 0; index < INSTANCES; index++) {
    await stopServer(servers[index]);
    servers[index] = await startServer(serverEnv, appPorts[index]!);
    // In HAProxy's rotation again: ready twice, 1 s apart (rise 2, fastinter 1s).
    await sleep(3000);
    say(`${elapsed()}   instance ${index + 1} restarted`);
  }
  await observe();

  beginPhase("quiet: clients stopped, webhooks and jobs catch up");
  clientsStopped = true;
  await Promise.all(clients);
  stopWatching();
  phase.endedAt = performance.now();

  // ------------------------------------------------------------------ the figures
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  // Webhooks: wait until the cursor reaches the last change (a lease of a killed instance ends after 60 s).
  const lastChange = async () =>
    Number(
      (await check.query<{ id: string }>("select coalesce(max(id), 0) as id from menu_changes where location_id = $1", [location])).rows[0]!
        .id,
    );
  const webhookDeadline = performance.now() + 150_000;
  for (;;) {
    const { rows } = await check.query<{ cursor: string }>("select cursor from webhooks where id = $1", [webhook.id]);
    if (Number(rows[0]!.cursor) >= (await lastChange())) break;
    if (performance.now() > webhookDeadline) {
      say("  the webhook's cursor did not reach the last change within 150 s");
      break;
    }
    await sleep(500);
  }
  await sleep(1000);
  receiver.close();
  const expected = (
    await check.query<{ id: string }>("select id from menu_changes where location_id = $1 and id > $2 order by id", [location, firstCursor])
  ).rows.map((row) => row.id);
  const webhookLost = expected.filter((id) => !deliveries.has(id)).length;
  const webhookDoubled = [...deliveries.values()].filter((count) => count > 1).length;

  // Writes: every acknowledged one there once; none there twice; the unknown ones, there or not.
  const names = new Map(
    (
      await check.query<{ name: string; n: string }>(
        "select original_name as name, count(*) as n from items where section_id = any($1) group by original_name",
        [sectionIds],
      )
    ).rows.map((row) => [row.name, Number(row.n)]),
  );
  const lost = [...acknowledged].filter((name) => !names.has(name));
  const doubled = [...names].filter(([, n]) => n > 1).map(([name]) => name);
  const unknownApplied = [...unknown].filter((name) => names.has(name)).length;

  // 86 probes: each brought back exactly once, by the sweep (actor system), and none still 86'd.
  const restores = new Map(
    (
      await check.query<{ row_id: number; n: string }>(
        `select e.row_id, count(*) as n from menu_changes c join menu_edits e on e.change_id = c.id
         where c.type = 'item.restored' and e."table" = 'items' and e.row_id = any($1) group by e.row_id`,
        [probes],
      )
    ).rows.map((row) => [row.row_id, Number(row.n)]),
  );
  const stillOut = Number(
    (await check.query<{ n: string }>("select count(*) as n from items where id = any($1) and eighty_sixed_at is not null", [probes]))
      .rows[0]!.n,
  );
  const restoredTwice = [...restores.values()].filter((n) => n > 1).length;
  const neverRestored = probes.filter((id) => !restores.has(id)).length;
  await check.end();

  // ------------------------------------------------------------------ the report
  const load = loadavg().map((value) => value.toFixed(1));
  say(`\nWhen a server dies — ${boardCount} boards, ${clientCount} clients, 3 instances behind HAProxy, ${new Date().toISOString()}`);
  say(`load average at the end: ${load.join(" / ")} (1/5/15 min) on ${execFileSync("nproc").toString().trim()} cores\n`);
  let failed = false;
  for (const entry of phases) {
    const p99 = quantile(entry.outages, 0.99);
    say(`${entry.name} (${seconds(entry.endedAt - entry.startedAt)} s, ${entry.writes} acknowledged writes)`);
    if (entry.outages.length > 0)
      say(
        `  boards live again: ${entry.outages.length} reconnections, p50 ${seconds(quantile(entry.outages, 0.5))} s, p99 ${seconds(p99)} s, max ${seconds(Math.max(...entry.outages))} s (target p99 < 10) ${p99 < LIVE_AGAIN_P99_MS ? "ok" : "MISSED"}`,
      );
    say(
      `  boards stale > 5 s while connected: ${entry.stale.size} (worst lag ${seconds(entry.worstStaleMs)} s) ${entry.stale.size === 0 ? "ok" : "MISSED"}`,
    );
    const errors = [...entry.errors].sort((a, b) => b[1] - a[1]);
    say(`  errors clients saw: ${errors.length === 0 ? "none" : errors.map(([kind, n]) => `${kind}: ${n}`).join("; ")}`);
    if (entry.stale.size > 0 || p99 >= LIVE_AGAIN_P99_MS) failed = true;
  }
  const line = (label: string, value: number, target = 0) => {
    say(`${label}: ${value} ${value <= target ? "ok" : "MISSED"}`);
    if (value > target) failed = true;
  };
  say("");
  say(`acknowledged writes: ${acknowledged.size}; answers that left a write unknown: ${unknown.size} (${unknownApplied} of them applied)`);
  line("acknowledged writes lost", lost.length);
  line("writes doubled", doubled.length);
  say(`webhook: ${expected.length} changes, ${deliveries.size} delivered`);
  line("webhook deliveries lost", webhookLost);
  line("webhook deliveries doubled", webhookDoubled);
  say(`86 sweep (background job on every instance): ${probes.length} probes 86'd until a moment in each phase`);
  line("  restored twice", restoredTwice);
  line("  never restored / still 86'd", Math.max(neverRestored, stillOut));
  if (lost.length > 0) say(`  lost: ${lost.slice(0, 10).join(", ")}`);
  if (doubled.length > 0) say(`  doubled: ${doubled.slice(0, 10).join(", ")}`);
  // What HAProxy logged of its own answers and the servers' 5xx (the termination state says who ended each).
  const abnormal = haproxyLog.filter((entry) => / 5\d\d /.test(entry));
  if (abnormal.length > 0) {
    say(`HAProxy's log of 5xx answers (${abnormal.length}; the last 20):`);
    for (const entry of abnormal.slice(-20)) say(`  ${entry}`);
  }
  return failed ? 1 : 0;
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`\nbench failover failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    if (haproxyLog.length > 0) process.stderr.write(`HAProxy's output:\n${haproxyLog.slice(-15).join("\n")}\n`);
    for (const [index, server] of servers.entries())
      if (server?.log.length) process.stderr.write(`instance ${index + 1}'s last output:\n${server.log.slice(-15).join("\n")}\n`);
    await cleanup();
    process.exit(1);
  });
