import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The e2e suite runs against the real production build, served from its own build folder
// (.next-e2e) with a fresh embedded database, so it never touches `npm start`'s .next or ./.data.

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * Specs run in E2E_WORKERS workers (default 1), each against its own demo server and database, so no
 * spec sees another's writes: a worker runs its files one after another. Slot k (Playwright's parallel
 * index) is served on `slotPort(k)`; every worker loads this file with its TEST_PARALLEL_INDEX set, so
 * `use.baseURL` is its own slot's server. On 2 cores the suite is bound by the CPU (browser, server and
 * build): two workers took 943 s against one's 993 s, each test twice as long, so one is the default
 * (decision 106); a machine with more cores can set more.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const slotPort = (slot: number) => (slot === 0 ? port : port + 1 + slot);
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const origin = `http://127.0.0.1:${slotPort(slot)}`;
/** The empty install's server (no demo data), for the fresh-install spec: E2E_EMPTY_URL tells it where. */
const emptyPort = port + 1;
const emptyOrigin = `http://127.0.0.1:${emptyPort}`;
process.env.E2E_EMPTY_URL = emptyOrigin;

// This file is loaded by the runner and again by every worker. Only the runner creates the temporary
// folder (workers inherit it through the environment) and only the runner removes it when it exits.
const TMP_KEY = "TAPROOM_E2E_TMP";
if (!process.env[TMP_KEY]) {
  const created = mkdtempSync(path.join(os.tmpdir(), "taproom-e2e-"));
  process.env[TMP_KEY] = created;
  process.on("exit", () => rmSync(created, { recursive: true, force: true }));
}
const tmp = process.env[TMP_KEY]!;

const serverEnv = {
  // E2E_DIST_DIR lets two runs on one machine build side by side (with different E2E_PORTs).
  NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
  NEXT_TELEMETRY_DISABLED: "1",
  // The webhooks spec's receiver listens on 127.0.0.1 over plain http.
  WEBHOOK_ALLOW_PRIVATE: "true",
  // The schedules spec holds the board's clock and the server's alike (X-Test-Now; decision 064).
  TEST_CLOCK_HEADER: "true",
  // The taps spec's meter publishes through the local broker (.ci/run starts Mosquitto); the servers
  // subscribe as an instance does (decision 099).
  MQTT_URL: process.env.MQTT_TEST_URL ?? "mqtt://127.0.0.1:1883",
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  use: {
    baseURL: origin,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-gpu",
        "--no-sandbox",
      ],
    },
  },
  projects: [
    // HTTP only: the `request` fixture never launches a browser.
    { name: "api", testMatch: "**/*.api.spec.ts" },
    // Dashboard tests, in the system Chromium (launchOptions above). They run after the API specs: the
    // account spec resets the owner's tokens, which the API specs' worker fixtures hold.
    { name: "ui", testMatch: "**/*.ui.spec.ts", use: { browserName: "chromium" }, dependencies: ["api"] },
  ],
  // Servers of one build: worker 0's demo, an empty install (DEMO_DATA=false) for
  // e2e/fresh-install.ui.spec.ts, and the other workers' demos. Playwright starts them in order, so the
  // later ones serve the build the first made.
  webServer: [
    {
      // tsconfig.json already lists .next-e2e's type folders, so this build leaves the tree unchanged.
      // The bundle report holds every page to its budget here too (decision 068): a page over it fails the
      // suite, as it fails `npm run build` and so `npm start`.
      // The build is part of this wait: 15 minutes, for a machine busier than a quiet CI runner (about 4 there).
      command: `npx next build && node scripts/bundle-report.mjs && npx tsc -p tsconfig.server.json && exec node .server/server.js -H 127.0.0.1 -p ${port}`,
      // The lint gate's tsc has checked the types before this build (next.config.ts).
      env: { ...serverEnv, DATA_DIR: path.join(tmp, "data"), NEXT_SKIP_TYPE_CHECK: "1" },
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 900_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `exec node .server/server.js -H 127.0.0.1 -p ${emptyPort}`,
      env: { ...serverEnv, DATA_DIR: path.join(tmp, "empty"), DEMO_DATA: "false" },
      url: `${emptyOrigin}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    // The other workers' demo servers, each with its own database.
    ...Array.from({ length: workers - 1 }, (_, index) => ({
      command: `exec node .server/server.js -H 127.0.0.1 -p ${slotPort(index + 1)}`,
      env: { ...serverEnv, DATA_DIR: path.join(tmp, `data-${index + 1}`) },
      url: `http://127.0.0.1:${slotPort(index + 1)}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    })),
  ],
});
