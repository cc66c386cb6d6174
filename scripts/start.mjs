// npm start — build only when the sources changed since the last build, then serve.
//
// The build (Next.js, then server.ts into .server/, then the bundle report) takes a minute or more; a
// restart with nothing changed should not. After a build that succeeded, the digest of every input
// (the app's sources, the configs, the lock file, and the settings the build reads) is written to
// .server/build-stamp.json; the next start builds again only when the digest differs, the stamp is
// missing, or either output folder is gone. `npm start -- --build` always builds.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverNode } from "./server-options.mjs";
import { supervise } from "./supervisor.mjs";

const STAMP = ".server/build-stamp.json";
/** Folders the build compiles; top-level files of these kinds are its configs and entry points. */
const SOURCE_DIRS = ["app", "components", "lib", "sandbox", "public", "lint"];
const TOP_LEVEL = /\.(ts|tsx|js|mjs|cjs|json|jsonc)$/;
/** Written by the build itself (absent on a fresh clone): left out, or the second start would build again. */
const GENERATED = new Set(["next-env.d.ts"]);
/** Settings the build itself reads (the rest are read by the running server). */
const BUILD_SETTINGS = ["NEXT_DIST_DIR", "NODE_ENV"];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

/** One digest of every input's path and content, and of the build's settings. */
function sourceDigest() {
  const top = readdirSync(".", { withFileTypes: true })
    .filter((entry) => entry.isFile() && TOP_LEVEL.test(entry.name) && !GENERATED.has(entry.name))
    .map((entry) => entry.name);
  const hash = createHash("sha256");
  for (const file of [...top, ...SOURCE_DIRS.flatMap(filesUnder)].sort()) {
    hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  }
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${process.env[name] ?? ""}\0`);
  return hash.digest("hex");
}

function stampOf() {
  try {
    return JSON.parse(readFileSync(STAMP, "utf8"));
  } catch {
    return null;
  }
}

const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const started = Date.now();
const digest = sourceDigest();
const stamp = stampOf();
const outputs = existsSync(distDir) && statSync(distDir).isDirectory() && existsSync(".server/server.js");
const fresh = !process.argv.includes("--build") && outputs && stamp?.digest === digest && stamp?.distDir === distDir;

if (fresh) {
  console.log(`Sources unchanged since the build of ${stamp.builtAt}: serving it (checked in ${Date.now() - started} ms).`);
} else {
  // The build says little while it compiles (Next.js prints nothing for minutes on a small machine):
  // each step is named, with what the last build here took (or a guess from the cores), and a line every
  // 30 s says it is still going (issue 49 row 10).
  const cores = os.availableParallelism();
  const lastTook = typeof stamp?.tookMs === "number" ? stamp.tookMs : null;
  const expected = lastTook
    ? `the last build here took ${minutes(lastTook)}`
    : `a first build takes about ${cores <= 2 ? "5–12" : cores <= 4 ? "3–6" : "2–4"} minutes on ${cores} cores, longer while the machine is busy`;
  console.log(`${outputs ? "Sources changed since the last build" : "No build yet"}: building before serving (${expected}).`);
  const steps = [
    ["1/3", "compiling the pages and the API (next build)", "npx", ["next", "build"], { NEXT_TELEMETRY_DISABLED: "1" }],
    ["2/3", "compiling the server (server.ts)", "npm", ["run", "-s", "build:server"], {}],
    ["3/3", "checking the pages' sizes (bundle report)", process.execPath, ["scripts/bundle-report.mjs"], {}],
  ];
  const buildStarted = Date.now();
  for (const [step, what, command, args, env] of steps) {
    const stepStarted = Date.now();
    console.log(`[build ${step}] ${what}…`);
    const status = await run(command, args, env, (elapsed) =>
      console.log(
        `[build ${step}] still ${what.split(" (")[0]}: ${minutes(elapsed)} so far (${minutes(Date.now() - buildStarted)} in all)`,
      ),
    );
    if (status !== 0) {
      console.error(`[build ${step}] failed after ${minutes(Date.now() - stepStarted)}: nothing is served. The lines above say why.`);
      process.exit(status ?? 1);
    }
    console.log(`[build ${step}] done in ${minutes(Date.now() - stepStarted)}.`);
  }
  const tookMs = Date.now() - buildStarted;
  console.log(`Built in ${minutes(tookMs)}; the next start serves this build at once unless the sources change.`);
  mkdirSync(path.dirname(STAMP), { recursive: true });
  // The digest taken before the build: a file edited while it ran makes the next start build again.
  writeFileSync(STAMP, `${JSON.stringify({ digest, distDir, builtAt: new Date().toISOString(), tookMs }, null, 2)}\n`);
}

/** "45 s", "3 min 20 s". */
function minutes(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Runs one build step with the terminal, telling `still` every 30 s; its exit status. */
function run(command, args, env, still) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    const timer = setInterval(() => still(Date.now() - started), 30_000);
    child.on("error", () => resolve(1));
    child.on("exit", (code) => {
      clearInterval(timer);
      resolve(code ?? 1);
    });
  });
}

// Serve in the foreground, as `npm run serve` does, but with node as our own child (npm's shell would
// not pass a SIGTERM on): the server gets the signals and stops its jobs cleanly. Node's flags and
// environment for this database (scripts/server-options.mjs: the small-server profile on the embedded
// default). A server that dies on its own is started again after a backoff, with the reason logged, a
// few times within a window (scripts/supervisor.mjs, decision 076).
const node = serverNode({ ...process.env, NEXT_TELEMETRY_DISABLED: "1" });
const status = await supervise({
  command: process.execPath,
  args: [...node.args, ".server/server.js", ...process.argv.slice(2).filter((arg) => arg !== "--build")],
  env: node.env,
});
process.exit(status);
