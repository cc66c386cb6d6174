// npm start's keeper of the server (scripts/start.mjs, decision 076): the server runs as a child; when
// it dies on its own it is started again after a backoff, and the log says why it died (its exit code or
// signal, "out of memory" when V8 reached its heap limit). Crashes in a row are capped within a window:
// a server that cannot stay up stops being restarted, and `npm start` exits with its status. SIGINT and
// SIGTERM are passed to the server and end the keeping: a stop is never taken for a crash.
//
// Plain JavaScript (npm start runs it with node alone); its types are in supervisor.d.mts.
import { spawn } from "node:child_process";

/** The last bytes of the server's stderr kept to tell why it died: V8's out-of-memory report is short. */
const STDERR_TAIL_BYTES = 16 * 1024;

/** Why the server ended, in words, from its exit code or signal and the end of what it wrote to stderr. */
export function exitReason(code, signal, stderrTail = "") {
  if (/Reached heap limit|JavaScript heap out of memory|Allocation failed - process out of memory/.test(stderrTail)) {
    return `out of memory: the heap limit was reached (${signal ? `signal ${signal}` : `exit code ${code}`}); SERVER_HEAP_MB raises it`;
  }
  if (signal === "SIGKILL") return "killed by SIGKILL (the system's out-of-memory killer sends it when the machine runs out of memory)";
  if (signal) return `killed by ${signal}`;
  if (code === 134) return "aborted (exit code 134)";
  return `exit code ${code}`;
}

/**
 * When to start the server again: after each crash a delay doubling from `baseDelayMs` up to
 * `maxDelayMs`, and no more than `maxRestarts` restarts within `windowMs` (crashes older than the window
 * are forgotten, so a server that stays up a while is kept again).
 */
export function restartPolicy({ maxRestarts = 5, windowMs = 10 * 60_000, baseDelayMs = 1_000, maxDelayMs = 30_000 } = {}) {
  const crashes = [];
  return {
    maxRestarts,
    windowMs,
    /** Records a crash at `now`: restart after `delayMs`, or give up. */
    crashed(now) {
      while (crashes.length > 0 && crashes[0] <= now - windowMs) crashes.shift();
      crashes.push(now);
      if (crashes.length > maxRestarts) return { restart: false, crashes: crashes.length };
      return { restart: true, delayMs: Math.min(maxDelayMs, baseDelayMs * 2 ** (crashes.length - 1)), crashes: crashes.length };
    },
  };
}

const defaultWait = (ms, cancelled) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancelled.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Runs `command args` and keeps it running; resolves with the status `npm start` exits with. `signals`
 * is the emitter of SIGINT/SIGTERM (the process), `wait(ms, cancelled)` the backoff (tests pass one that
 * records the delay and does not sleep), `log` where the supervisor's lines go.
 */
export function supervise({
  command,
  args = [],
  env = process.env,
  policy = restartPolicy(),
  signals = process,
  log = (line) => console.error(line),
  wait = defaultWait,
  now = Date.now,
  onSpawn = () => {},
}) {
  return new Promise((resolve) => {
    let child = null;
    let stopping = null;
    let cancel = () => {};
    const cancelled = new Promise((done) => {
      cancel = done;
    });
    const stop = (signal) => {
      stopping = signal;
      cancel();
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      else if (!child) finish(0);
    };
    const handlers = ["SIGINT", "SIGTERM"].map((name) => [name, () => stop(name)]);
    for (const [name, handler] of handlers) signals.on(name, handler);
    const finish = (status) => {
      for (const [name, handler] of handlers) signals.off(name, handler);
      resolve(status);
    };
    const start = () => {
      child = spawn(command, args, { env, stdio: ["inherit", "inherit", "pipe"] });
      let tail = "";
      child.stderr.on("data", (chunk) => {
        process.stderr.write(chunk);
        tail = (tail + chunk.toString("utf8")).slice(-STDERR_TAIL_BYTES);
      });
      child.on("spawn", () => onSpawn(child));
      child.on("error", (error) => log(`[start] could not start the server: ${error.message}`));
      child.on("close", async (code, signal) => {
        if (stopping) return finish(code ?? 0);
        // Ended on its own with success: someone asked it to stop; nothing to restart.
        if (code === 0) return finish(0);
        const reason = exitReason(code, signal, tail);
        const next = policy.crashed(now());
        if (!next.restart) {
          log(
            `[start] the server died (${reason}): ${next.crashes} crashes within ${policy.windowMs / 60_000} min, more than ${policy.maxRestarts} restarts; giving up.`,
          );
          return finish(code ?? 1);
        }
        log(
          `[start] the server died (${reason}); restarting in ${next.delayMs / 1000} s (crash ${next.crashes} of ${policy.maxRestarts + 1} allowed within ${policy.windowMs / 60_000} min).`,
        );
        await wait(next.delayMs, cancelled);
        if (stopping) return finish(0);
        start();
      });
    };
    start();
  });
}
