// A PostgreSQL cluster of a script's own (npm run soak, npm run bench -- failover): initdb into a temporary
// folder, as the `postgres` user when run as root (initdb and postgres refuse root), on a free port on
// loopback; stopped, started and removed by the script, so it touches no other server.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "./app-process";

export type OwnPostgres = {
  /** The cluster's `postgres` database (trust authentication). */
  url: string;
  port: number;
  /** pg_ctl stop -m fast / pg_ctl start, each waiting until done. */
  stop: () => void;
  start: () => void;
  /** Stops it (immediate) and deletes its folder. */
  remove: () => void;
  describe: string;
};

/** The newest PostgreSQL's bin folder (Debian layout), else whatever is on PATH. */
function pgBin(program: string): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, "bin", program)).find((file) => existsSync(file));
  return found ?? program;
}

/** initdb, pg_ctl start: a cluster of our own on a free port, run as `postgres` when we are root. */
export async function startOwnPostgres(prefix = "taproom-pg-", settings: string[] = []): Promise<OwnPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join("/tmp", prefix));
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, id("-u"), id("-g")); // initdb and postgres refuse to run as root
  }
  const pgRun = (program: string, argv: string[]) => {
    const [command, commandArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", pgBin(program), ...argv]] : [pgBin(program), argv];
    execFileSync(command, commandArgs as string[], { stdio: ["ignore", "ignore", "inherit"] });
  };
  const data = path.join(dir, "data");
  const port = await freePort();
  const pgCtl = (action: string, extra: string[] = []) => pgRun("pg_ctl", [action, "-D", data, "-w", "-t", "60", ...extra]);
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, ...settings.map((setting) => `-c ${setting}`)].join(" ");
  const stop = () => pgCtl("stop", ["-m", "fast"]);
  const start = () => pgCtl("start", ["-l", path.join(dir, "postgres.log"), "-o", options]);
  pgRun("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  try {
    start();
  } catch (error) {
    console.error(readFileSync(path.join(dir, "postgres.log"), "utf8"));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const remove = () => {
    try {
      pgCtl("stop", ["-m", "immediate"]);
    } catch {
      /* not running */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    remove,
    describe: `own cluster in ${dir}, port ${port}`,
  };
}
