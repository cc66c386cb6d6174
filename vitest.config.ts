import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const shared = {
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
};

// Every database-backed suite runs on a fresh in-memory PGlite per file, and again on a fresh
// PostgreSQL database per file when TEST_DATABASE_URL is set: each a copy of the run's template,
// migrated and seeded once by test/global-setup.ts.
// `extends: true`: an inline project does not inherit the root `test` options otherwise, and the
// timeouts and pool below silently fell back to Vitest's defaults (5 s a test).
// A `*.unit.test.ts` file never reaches the database (test/unit-setup.ts gives it one that refuses
// every use): it runs once, in the `unit` project, with no database made for it.
const UNIT = "test/**/*.unit.test.ts";
const databaseSuites = { include: ["test/**/*.test.ts"], exclude: [UNIT] };
const projects = [
  {
    ...shared,
    extends: true as const,
    test: { name: "unit", include: [UNIT], setupFiles: ["test/unit-setup.ts"], env: { TEST_DB: "none" } },
  },
  {
    ...shared,
    extends: true as const,
    test: { name: "pglite", ...databaseSuites, setupFiles: ["test/setup.ts"], env: { TEST_DB: "pglite" } },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    ...shared,
    extends: true as const,
    test: { name: "postgres", ...databaseSuites, setupFiles: ["test/setup.ts"], env: { TEST_DB: "postgres" } },
  });
}

export default defineConfig({
  ...shared,
  test: {
    projects,
    // Wide margins, sized from the slowest work a test does (the six-month demo activity and the first
    // check-in sync: 4 s on an idle machine, 12 s with both cores busy): a test fails on a wrong
    // answer, never on a slow or busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // A worker runs its test files one after another in one module graph: each file still gets a fresh
    // database (test/setup.ts runs again before every file), its environment back when it ends
    // (test/file-boundary.ts), and process state is kept per database (lib/db/process-global.ts). Loading
    // the app's modules once a worker instead of once a file took 40 % of the suite's CPU off.
    isolate: false,
    // One test file per core. Vitest's default leaves a core to its own process (cores − 1), which on a
    // 2-core CI machine ran every file one after the other; that process mostly waits on the workers.
    maxWorkers: os.availableParallelism(),
    globalSetup: ["test/global-setup.ts"],
  },
});
