// Building and running the app from a script (npm run bench, npm run soak): one server (server.ts,
// compiled to .server/server.js, as `npm run serve` runs it) in its own process group, its recent output kept for a failure report, stopped with the whole group.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { serverNode } from "./server-options.mjs";

export const ROOT = path.resolve(import.meta.dirname, "..");
/** Builds the app as `npm run build` does (Next.js, then the server), with `env` (its NEXT_DIST_DIR). */
export async function build(env: NodeJS.ProcessEnv): Promise<void> {
  await run("npx", ["next", "build"], env);
  await run("npx", ["tsc", "-p", "tsconfig.server.json"], env);
}

/** Runs a command to completion (in `cwd`, the repository by default) with its output shown; rejects on a non-zero exit. */
export function run(command: string, argv: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd, env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${argv.join(" ")} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type AppServer = { base: string; child: ChildProcess; log: string[] };

/** The production server that `npm run serve` runs. */
export const SERVER = path.join(ROOT, ".server", "server.js");

/** Starts the server (as `npm start` runs it) in its own process group and waits until GET /api/health answers 200; `nodeArgs` go to node (e.g. --cpu-prof). */
export function startServer(env: NodeJS.ProcessEnv, port: number, nodeArgs: string[] = []): Promise<AppServer> {
  // As `npm start` runs it: the same Node flags and environment for its database (server-options.mjs).
  const node = serverNode(env);
  return startNode([...node.args, ...nodeArgs, SERVER, "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, env: node.env }, port);
}

/**
 * Runs Node with `argv` in its own process group (in `cwd`, with `env`) and waits until GET /api/health
 * on `port` answers 200: the app's server, or the bench's floor app (`next start`).
 */
export async function startNode(argv: string[], { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv }, port: number): Promise<AppServer> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, argv, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const server: AppServer = { base, child, log: [] };
  const keep = (chunk: Buffer) => {
    server.log.push(...chunk.toString().split("\n").filter(Boolean));
    server.log.splice(0, server.log.length - 100);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before it was ready${lastOutput(server)}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready within 90 s${lastOutput(server)}`);
}

const lastOutput = (server: AppServer) => (server.log.length > 0 ? `; its last output:\n${server.log.slice(-20).join("\n")}` : "");

/** Stops the server's whole process group: TERM, then KILL after 5 s. */
export async function stopServer(server: AppServer | undefined) {
  const child = server?.child;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
  };
  kill("SIGTERM");
  const timer = setTimeout(() => kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
  kill("SIGKILL"); // whatever of the group outlived the leader
}

/** The children of each running process, by parent id, from /proc (Linux). */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* exited meanwhile */
    }
  }
  return children;
}

/** The sum of `read(pid)` over a process and all its descendants (0 for one that exited meanwhile). */
function sumOverTree(pid: number, read: (pid: number) => number): number {
  const children = childrenByParent();
  let sum = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop()!;
    try {
      sum += read(current);
    } catch {
      /* exited meanwhile */
    }
    queue.push(...(children.get(current) ?? []));
  }
  return sum;
}

/** Resident memory (VmRSS) of a process and all its descendants, in MiB, read from /proc (Linux). */
export function treeRssMiB(pid: number): number {
  const kib = sumOverTree(pid, (current) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${current}/status`, "utf8"))?.[1] ?? 0));
  return Math.round(kib / 1024);
}

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system) a process and all its descendants have used, in seconds, from /proc (Linux). */
export function treeCpuSeconds(pid: number): number {
  const ticks = sumOverTree(pid, (current) => {
    const stat = readFileSync(`/proc/${current}/stat`, "utf8");
    // After "pid (comm) ": state ppid … utime is the 12th field, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  });
  return ticks / TICKS_PER_SECOND;
}
