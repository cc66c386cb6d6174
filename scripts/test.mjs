// npm test — everything CI checks, in one command:
//   0. the lint gate (`npm run lint`): Biome (lint + format check), dependency-cruiser (layer rules,
//      no cycles), the files comments name (lint/file-references.mjs), the one writer of changes
//      (lint/one-writer.mjs), tsc. Each of the five counts as one test; all five run even when one fails;
//   1. Vitest: every database-backed suite on in-memory PGlite, and again on PostgreSQL when
//      TEST_DATABASE_URL is set (a fresh database per test file);
//   2. Playwright (e2e/): the built app served by server.ts, through real HTTP and Chromium.
// Ends with the 10 slowest test files (Vitest's per pass, Playwright's) and the time of each step, then
// one line `tests: N passed, N failed, N skipped`. `npm test -- --no-e2e` skips step 2,
// `-- --no-lint` step 0 (local runs only: CI always runs the gate).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";

const out = ".test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
const skipE2e = process.argv.includes("--no-e2e");
const skipLint = process.argv.includes("--no-lint");

/** How long each step took, in seconds, for the summary. */
const steps = [];

function run(command, args, extraEnv = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const started = performance.now();
  const status = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } }).status ?? 1;
  steps.push({ step: [command, ...args.slice(0, 2)].join(" "), seconds: (performance.now() - started) / 1000 });
  return status;
}

/**
 * Each test file's time: Vitest's per file and pass, set-up included (test/file-times-reporter.ts: its
 * imports, its hooks, where the fresh database is made, and its tests), Playwright's per spec file.
 */
function fileTimes(vitestFiles, e2e) {
  const times = [];
  for (const { file, project, seconds, imports, hooks, tests } of vitestFiles ?? []) {
    const parts = `imports ${imports.toFixed(1)}, hooks ${hooks.toFixed(1)}, tests ${tests.toFixed(1)}`;
    times.push({ name: `${file} [${project}] (${parts})`, seconds });
  }
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    let ms = 0;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) ms += result.duration ?? 0;
    for (const child of suite.suites ?? []) ms += walk(child, here);
    return ms;
  };
  const byFile = new Map();
  for (const suite of e2e?.suites ?? []) {
    const name = `e2e/${suite.file}`;
    byFile.set(name, (byFile.get(name) ?? 0) + walk(suite, suite.file));
  }
  for (const [name, ms] of byFile) times.push({ name, seconds: ms / 1000 });
  return times;
}

function printSlowest(times, count = 10) {
  const slowest = [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  if (slowest.length === 0) return;
  console.log(`\nslowest ${slowest.length} test files:`);
  for (const { name, seconds } of slowest) console.log(`${seconds.toFixed(1).padStart(8)} s  ${name}`);
  console.log("\ntime per step:");
  for (const { step, seconds } of steps) console.log(`${seconds.toFixed(1).padStart(8)} s  ${step}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

// The gate's parts are the package.json scripts that `npm run lint` chains, so both run the same thing.
const gate = ["lint:code", "lint:deps", "lint:refs", "lint:writers", "typecheck"];
const gateFailed = skipLint ? [] : gate.filter((script) => run("npm", ["run", "-s", script]) !== 0);
if (skipLint) totals.skipped += gate.length;
else {
  totals.passed += gate.length - gateFailed.length;
  totals.failed += gateFailed.length;
}
const gateLine = skipLint
  ? "lint gate: skipped (--no-lint)"
  : `lint gate: ${gateFailed.length === 0 ? "passed" : `FAILED: ${gateFailed.map((script) => `npm run ${script}`).join(", ")}`}`;
console.log(`\n${gateLine}`);

if (!process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is not set: the PostgreSQL pass is skipped.");
const vitestStatus = run(
  "npx",
  [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--reporter=./test/file-times-reporter.ts",
    `--outputFile.json=${out}/vitest.json`,
  ],
  { FILE_TIMES_OUTPUT: `${out}/vitest-files.json` },
);
const vitest = readJson(`${out}/vitest.json`);
let e2e = null;
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
broken ||= vitestStatus !== 0 || !vitest;

if (!skipE2e) {
  const e2eStatus = run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` });
  e2e = readJson(`${out}/playwright.json`);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
  }
  broken ||= e2eStatus !== 0 || !e2e;
}

if (broken && totals.failed === 0) totals.failed = 1; // a runner that crashed counts as a failure
printSlowest(fileTimes(readJson(`${out}/vitest-files.json`), e2e));
console.log(`\n${gateLine}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
