import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, ROOT, SERVER } from "../scripts/app-process";
import { expect, test } from "@playwright/test";

// Start-up refuses a configuration it cannot serve (issue 31 row 9): the built server with DATABASE_URL
// but no APP_SECRET exits at once with the reason, instead of answering 500 to every request.

test("the server does not start with DATABASE_URL and no APP_SECRET, and says why", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "taproom-startup-"));
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
      NEXT_TELEMETRY_DISABLED: "1",
      DATA_DIR: dataDir,
      // Never reached: the settings are refused before any connection is made.
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
    };
    delete env.APP_SECRET;
    const child = spawn(process.execPath, [SERVER, "-p", String(await freePort()), "-H", "127.0.0.1"], { cwd: ROOT, env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    // Bounded by the test's own timeout: a server that kept running would fail it there.
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, output).toBe(78);
    expect(output).toContain("Taproom cannot start");
    expect(output).toContain("APP_SECRET is required with DATABASE_URL");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
