/**
 * Two app instances on one PostgreSQL: how soon does instance B see a change made through instance A?
 * It builds once into .next-bench (or reuses it with --no-build), creates a throwaway database on
 * BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test; the database is dropped
 * at the end), seeds it, starts A and B on it, opens B's change stream for the demo location, and
 * makes --changes (200) changes through A, one at a time. For each it measures, from the moment A
 * answered the write: a read on B (GET /menus/:id with the tag B gave before, polled until it is 200
 * with the new version) and the SSE event on B's stream. Target: p99 < 200 ms for both.
 *
 *   npm run bench -- live
 *   npm run bench -- live --changes 50 --no-build
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { type AppServer, build, freePort, run, startServer, stopServer } from "./app-process";

const DIST_DIR = ".next-bench";
const OWNER = { email: "owner@demo.test", password: "demo-owner-pass" };
const { values: args } = parseArgs({
  options: { changes: { type: "string", default: "200" }, "no-build": { type: "boolean", default: false } },
});
const changes = Number(args.changes);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `taproom_bench_live_${process.pid}`;
const servers: AppServer[] = [];
let created = false;

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
  await Promise.all(servers.map((server) => stopServer(server)));
  if (created) await admin(`drop database if exists ${name} with (force)`).catch(() => {});
}

/** Reads SSE events from B's stream and calls `onEvent` with each one's data and arrival time. */
async function follow(url: string, authorization: string, onEvent: (data: { version: number; menu_id: number }, at: number) => void) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { authorization, accept: "text/event-stream" }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const at = performance.now();
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trim())
          .join("\n");
        if (data) onEvent(JSON.parse(data), at);
        end = buffer.indexOf("\n\n");
      }
    }
  })();
  return () => controller.abort();
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

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
  };
  await run("npm", ["run", "db:seed"], serverEnv);
  const [a, b] = [await startServer(serverEnv, await freePort()), await startServer(serverEnv, await freePort())];
  servers.push(a!, b!);

  const login = await fetch(`${a!.base}/api/v1/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(OWNER),
  });
  const { user } = (await login.json()) as { user: { email: string; auth_token: string } };
  const authorization = `Basic ${Buffer.from(`${user.email}:${user.auth_token}`).toString("base64")}`;
  const get = async <T>(base: string, path: string) =>
    (await (await fetch(`${base}/api/v1${path}`, { headers: { authorization } })).json()) as T;
  const location = (await get<{ locations: { id: number }[] }>(a!.base, "/locations")).locations[0]!.id;
  const menuId = (await get<{ menus: { id: number }[] }>(a!.base, `/locations/${location}/menus`)).menus[0]!.id;
  const tree = await get<{ menu: { sections: { items: { id: number }[] }[] } }>(a!.base, `/menus/${menuId}?full=true`);
  const itemId = tree.menu.sections[0]!.items[0]!.id;

  const streamed = new Map<number, number>();
  const stop = await follow(`${b!.base}/api/v1/locations/${location}/changes/stream`, authorization, (data, at) => {
    if (data.menu_id === menuId) streamed.set(data.version, at);
  });
  const readUrl = `${b!.base}/api/v1/menus/${menuId}`;
  const first = await fetch(readUrl, { headers: { authorization } });
  let tag = first.headers.get("etag") ?? "";
  let version = ((await first.json()) as { menu: { version: number } }).menu.version;

  const readLatency: number[] = [];
  const streamLatency: number[] = [];
  const writeLatency: number[] = [];
  console.log(`${changes} changes through A (${a!.base}), seen on B (${b!.base})...`);
  for (let i = 0; i < changes; i++) {
    const sent = performance.now();
    const response = await fetch(`${a!.base}/api/v1/items/${itemId}`, {
      method: "PATCH",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ item: { description: `Change ${i}` } }),
    });
    if (!response.ok) throw new Error(`PATCH on A: ${response.status}`);
    await response.arrayBuffer();
    const answered = performance.now();
    writeLatency.push(answered - sent);
    // Every change raises the menu's version by exactly 1 (live-menus §1).
    version += 1;
    // B: poll with the tag it gave before until it answers the new version.
    for (;;) {
      const read = await fetch(readUrl, { headers: { authorization, "if-none-match": tag } });
      if (read.status === 200) {
        const body = (await read.json()) as { menu: { version: number } };
        if (body.menu.version >= version) {
          readLatency.push(performance.now() - answered);
          tag = read.headers.get("etag") ?? "";
          break;
        }
      } else await read.arrayBuffer();
      if (performance.now() - answered > 10_000) throw new Error(`B did not see version ${version} within 10 s`);
    }
    const deadline = performance.now() + 10_000;
    while (!streamed.has(version)) {
      if (performance.now() > deadline) throw new Error(`B's stream did not send version ${version} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    streamLatency.push(Math.max(0, streamed.get(version)! - answered));
  }
  stop();

  const row = (label: string, values: number[], target: number | null) =>
    [
      label,
      quantile(values, 0.5).toFixed(1),
      quantile(values, 0.99).toFixed(1),
      Math.max(...values).toFixed(1),
      target === null ? "-" : `< ${target} ${quantile(values, 0.99) < target ? "met" : "MISSED"}`,
    ].join("  |  ");
  console.log(`\nTwo instances on one PostgreSQL, ${changes} changes, ${new Date().toISOString()}`);
  console.log("measured from the moment A answered the write (ms)  |  p50  |  p99  |  max  |  p99 target");
  console.log(row("write on A (sent → answered)", writeLatency, null));
  console.log(row("read on B sees it", readLatency, 200));
  console.log(row("B's SSE stream sends it", streamLatency, 200));
  const missed = [readLatency, streamLatency].some((values) => quantile(values, 0.99) >= 200);
  return missed ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(`\nbench live failed: ${error instanceof Error ? error.message : String(error)}`);
    for (const server of servers) if (server.log.length) console.error(`last server output:\n${server.log.slice(-20).join("\n")}`);
    await cleanup();
    process.exit(1);
  });
