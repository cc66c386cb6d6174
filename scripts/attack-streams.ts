/**
 * npm run attack:streams — issue 31 rows 1 and 3 as an attacker would try them, against one built
 * instance on the embedded database: from one client, HEADs of the board's stream (each must open
 * nothing), then GET board streams and change streams on one token held open together (each past its
 * cap must be refused, 429), with changes made while they are open; then every stream closes.
 * After one warm-up round it runs two more and prints the server's RSS (its process tree, from /proc)
 * at the start, while the streams are open and after they closed, and the answers by status. It
 * asserts nothing: the figures are for the note.
 *
 *   npm run attack:streams                           # 5,000 HEADs, 2,000 board streams, 500 change streams
 *   npm run attack:streams -- --heads 500 --streams 300 --changes 100 --build
 */
import http from "node:http";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type AppServer, build, freePort, ROOT, startServer, stopServer, treeRssMiB } from "./app-process";

const { values: args } = parseArgs({
  options: {
    heads: { type: "string", default: "5000" },
    streams: { type: "string", default: "2000" },
    changes: { type: "string", default: "500" },
    build: { type: "boolean", default: false },
  },
});
const DIST = ".next-attack";
const OWNER = { email: "owner@demo.test", password: "demo-owner-pass" };
// One client: every request from 127.0.0.1 through its own socket, as a single attacking host would.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

type Held = { status: number; close: () => void };

/** One request; for a 200 stream the response is kept open (not read to its end) until `close`. */
function send(base: string, method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, {
      method,
      headers,
      agent: method === "GET" && pathname.includes("stream") ? false : agent,
    });
    request.once("error", reject);
    request.once("response", (response) => {
      const stream = (response.headers["content-type"] ?? "").startsWith("text/event-stream") && method === "GET";
      if (!stream) response.resume();
      resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
    });
    request.end(body);
  });
}

/** `count` requests, at most `parallel` in flight; their answers by status, and the held ones. */
async function many(count: number, parallel: number, make: () => Promise<Held>) {
  const statuses = new Map<number | string, number>();
  const held: Held[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next++;
      try {
        const answer = await make();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200) held.push(answer);
        else answer.close();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? "error";
        statuses.set(code, (statuses.get(code) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return { statuses, held };
}

const show = (statuses: Map<number | string, number>) =>
  [...statuses.entries()]
    .sort()
    .map(([status, n]) => `${status} × ${n}`)
    .join(", ");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const heads = Number(args.heads);
  const streams = Number(args.streams);
  const changes = Number(args.changes);
  const env = { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: "1" } as NodeJS.ProcessEnv;
  if (args.build || !existsSync(path.join(ROOT, DIST))) await build(env);
  const data = mkdtempSync(path.join(os.tmpdir(), "taproom-attack-"));
  let server: AppServer | undefined;
  try {
    server = await startServer({ ...env, DATA_DIR: data }, await freePort());
    const base = server.base;
    const session = await fetch(`${base}/api/v1/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(OWNER),
    }).then((r) => r.json() as Promise<{ user: { auth_token: string; auth_token_read_only: string } }>);
    const auth = (token: string) => `Basic ${Buffer.from(`${OWNER.email}:${token}`).toString("base64")}`;
    const rw = auth(session.user.auth_token);
    const ro = auth(session.user.auth_token_read_only);
    const get = <T>(pathname: string) =>
      fetch(`${base}/api/v1/${pathname}`, { headers: { authorization: ro } }).then((r) => r.json() as Promise<T>);
    const locationId = (await get<{ locations: { id: number }[] }>("locations")).locations[0]!.id;
    const menus = (await get<{ menus: { id: number; unpublished: boolean }[] }>(`locations/${locationId}/menus`)).menus;
    const menu = menus.find((m) => !m.unpublished)!;
    const sectionId = (await get<{ menu: { sections: { id: number }[] } }>(`menus/${menu.id}?full=true`)).menu.sections[0]!.id;
    const rename = (name: string) =>
      send(
        base,
        "PATCH",
        `/api/v1/sections/${sectionId}`,
        { authorization: rw, "content-type": "application/json" },
        JSON.stringify({ section: { name } }),
      );
    const rss = () => treeRssMiB(server!.child.pid!);
    /** One round of the attack: HEADs, then board streams from one client, then change streams on one token, each closed. */
    const round = async (scale: number, say: (line: string) => void) => {
      const headed = await many(Math.round(heads * scale), 64, () => send(base, "HEAD", `/preview/menus/${menu.id}/stream`));
      for (let n = 0; n < 5; n++) (await rename(`Attack ${n}`)).close();
      say(`${Math.round(heads * scale)} HEAD /preview/menus/${menu.id}/stream: ${show(headed.statuses)}; RSS ${rss()} MiB`);
      // The client address's cap: board streams from one client.
      const boards = await many(Math.round(streams * scale), 64, () => send(base, "GET", `/preview/menus/${menu.id}/stream`));
      for (let n = 0; n < 10; n++) (await rename(`Boards ${n}`)).close();
      await pause(2000);
      say(
        `${Math.round(streams * scale)} GET board streams from one client: ${show(boards.statuses)}; RSS with ${boards.held.length} open after 10 changes: ${rss()} MiB`,
      );
      for (const held of boards.held) held.close();
      await pause(2000);
      // The credential's cap: change streams on one token (the address has room again).
      const feeds = await many(Math.round(changes * scale), 64, () =>
        send(base, "GET", `/api/v1/locations/${locationId}/changes/stream`, { authorization: ro }),
      );
      for (let n = 0; n < 10; n++) (await rename(`Feeds ${n}`)).close();
      await pause(2000);
      say(
        `${Math.round(changes * scale)} GET change streams on one token: ${show(feeds.statuses)}; RSS with ${feeds.held.length} open after 10 changes: ${rss()} MiB`,
      );
      for (const held of feeds.held) held.close();
      await pause(5000);
    };
    // Warm-up: one whole round, so the heap has its working size before the first reading (as the soak
    // warms up before its baseline); a leak shows as growth from round to round after it.
    console.log(`server RSS before the warm-up round: ${rss()} MiB`);
    await round(1, () => {});
    const start = rss();
    console.log(`server RSS at the start (after the warm-up round): ${start} MiB`);
    for (const which of [1, 2]) {
      await round(1, (line) => console.log(`round ${which}: ${line}`));
      const after = rss();
      console.log(
        `round ${which}: every stream closed: RSS ${after} MiB (${(((after - start) / start) * 100).toFixed(1)} % from the start)`,
      );
    }
    const again = await send(base, "GET", `/preview/menus/${menu.id}/stream`);
    again.close();
    console.log(`a new stream afterwards: ${again.status}`);
  } finally {
    agent.destroy();
    await stopServer(server);
    rmSync(data, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
