/**
 * The board fleet at scale (issue 37, decision 067): --boards (5,000) TVs holding their device streams
 * to ONE app instance on PostgreSQL, heartbeats on, then --changes (50) menu changes. It builds into
 * .next-bench (or reuses it with --no-build), creates a throwaway database on BENCH_DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/test; dropped at the end), seeds it, and starts one server
 * with the per-address caps raised by its settings (STREAM_LIMIT_PER_ADDRESS,
 * BOARD_PAIRING_LIMIT_PER_ADDRESS, BOARD_PAIRING_GUESSES_PER_*: every TV here comes from 127.0.0.1, paired by one owner). Each TV is made as a real one
 * is: POST /boards/pairings (its cookie and code), paired by the owner (POST /locations/:id/boards,
 * every board on one menu: every change reaches all of them), then GET /boards/device/stream.
 *
 * Prints the server's RSS before the streams and per 1,000 boards held, checks that the heartbeat batch
 * wrote every board's last_seen_at while they were held, and for each change the time from its commit
 * (the database's NOTIFY, heard by a LISTEN of this script's own) to the LAST board receiving its
 * `event: version`: p50, p99 and the worst. Targets: 5,000 boards < 1 GB of RSS, p99 < 1 s.
 *
 *   npm run bench -- boards
 *   npm run bench -- boards --boards 1000 --changes 20 --no-build
 *   npm run bench -- boards --no-build --dist .next-e2e   (a build the e2e suite made)
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import pg from "pg";
import { type AppServer, build, freePort, run, startServer, stopServer } from "./app-process";
import { onVersions, pairBoardsBySql, pool, quantile, request as send } from "./bench-clients";

const OWNER = { email: "owner@demo.test", password: "demo-owner-pass" };
const { values: args } = parseArgs({
  options: {
    boards: { type: "string", default: "5000" },
    changes: { type: "string", default: "50" },
    "hold-seconds": { type: "string", default: "35" },
    "no-build": { type: "boolean", default: false },
    dist: { type: "string", default: ".next-bench" },
    // The pairing through the API takes minutes on a loaded machine: --pair-by-sql writes the same rows
    // (a device per TV with its secret's hash, its board on the menu) in one statement each instead.
    "pair-by-sql": { type: "boolean", default: false },
  },
});
const DIST_DIR = args.dist;
const boardCount = Number(args.boards);
const changeCount = Number(args.changes);
// Held at least one heartbeat interval (30 s), so the batch has run while every stream is open.
const holdMs = Number(args["hold-seconds"]) * 1000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `taproom_bench_boards_${process.pid}`;
let server: AppServer | undefined;
let created = false;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function cleanup() {
  agent.destroy();
  await stopServer(server);
  if (created) await admin(`drop database if exists ${name} with (force)`).catch(() => {});
}

/** The server's resident set (the process `npm run serve` runs), in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? Number.NaN) / 1024;
}

const request = (base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  send(agent, base, method, path, headers, body);

/** One TV's stream: the highest version it was told, and when each version reached it. */
type Tv = { version: number; arrivals: Map<number, number>; close: () => void };

