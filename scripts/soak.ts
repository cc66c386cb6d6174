/**
 * npm run soak — a long mixed read/write load against one instance on PostgreSQL, with the database
 * stopped and started again in the middle. It builds the app into .next-soak, creates a throwaway
 * database next to SOAK_DATABASE_URL's, seeds the demo data, starts `next start`, and runs
 * --workers loops until --minutes are up: reads (current_user, locations, the full menu, events) and
 * writes (a new event each, at most --writes-per-second). Halfway it runs the stop command, waits
 * --outage seconds and runs the start command. At the end it reads every event back and prints:
 * requests, answers by status, connection errors, the server's RSS at start and end, and the
 * acknowledged writes it cannot find ("lost"). It asserts no target; it exits non-zero when a write
 * was lost or the server did not come back after the outage.
 *
 *   npm run soak                                   # 30 minutes on postgres://postgres@127.0.0.1:5432/test
 *   npm run soak -- --minutes 3 --outage 20        # a short run
 *   SOAK_DATABASE_URL=postgres://… SOAK_STOP="…" SOAK_START="…" npm run soak
 */
import { execSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { type AppServer, freePort, groupRssMiB, run, startServer, stopServer } from "./app-process";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "30" },
    outage: { type: "string", default: "30" },
    workers: { type: "string", default: "8" },
    "writes-per-second": { type: "string", default: "5" },
    "no-build": { type: "boolean", default: false },
  },
});
const minutes = Number(args.minutes);
const outageSeconds = Number(args.outage);
const workers = Number(args.workers);
const writesPerSecond = Number(args["writes-per-second"]);
for (const [name, value] of Object.entries({ minutes, outage: outageSeconds, workers, "writes-per-second": writesPerSecond })) {
  if (!(value > 0)) throw new Error(`--${name} takes a positive number`);
}

const serverUrl = process.env.SOAK_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const cluster = () => readdirSync("/etc/postgresql")[0];
const stopCommand = process.env.SOAK_STOP ?? `pg_ctlcluster --skip-systemctl-redirect ${cluster()} main stop -m fast`;
const startCommand = process.env.SOAK_START ?? `pg_ctlcluster --skip-systemctl-redirect ${cluster()} main start`;
const OWNER = { email: "owner@demo.test", password: "demo-owner-pass" };

const stats = { requests: 0, byStatus: new Map<string, number>(), connectionErrors: 0 };
const acknowledged = new Set<number>();
const count = (key: string) => stats.byStatus.set(key, (stats.byStatus.get(key) ?? 0) + 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One request; counts its status (or the connection error) and returns the answer, if any. */
async function send(base: string, path: string, init: RequestInit = {}): Promise<Response | null> {
  stats.requests += 1;
  try {
    const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    count(String(response.status));
    return response;
  } catch {
    stats.connectionErrors += 1;
    return null;
  }
}

async function main() {
  const name = `taproom_soak_${Date.now()}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: ".next-soak",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: target.toString(),
    APP_SECRET: "soak-secret-soak-secret-soak-secret-0123456",
  };
  let server: AppServer | undefined;
  try {
    if (!args["no-build"]) await run("npx", ["next", "build"], env);
    await run("npm", ["run", "db:seed"], env);
    server = await startServer(env, await freePort());
    const { base } = server;
    const login = await (
      await fetch(`${base}/api/v1/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(OWNER),
      })
    ).json();
    const auth = { authorization: `Basic ${Buffer.from(`${OWNER.email}:${login.user.auth_token}`).toString("base64")}` };
    const location = (await (await fetch(`${base}/api/v1/locations`, { headers: auth })).json()).locations[0].id;
    const menu = (await (await fetch(`${base}/api/v1/locations/${location}/menus`, { headers: auth })).json()).menus[0].id;
    const reads = [
      "/api/v1/current_user",
      "/api/v1/locations",
      `/api/v1/menus/${menu}?full=true&source_name=Soak`,
      `/api/v1/locations/${location}/events`,
    ];

    await sleep(5_000); // warm up before the first RSS reading
    const rssStart = groupRssMiB(server);
    const startedAt = Date.now();
    const deadline = startedAt + minutes * 60_000;
    let writes = 0;
    let outage = "not yet";

    const worker = async (index: number) => {
      for (let i = index; Date.now() < deadline; i += workers) {
        const writeDue = writes < ((Date.now() - startedAt) / 1000) * writesPerSecond;
        if (writeDue) {
          writes += 1;
          const response = await send(base, `/api/v1/locations/${location}/events`, {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({
              event: { name: `Soak ${writes}`, description: "", start_time_date: "2027-06-01", start_time_time: "19:00" },
            }),
          });
          if (response?.status === 201) acknowledged.add((await response.json()).event.id);
          else await response?.arrayBuffer();
        } else {
          const response = await send(base, reads[i % reads.length]!, { headers: auth });
          await response?.arrayBuffer();
          if (!response || response.status === 503) await sleep(250); // what a client told Retry-After does
        }
      }
    };
    const outageRun = (async () => {
      await sleep((minutes * 60_000) / 2);
      console.log(`stopping the database: ${stopCommand}`);
      execSync(stopCommand, { stdio: "inherit" });
      await sleep(outageSeconds * 1000);
      console.log(`starting the database: ${startCommand}`);
      execSync(startCommand, { stdio: "inherit" });
      const back = Date.now();
      while (Date.now() < back + 60_000) {
        if ((await fetch(`${base}/api/ready`).catch(() => null))?.status === 200) {
          outage = `ready again ${((Date.now() - back) / 1000).toFixed(1)} s after the database started`;
          return;
        }
        await sleep(250);
      }
      outage = "NOT ready 60 s after the database started";
    })();
    await Promise.all([...Array.from({ length: workers }, (_, index) => worker(index)), outageRun]);
    const rssEnd = groupRssMiB(server);

    const stored = new Set<number>(
      ((await (await fetch(`${base}/api/v1/locations/${location}/events`, { headers: auth })).json()).events as { id: number }[]).map(
        (e) => e.id,
      ),
    );
    const lost = [...acknowledged].filter((id) => !stored.has(id));

    console.log(`\nsoak: ${minutes} min, ${workers} workers, database stopped for ${outageSeconds} s halfway`);
    console.log(`requests: ${stats.requests}`);
    console.log(
      `answers by status: ${[...stats.byStatus]
        .sort()
        .map(([status, n]) => `${status}: ${n}`)
        .join(", ")}`,
    );
    console.log(`connection errors: ${stats.connectionErrors}`);
    console.log(`recovery: ${outage}`);
    console.log(`RSS: ${rssStart} MiB at start, ${rssEnd} MiB at end (${(((rssEnd - rssStart) / rssStart) * 100).toFixed(1)} %)`);
    console.log(
      `writes acknowledged (201): ${acknowledged.size}, found afterwards: ${acknowledged.size - lost.length}, lost: ${lost.length}`,
    );
    if (lost.length > 0 || outage.startsWith("NOT")) process.exitCode = 1;
  } catch (error) {
    if (server?.log.length) console.error(`last server output:\n${server.log.slice(-30).join("\n")}`);
    throw error;
  } finally {
    await stopServer(server);
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).catch(() => {});
  }
}

await main();
