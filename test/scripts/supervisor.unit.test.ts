import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { exitReason, restartPolicy, supervise } from "../../scripts/supervisor.mjs";

// npm start keeps the server running (decision 076): a crash is restarted after a backoff and said why,
// crashes are capped within a window, SIGINT/SIGTERM stop it for good. Real children (node -e), no build;
// the backoff is a recorded wait that does not sleep, the window's clock a counter.

const node = (code: string, flags: string[] = []) => ({ command: process.execPath, args: [...flags, "-e", code] });

function harness() {
  const lines: string[] = [];
  const delays: number[] = [];
  let spawned = 0;
  const signals = new EventEmitter();
  return {
    lines,
    delays,
    signals,
    spawned: () => spawned,
    options: {
      signals,
      log: (line: string) => lines.push(line),
      wait: async (ms: number) => {
        delays.push(ms);
      },
      onSpawn: () => {
        spawned += 1;
      },
    },
  };
}

describe("npm start's supervisor", () => {
  it("restarts a server that exits with an error, with a growing backoff, and gives up past the cap", async () => {
    const h = harness();
    let clock = 0;
    const status = await supervise({
      ...node("process.exit(3)"),
      ...h.options,
      policy: restartPolicy({ maxRestarts: 3, windowMs: 60_000, baseDelayMs: 1_000, maxDelayMs: 3_000 }),
      now: () => (clock += 1_000),
    });
    expect(status).toBe(3);
    expect(h.spawned()).toBe(4);
    expect(h.delays).toEqual([1_000, 2_000, 3_000]);
    expect(h.lines[0]).toMatch(/the server died \(exit code 3\); restarting in 1 s/);
    expect(h.lines.at(-1)).toMatch(/giving up/);
  });

  it("says out of memory when the server reached its heap limit", async () => {
    const h = harness();
    const status = await supervise({
      ...node("const kept = []; for (;;) kept.push(new Array(100000).fill(kept.length));", ["--max-old-space-size=16"]),
      ...h.options,
      policy: restartPolicy({ maxRestarts: 0 }),
    });
    expect(status).not.toBe(0);
    expect(h.spawned()).toBe(1);
    expect(h.lines[0]).toMatch(/out of memory: the heap limit was reached/);
  });

  it("passes SIGTERM to the server and stops, without restarting it", async () => {
    const h = harness();
    const running = supervise({
      ...node("process.on('SIGTERM', () => process.exit(0)); process.stderr.write('ready\\n'); setInterval(() => {}, 1000);"),
      ...h.options,
      onSpawn: (child) => {
        h.options.onSpawn();
        // Signalled once the child has installed its handler: it says so on stderr.
        child.stderr!.once("data", () => h.signals.emit("SIGTERM"));
      },
    });
    expect(await running).toBe(0);
    expect(h.spawned()).toBe(1);
    expect(h.lines).toEqual([]);
    expect(h.signals.listenerCount("SIGTERM")).toBe(0);
  });

  it("does not restart a server that ended with success on its own", async () => {
    const h = harness();
    expect(await supervise({ ...node("process.exit(0)"), ...h.options })).toBe(0);
    expect(h.spawned()).toBe(1);
  });

  it("forgets crashes older than the window", () => {
    const policy = restartPolicy({ maxRestarts: 2, windowMs: 10_000, baseDelayMs: 500, maxDelayMs: 10_000 });
    expect(policy.crashed(0)).toMatchObject({ restart: true, delayMs: 500 });
    expect(policy.crashed(1_000)).toMatchObject({ restart: true, delayMs: 1_000 });
    expect(policy.crashed(2_000)).toEqual({ restart: false, crashes: 3 });
    // Ten seconds on, the first two are out of the window.
    expect(policy.crashed(11_500)).toMatchObject({ restart: true, crashes: 2 });
  });

  it("names signals and the out-of-memory killer", () => {
    expect(exitReason(null, "SIGKILL")).toMatch(/out-of-memory killer/);
    expect(exitReason(null, "SIGSEGV")).toBe("killed by SIGSEGV");
    expect(exitReason(1, null, "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory")).toMatch(
      /^out of memory/,
    );
    expect(exitReason(2, null)).toBe("exit code 2");
  });
});
