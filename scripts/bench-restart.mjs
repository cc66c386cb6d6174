// npm run bench -- restart — how long `npm start` takes from launch to a ready server when nothing changed
// since the last build (issue 36: under 5 s). Needs a build (`npm start` or `npm run build` once). Starts
// it on a spare port and a data folder of its own: once to make the folder (the demo data), then three
// restarts, each timed from launch to the first 200 from /api/health, and stopped with SIGTERM.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.BENCH_PORT ?? 3390);
const dataDir = mkdtempSync(path.join(tmpdir(), "taproom-restart-"));

async function ready(deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Until nothing answers on the port: the stopped server has finished its graceful shutdown. */
async function gone(deadline) {
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function startOnce() {
  if (!(await gone(Date.now() + 30_000))) throw new Error(`something still answers on port ${port}`);
  const began = Date.now();
  const child = spawn("node", ["scripts/start.mjs", "-H", "127.0.0.1", "-p", String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let said = "";
  child.stdout.on("data", (chunk) => {
    said += chunk;
  });
  const ok = await ready(began + 600_000);
  const ms = Date.now() - began;
  process.kill(-child.pid, "SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  await gone(Date.now() + 30_000);
  if (!ok) throw new Error(`not ready within 10 minutes:\n${said}`);
  return { ms, built: !said.includes("Sources unchanged") };
}

try {
  const first = await startOnce();
  console.log(`first start (${first.built ? "built" : "no build"}, new data folder): ${first.ms} ms`);
  const runs = [];
  for (let run = 1; run <= 3; run++) {
    const restart = await startOnce();
    runs.push(restart.ms);
    console.log(`restart ${run} (${restart.built ? "built" : "no build"}): ${restart.ms} ms`);
  }
  console.log(`restart to ready, median of 3: ${runs.sort((a, b) => a - b)[1]} ms (target < 5000 ms)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
