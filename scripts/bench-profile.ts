/**
 * Where a read's time goes in the production server: a CPU profile of one endpoint under load beside
 * one of the floor (GET /api/health, an empty route handler), each summarised by where the sampled
 * time was spent. It reuses the last `npm run bench` builds (.next-bench, .server/; --build: builds them first), builds the bench's
 * large menu through the API on a throwaway embedded database, then, once for the floor and once for
 * the endpoint, starts the server afresh with `node --cpu-prof`, loads it with autocannon (32
 * connections, a warm-up, then --seconds), stops it, and reads the profile's samples from the measured
 * window only. Profiles go to bench-results/profiles/; the summary is printed.
 *
 *   npm run bench -- profile                               # the 20×25×3 full menu, gzip
 *   npm run bench -- profile --build                    # the same, on a fresh build of the tree
 *   npm run bench -- profile --endpoint demo            # the demo menu's full=true
 *   npm run bench -- profile --endpoint 304 --seconds 10
 *
 * Profiling slows the server: its figures are for where the time goes, not for the ratios
 * (`npm run bench` measures those).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { type AppServer, build, freePort, ROOT, startServer, stopServer } from "./app-process";
import { buildFixtures, getJson, MENU_SHAPE } from "./bench-fixtures";

const { values: args } = parseArgs({
  options: {
    endpoint: { type: "string", default: "large" },
    seconds: { type: "string", default: "8" },
    build: { type: "boolean", default: false },
  },
});
const seconds = Number(args.seconds);
const ENDPOINTS = ["large", "demo", "304"] as const;
type Endpoint = (typeof ENDPOINTS)[number];
if (!ENDPOINTS.includes(args.endpoint as Endpoint)) throw new Error(`--endpoint takes one of ${ENDPOINTS.join(", ")}`);
const OWNER = { email: "owner@demo.test", password: "demo-owner-pass" };
const WARMUP_SECONDS = 2;

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Where a frame's code lives, in words. */
function placeOf({ functionName, url }: Node["callFrame"]): string {
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(idle)") return "idle (waiting for I/O)";
  if (functionName === "(program)") return "native, outside JavaScript (V8, libuv, zlib, syscalls)";
  if (url.startsWith("node:")) return `Node.js (${url.replace(/^node:(internal\/)?/, "").split("/")[0]})`;
  if (url.includes("/node_modules/next/")) return "Next.js (node_modules/next)";
  if (url.includes("/.next-bench/server/")) return "the app's server bundles (route code and the Next.js runtime bundled with it)";
  if (url.includes("/.server/")) return "server.ts / server-front.ts";
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) return `package ${pkg}`;
  return url ? path.relative(ROOT, url.replace(/^file:\/\//, "")) : "(no script)";
}

/** Self time by place and the top functions, from the samples of the last `windowMs`. */
function summarise(file: string, windowMs: number) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = profile.endTime - windowMs * 1000;
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from) continue;
    const frame = byId.get(id)!.callFrame;
    const place = placeOf(frame);
    places.set(place, (places.get(place) ?? 0) + delta);
    const name = `${frame.functionName || "(anonymous)"} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(`${name} [${place}]`, (functions.get(`${name} [${place}]`) ?? 0) + delta);
    total += delta;
  }
  const busy = total - (places.get("idle (waiting for I/O)") ?? 0);
  const rows = (map: Map<string, number>, limit: number) =>
    [...map]
      .filter(([key]) => !key.startsWith("idle"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([key, us]) => `  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  return { busyMs: busy / 1000, idleMs: (total - busy) / 1000, places: rows(places, 12), functions: rows(functions, 20) };
}

async function profiled(env: NodeJS.ProcessEnv, name: string, load: (base: string) => Promise<number>) {
  const dir = path.join(ROOT, "bench-results", "profiles");
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const profileName = `${name}-${stamp}.cpuprofile`;
  const server = await startServer(env, await freePort(), ["--cpu-prof", `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${profileName}`]);
  let requests = 0;
  try {
    requests = await load(server.base);
  } finally {
    await stopServer(server);
  }
  const file = path.join(dir, profileName);
  if (!readdirSync(dir).includes(profileName)) throw new Error(`no profile was written (${file})`);
  return { file, requests };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "taproom-profile-"));
  const built: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: ".next-bench", NEXT_TELEMETRY_DISABLED: "1" };
  if (args.build) await build(built);
  const env: NodeJS.ProcessEnv = { ...built, NODE_ENV: "production", DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  let server: AppServer | undefined;
  try {
    // The fixtures first, on a server that is not profiled.
    server = await startServer(env, await freePort());
    const login = async (base: string) => {
      const { user } = await getJson<{ user: { email: string; auth_token: string } }>(`${base}/api/v1/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(OWNER),
      });
      return `Basic ${Buffer.from(`${user.email}:${user.auth_token}`).toString("base64")}`;
    };
    const authorization = await login(server.base);
    const { locations } = await getJson<{ locations: { id: number }[] }>(`${server.base}/api/v1/locations`, { headers: { authorization } });
    process.stdout.write(`building a ${MENU_SHAPE.join("×")} menu... `);
    const fixtures = await buildFixtures(server.base, authorization, locations[0]!.id);
    console.log("done");
    await stopServer(server);
    server = undefined;

    const drive =
      (pathOf: (base: string) => string, headers: (base: string) => Promise<Record<string, string>>) => async (base: string) => {
        const options = { url: pathOf(base), connections: 32, headers: await headers(base) };
        await autocannon({ ...options, duration: WARMUP_SECONDS });
        const result = await autocannon({ ...options, duration: seconds });
        if (result.errors || result.non2xx) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx answers`);
        return result.requests.total;
      };
    const menuId = args.endpoint === "demo" ? fixtures.demoMenuId : fixtures.menuId;
    const label =
      args.endpoint === "demo"
        ? "GET /api/v1/menus/:id?full=true (demo menu)"
        : args.endpoint === "304"
          ? `GET /api/v1/menus/:id?full=true (${MENU_SHAPE.join("×")}, If-None-Match: 304)`
          : `GET /api/v1/menus/:id?full=true (${MENU_SHAPE.join("×")}, gzip)`;
    const runs = [
      {
        name: "floor",
        label: "GET /api/health (floor)",
        load: drive(
          (base) => `${base}/api/health`,
          async () => ({}),
        ),
      },
      {
        name: `menu-${args.endpoint}`,
        label,
        load: drive(
          (base) => `${base}/api/v1/menus/${menuId}?full=true`,
          async (base) => {
            const auth = await login(base);
            const headers: Record<string, string> = { authorization: auth, "accept-encoding": "gzip" };
            if (args.endpoint === "304") {
              headers["if-none-match"] = (await fetch(`${base}/api/v1/menus/${menuId}?full=true`, { headers })).headers.get("etag") ?? "";
            }
            return headers;
          },
        ),
      },
    ];
    for (const run of runs) {
      const { file, requests } = await profiled(env, run.name, run.load);
      const summary = summarise(file, seconds * 1000);
      console.log(`\n${run.label}: ${requests} requests in ${seconds} s under the profiler; ${path.relative(ROOT, file)}`);
      console.log(
        `  busy ${summary.busyMs.toFixed(0)} ms (${((1000 * summary.busyMs) / Math.max(1, requests)).toFixed(0)} µs per request), idle ${summary.idleMs.toFixed(0)} ms`,
      );
      console.log("  self time by place:");
      for (const line of summary.places) console.log(line);
      console.log("  functions with the most self time:");
      for (const line of summary.functions) console.log(line);
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
