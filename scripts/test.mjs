// npm test — everything CI checks, in one command:
//   0. the lint gate (`npm run lint`): Biome (lint + format check), dependency-cruiser (layer rules,
//      no cycles), tsc. Each of the three counts as one test; all three run even when one fails;
//   1. Vitest: every database-backed suite on in-memory PGlite, and again on PostgreSQL when
//      TEST_DATABASE_URL is set (a fresh database per test file);
//   2. Playwright (e2e/): the built app served by server.ts, through real HTTP and Chromium.
// Ends with one line `tests: N passed, N failed, N skipped`. `npm test -- --no-e2e` skips step 2,
// `-- --no-lint` step 0 (local runs only: CI always runs the gate).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";

const out = ".test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
const skipE2e = process.argv.includes("--no-e2e");
const skipLint = process.argv.includes("--no-lint");

function run(command, args, extraEnv = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } }).status ?? 1;
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
const gate = ["lint:code", "lint:deps", "typecheck"];
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
const vitestStatus = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}/vitest.json`]);
const vitest = readJson(`${out}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
broken ||= vitestStatus !== 0 || !vitest;

if (!skipE2e) {
  const e2eStatus = run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` });
  const e2e = readJson(`${out}/playwright.json`);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
  }
  broken ||= e2eStatus !== 0 || !e2e;
}

if (broken && totals.failed === 0) totals.failed = 1; // a runner that crashed counts as a failure
console.log(`\n${gateLine}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