function openStream(base: string, cookie: string, onVersion: () => void): Promise<Tv> {
  return new Promise((resolve, reject) => {
    const tv: Tv = { version: 0, arrivals: new Map(), close: () => {} };
    const sent = http.get(
      `${base}/api/v1/boards/device/stream`,
      { agent: false, headers: { cookie, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream: ${response.statusCode}`));
          response.resume();
          return;
        }
        tv.close = () => response.destroy();
        let opened = false;
        onVersions(response, (version, at) => {
          tv.version = Math.max(tv.version, version);
          tv.arrivals.set(version, at);
          onVersion();
          if (!opened) {
            opened = true;
            resolve(tv);
          }
        });
        response.on("error", () => {});
      },
    );
    sent.on("error", reject);
  });
}

async function main() {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };
  if (!args["no-build"]) await build(env);
  await admin(`create database ${name}`);
  created = true;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: "production",
    DATABASE_URL: url.toString(),
    APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    // Every TV of this script comes from 127.0.0.1: the caps per client address are raised by the
    // settings that exist for it, nothing else.
    STREAM_LIMIT_PER_ADDRESS: String(boardCount + 100),
    BOARD_PAIRING_LIMIT_PER_ADDRESS: String(boardCount + 100),
    // The owner pairs every TV: its codes tried, per address and per business (decision 075).
    BOARD_PAIRING_GUESSES_PER_ADDRESS: String(boardCount + 100),
    BOARD_PAIRING_GUESSES_PER_BUSINESS: String(boardCount + 100),
  };
  await run("npm", ["run", "db:seed"], serverEnv);
  server = await startServer(serverEnv, await freePort());
  const base = server.base;
  const pid = server.child.pid!;

  const login = await request(base, "POST", "/api/v1/sessions", {}, OWNER);
  const { user } = JSON.parse(login.body) as { user: { email: string; auth_token: string } };
  const authorization = `Basic ${Buffer.from(`${user.email}:${user.auth_token}`).toString("base64")}`;
  const get = async <T>(path: string) => JSON.parse((await request(base, "GET", `/api/v1${path}`, { authorization })).body) as T;
  const location = (await get<{ locations: { id: number }[] }>("/locations")).locations[0]!.id;
  const menus = (await get<{ menus: { id: number; unpublished: boolean }[] }>(`/locations/${location}/menus`)).menus;
  const menu = menus.find((candidate) => !candidate.unpublished) ?? menus[0]!;
  if (menu.unpublished) await request(base, "POST", `/api/v1/menus/${menu.id}/publish`, { authorization });
  const tree = await get<{ menu: { version: number; sections: { id: number }[] } }>(`/menus/${menu.id}?full=true`);
  const sectionId = tree.menu.sections[0]!.id;

  // Pair every TV as a real one is paired: its own code and cookie, then the owner's POST.
  process.stdout.write(`pairing ${boardCount} boards${args["pair-by-sql"] ? " (by SQL)" : ""}…\n`);
  const started = performance.now();
  const cookies: string[] = [];
  if (args["pair-by-sql"]) {
    cookies.push(...(await pairBoardsBySql(url.toString(), boardCount, location, menu.id)));
  } else {
    await pool(boardCount, 16, async (index) => {
      const asked = await request(base, "POST", "/api/v1/boards/pairings");
      if (asked.status !== 201) throw new Error(`POST /boards/pairings: ${asked.status} ${asked.body}`);
      const cookie = String(asked.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
      const { code } = JSON.parse(asked.body) as { code: string };
      const paired = await request(
        base,
        "POST",
        `/api/v1/locations/${location}/boards`,
        { authorization },
        {
          code,
          name: `TV ${index + 1}`,
          menu_id: menu.id,
          theme: "dark",
        },
      );
      if (paired.status !== 201) throw new Error(`POST /locations/${location}/boards: ${paired.status} ${paired.body}`);
      cookies[index] = cookie;
    });
  }
  process.stdout.write(`paired in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  // Settle, then the baseline.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rss: { boards: number; mb: number }[] = [{ boards: 0, mb: rssMb(pid) }];
  let waiting: { version: number; resolve: () => void } | null = null;
  const tvs: Tv[] = [];
  const check = () => {
    if (waiting && tvs.length === boardCount && tvs.every((tv) => tv.version >= waiting!.version)) {
      const done = waiting;
      waiting = null;
      done.resolve();
    }
  };
  let retried = 0;
  const opening = performance.now();
  const openedAt = new Date();
  for (let from = 0; from < boardCount; from += 1000) {
    const batch = Math.min(1000, boardCount - from);
    await pool(batch, 25, async (index) => {
      // A TV whose stream is refused for a moment (503 while the database's pool is busy) comes back, as EventSource does.
      for (let attempt = 0; ; attempt++) {
        try {
          tvs[from + index] = await openStream(base, cookies[from + index]!, check);
          break;
        } catch (error) {
          if (attempt >= 5 || !String(error).includes("503")) throw error;
          retried++;
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rss.push({ boards: from + batch, mb: rssMb(pid) });
    process.stdout.write(`  ${from + batch} streams open, RSS ${rss.at(-1)!.mb.toFixed(0)} MB\n`);
  }
  if (retried > 0) process.stdout.write(`(${retried} stream openings answered 503 and came back, as EventSource does)\n`);
  process.stdout.write(
    `${boardCount} streams open in ${((performance.now() - opening) / 1000).toFixed(1)} s; held ${holdMs / 1000} s (heartbeats)…\n`,
  );

  // Held past a heartbeat interval: the batch has written every board's last_seen_at since they opened.
  // (The instant every stream was open, taken before the hold: a batch after it is a heartbeat of the hold.)
  const afterOpen = new Date(openedAt.getTime() + 1000 * Math.ceil((performance.now() - opening) / 1000));
  const database = new pg.Client({ connectionString: url.toString() });
  await database.connect();
  await new Promise((resolve) => setTimeout(resolve, holdMs));
  const beats = await database.query<{ n: string }>("select count(*) as n from boards where last_seen_at > $1", [afterOpen]);
  const heartbeatWritten = Number(beats.rows[0]!.n);
  rss.push({ boards: boardCount, mb: rssMb(pid) });

  // Each change's commit is the moment its NOTIFY reaches this script's LISTEN.
  const commits = new Map<number, number>();
  await database.query("listen taproom");
  database.on("notification", (message) => {
    const event = JSON.parse(message.payload ?? "{}") as { kind?: string; menu_id?: number; version?: number };
    if (event.kind === "change" && event.menu_id === menu.id && event.version) commits.set(event.version, performance.now());
  });

  /** The first version above `after` a NOTIFY named, waiting up to 10 s for it. */
  const notified = async (after: number): Promise<number> => {
    const deadline = performance.now() + 10_000;
    for (;;) {
      const newer = [...commits.keys()].filter((version) => version > after);
      if (newer.length > 0) return Math.min(...newer);
      if (performance.now() > deadline) throw new Error(`no NOTIFY of a version above ${after} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  let previous = tree.menu.version;
  const latencies: number[] = [];
  for (let change = 0; change < changeCount; change++) {
    const patched = await request(
      base,
      "PATCH",
      `/api/v1/sections/${sectionId}`,
      { authorization },
      { section: { name: `Bench ${change}` } },
    );
    if (patched.status !== 200) throw new Error(`PATCH section: ${patched.status} ${patched.body}`);
    // The change's version is the one its commit's NOTIFY named (the PATCH answers after its commit, so
    // it has been sent; no read of the menu, which a busy pool may refuse for a moment).
    const version = await notified(previous);
    previous = version;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`change ${change}: not every board was told version ${version} within 30 s`)),
        30_000,
      );
      waiting = {
        version,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      check();
    });
    const commit = commits.get(version);
    if (commit === undefined) throw new Error(`no NOTIFY heard for version ${version}`);
    const last = Math.max(...tvs.map((tv) => tv.arrivals.get(version) ?? Number.POSITIVE_INFINITY));
    latencies.push(last - commit);
  }
  await database.end();
  for (const tv of tvs) tv.close();

  const held = rss.find((entry) => entry.boards === boardCount)!;
  process.stdout.write("\nRSS of the one server (MB):\n");
  for (const entry of rss) process.stdout.write(`  ${String(entry.boards).padStart(5)} boards: ${entry.mb.toFixed(0)}\n`);
  const perThousand = ((rss.at(-1)!.mb - rss[0]!.mb) / boardCount) * 1000;
  process.stdout.write(
    `  per 1,000 boards: ${perThousand.toFixed(1)} MB (over the baseline); ${boardCount} boards: ${rss.at(-1)!.mb.toFixed(0)} MB (target < 1024) ${rss.at(-1)!.mb < 1024 ? "ok" : "OVER"}\n`,
  );
  process.stdout.write(
    `heartbeat batch: ${heartbeatWritten} of ${boardCount} boards' last_seen_at written while held ${heartbeatWritten === boardCount ? "ok" : "MISSING"}\n`,
  );
  const p99 = quantile(latencies, 0.99);
  process.stdout.write(
    `commit → last of ${boardCount} boards told, over ${latencies.length} changes: p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (target p99 < 1000) ${p99 < 1000 ? "ok" : "OVER"}\n`,
  );
  if (held.mb >= 1024 || p99 >= 1000 || heartbeatWritten !== boardCount) process.exitCode = 1;
}

main()
  .catch((error) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n${server ? server.log.slice(-20).join("\n") : ""}\n`,
    );
    process.exitCode = 1;
  })
  .finally(cleanup);
