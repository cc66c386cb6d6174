/**
 * npm run attack — issue 47's security probe, rows 1–10, replayed against a running server, each judged
 * by what the server did (scripts/attack-judge.ts): held, broke, or inconclusive when the attack could
 * not be set up. Each row signs up its own businesses (nothing of the demo's is touched) and reaches only
 * the server under test and, for row 2, a small HTTP server of its own on 127.0.0.1. While each row runs,
 * a bystander business reads its locations in a loop: its p50/p99 are printed with the row, and the
 * server's RSS (its process tree, from /proc) before and at the peak, when the pid is known (--pid, or
 * the one process whose command line runs .server/server.js). Decision 076.
 *
 * The server must run with:
 *   WEBHOOK_ALLOW_PRIVATE=true   for row 2: the import's source is this script's loopback server (the
 *                                outbound guard refuses loopback otherwise; the row then says so)
 *   SIGNUP left open             every row signs up (about 20 businesses; sign-ups are limited per address)
 *   TRUSTED_PROXY_COUNT=1        for row 6 to come from 22 addresses (X-Forwarded-For, sent with
 *                                --forwarded); without it every attempt is from this host's one address
 *
 *   npm run attack -- --base http://127.0.0.1:3000
 *   npm run attack -- --base http://127.0.0.1:3000 --pid 12345 --rows 2,3 --forwarded
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from "@/lib/boards/schemas";
import { CSV_MAX_ROWS } from "@/lib/menus/csv/rows";
import { treeRssMiB } from "./app-process";
import {
  DEFAULT_LIMITS,
  judgeForeignRestore,
  judgeHeavyWork,
  judgeHugeImport,
  judgeHugeRestore,
  judgeInvitations,
  judgeLoginSpray,
  judgeOldToken,
  judgePairingGuesses,
  judgeV4Budget,
  percentile,
  type Statuses,
  type Surroundings,
  type Verdict,
} from "./attack-judge";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:3000" },
    pid: { type: "string" },
    rows: { type: "string", default: "1,2,3,4,5,6,7,8,9,10" },
    forwarded: { type: "boolean", default: false },
    "p99-ms": { type: "string", default: String(DEFAULT_LIMITS.p99Ms) },
    "rss-growth-mib": { type: "string", default: String(DEFAULT_LIMITS.rssGrowthMiB) },
  },
});
const BASE = args.base.replace(/\/$/, "");
const LIMITS = { p99Ms: Number(args["p99-ms"]), rssGrowthMiB: Number(args["rss-growth-mib"]) };
const MIB = 1024 * 1024;
const RUN = randomBytes(3).toString("hex");
const PASSWORD = "copper kettle attack 42";

type Who = { email: string; token: string; readOnly: string };
type Answer = { status: number | string; body: unknown; cookies?: string[] };

/** The value at a dotted path of a parsed answer (`user.auth_token`), as the caller expects it. */
function at<T>(body: unknown, path: string): T {
  let value = body;
  for (const key of path.split(".")) value = (value as Record<string, unknown> | null)?.[key];
  if (value === undefined) throw new Error(`the answer has no ${path}: ${JSON.stringify(body)}`);
  return value as T;
}

/** The index-th pairing guess, in the board's own code shape (decision 075): each guess is a real try. */
function guessCode(index: number): string {
  let rest = index * 7_919 + 123_457;
  return Array.from({ length: PAIRING_CODE_LENGTH }, () => {
    const letter = PAIRING_CODE_ALPHABET[rest % PAIRING_CODE_ALPHABET.length];
    rest = Math.floor(rest / PAIRING_CODE_ALPHABET.length);
    return letter;
  }).join("");
}

const auth = (who: { email: string; token: string }) => `Basic ${Buffer.from(`${who.email}:${who.token}`).toString("base64")}`;

/** One request; a request that got no answer is its error's code as the status. */
async function call(
  method: string,
  path: string,
  init: { as?: { email: string; token: string }; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.as) headers.authorization = auth(init.as);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] ??= "application/json";
  }
  try {
    const response = await fetch(`${BASE}${path}`, { method, headers, body, duplex: "half" } as RequestInit);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* a PDF, a CSV, an empty body */
    }
    return { status: response.status, body: parsed, cookies: response.headers.getSetCookie() } satisfies Answer;
  } catch (error) {
    const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
    return { status: cause?.code ?? (error as Error).name, body: null } satisfies Answer;
  }
}

/** `count` calls, `parallel` at a time: their statuses by count. */
async function many(count: number, parallel: number, make: (index: number) => Promise<Answer>): Promise<Statuses> {
  const statuses: Statuses = new Map();
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const { status } = await make(next++);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
  return statuses;
}

let signups = 0;
/** A new business and its owner's tokens, from an address of its own when the server trusts the header. */
async function signUp(label: string): Promise<Who> {
  const n = ++signups;
  const email = `${label}-${RUN}-${n}@attack.test`;
  const answer = await call("POST", "/api/v1/signup", {
    json: { business_name: `Attack ${label} ${n}`, name: `Attack ${label}`, email, password: PASSWORD },
    headers: args.forwarded ? { "x-forwarded-for": `198.18.${n % 250}.${(n * 7) % 250}` } : {},
  });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { email, token: at<string>(answer.body, "user.auth_token"), readOnly: at<string>(answer.body, "user.auth_token_read_only") };
}

async function newLocation(who: Who, name: string): Promise<number> {
  const answer = await call("POST", "/api/v1/locations", { as: who, json: { location: { name, time_zone: "UTC", currency: "USD" } } });
  if (answer.status !== 201) throw new Error(`a location answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return at<number>(answer.body, "location.id");
}

async function newMenu(who: Who, locationId: number, name: string): Promise<number> {
  const answer = await call("POST", `/api/v1/locations/${locationId}/menus`, { as: who, json: { menu: { name } } });
  if (answer.status !== 201) throw new Error(`a menu answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const id = at<number>(answer.body, "menu.id");
  // Published: the printed menu and the board show the menu in force.
  const published = await call("POST", `/api/v1/menus/${id}/publish`, { as: who });
  if (published.status !== 200) throw new Error(`publishing a menu answered ${published.status}: ${JSON.stringify(published.body)}`);
  return id;
}

/** A menu CSV of `rows` items in sections of 50 (venue-operations §6's columns). */
function menuCsv(rows: number): string {
  const lines = ["section,item,brewery,style,abv,ibu,description,container,price,untappd_id"];
  for (let i = 0; i < rows; i++) {
    lines.push(`Section ${Math.floor(i / 50) + 1},Beer ${i + 1},Brewery ${i % 97},IPA,6.5,55,A hoppy beer number ${i + 1},Pint,7.00,`);
  }
  return `${lines.join("\n")}\n`;
}

// ── the server's pid and RSS ──────────────────────────────────────────────────────────────────────────

function serverPid(): number | null {
  if (args.pid) return Number(args.pid);
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (command.some((part) => part.endsWith(".server/server.js"))) found.push(Number(entry));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return found.length === 1 ? found[0]! : null;
}
const PID = serverPid();
const rss = (): number | null => {
  if (PID === null) return null;
  try {
    return treeRssMiB(PID);
  } catch {
    return null;
  }
};

// ── the bystander: another business reading while each row runs ────────────────────────────────────────

/**
 * The bystander's loop, run in a process of its own: the figures are what another client sees, not
 * this script's own event loop busy sending an attack (a 58 MB upload made the bystander's reads in
 * the same process wait for the upload's writes). Prints one line per read: its milliseconds.
 */
const BYSTANDER_LOOP = `
const [base, authorization] = process.argv.slice(1);
for (;;) {
  const started = performance.now();
  try {
    const response = await fetch(base + "/api/v1/locations", { headers: { authorization } });
    await response.arrayBuffer();
    process.stdout.write((performance.now() - started).toFixed(1) + "\\n");
  } catch {}
  await new Promise((resolve) => setTimeout(resolve, 50));
}`;

/** Runs `attack` while a bystander reads in a loop (its own process) and the RSS is sampled; what was seen around it. */
async function watched<T>(bystander: Who, attack: () => Promise<T>): Promise<{ result: T; around: Surroundings }> {
  const latencyMs: number[] = [];
  const rssBeforeMiB = rss();
  let rssPeakMiB = rssBeforeMiB;
  const reader = spawn(
    process.execPath,
    ["--input-type=module", "-e", BYSTANDER_LOOP, BASE, auth({ email: bystander.email, token: bystander.readOnly })],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let pending = "";
  reader.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line) latencyMs.push(Number(line));
  });
  // The loop's first read is the baseline a row is measured against: wait for it before attacking.
  while (latencyMs.length === 0 && reader.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
  latencyMs.length = 0;
  const sampler = setInterval(() => {
    const now = rss();
    if (now !== null && (rssPeakMiB === null || now > rssPeakMiB)) rssPeakMiB = now;
  }, 250);
  try {
    const result = await attack();
    // A read still under way when the attack ended waited for it too: let it finish and count.
    const counted = latencyMs.length;
    const until = Date.now() + 10_000;
    while (latencyMs.length === counted && Date.now() < until && reader.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return { result, around: { alive: false, rssBeforeMiB, rssPeakMiB, latencyMs: [...latencyMs] } };
  } finally {
    clearInterval(sampler);
    reader.kill();
  }
}

async function alive(): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await call("GET", "/api/health");
    if (answer.status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return false;
}

// ── the rows ──────────────────────────────────────────────────────────────────────────────────────────

type Row = { n: number; title: string; run: (bystander: Who) => Promise<{ verdict: Verdict; around?: Surroundings }> };

/** A row whose attack is watched: the server's life is checked after it. */
async function aroundAttack<T>(bystander: Who, attack: () => Promise<T>) {
  const { result, around } = await watched(bystander, attack);
  return { result, around: { ...around, alive: await alive() } };
}

const ROWS: Row[] = [
  {
    n: 1,
    title: "restore naming another business's location_id",
    run: async () => {
      const victim = await signUp("victim");
      const victimLocation = await newLocation(victim, "Victim's bar");
      const victimMenus = async () => JSON.stringify((await call("GET", `/api/v1/locations/${victimLocation}/menus`, { as: victim })).body);
      const before = await victimMenus();
      const attacker = await signUp("restorer");
      const exported = await call("GET", "/api/v1/export", { as: attacker });
      if (exported.status !== 200) return { verdict: { verdict: "inconclusive", why: `the export answered ${exported.status}` } };
      const file = exported.body as { tables: Record<string, unknown[]> };
      const menuId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
      for (const key of Object.keys(file.tables)) file.tables[key] = [];
      const now = new Date().toISOString();
      file.tables.menus = [
        {
          id: menuId,
          location_id: victimLocation,
          name: "Planted by another business",
          position: 0,
          unpublished: false,
          created_at: now,
          updated_at: now,
        },
      ];
      const restored = await call("POST", "/api/v1/import", { as: attacker, json: file });
      const after = await victimMenus();
      const read = await call("GET", `/api/v1/locations/${victimLocation}`, { as: attacker });
      return {
        verdict: judgeForeignRestore({
          status: typeof restored.status === "number" ? restored.status : 0,
          victimChanged: after !== before,
          attackerReadsVictim: read.status === 200,
        }),
      };
    },
  },
  {
    n: 2,
    title: "import from a URL whose menu answers 30 MB",
    run: async (bystander) => {
      const sourceServer = http.createServer((request, response) => {
        const url = request.url ?? "";
        const json = (body: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
        if (url === "/api/v1/locations/1")
          return json({ location: { id: 1, name: "Huge", city: null, currency: "USD", time_zone: "UTC" } });
        if (url.startsWith("/api/v1/locations/1/menus")) return json({ menus: [{ id: 1, name: "Huge", legacy: false }] });
        if (url.startsWith("/api/v1/menus/1")) {
          response.writeHead(200, { "content-type": "application/json" });
          response.write('{"menu":{"id":1,"name":"Huge","description":"');
          let sent = 0;
          const more = () => {
            while (sent < 30 * MIB && !response.destroyed) {
              sent += 64 * 1024;
              if (!response.write("x".repeat(64 * 1024))) return void response.once("drain", more);
            }
            if (!response.destroyed) response.end('"}}');
          };
          return more();
        }
        if (url.endsWith("/events")) return json({ events: [] });
        if (url.endsWith("/hours")) return json({ hours: [] });
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => sourceServer.listen(0, "127.0.0.1", resolve));
      try {
        const source = `http://127.0.0.1:${(sourceServer.address() as AddressInfo).port}`;
        const importer = await signUp("importer");
        const locationId = await newLocation(importer, "Importer's bar");
        const { result, around } = await aroundAttack(bystander, () =>
          call("POST", `/api/v1/locations/${locationId}/imports`, {
            as: importer,
            json: { base_url: source, email: "a@source.test", token: "t", source_location_id: 1 },
          }),
        );
        const loopbackRefused = result.status === 422 && JSON.stringify(result.body).includes("base_url");
        return { verdict: judgeHugeImport({ status: result.status, loopbackRefused }, around, LIMITS), around };
      } finally {
        sourceServer.closeAllConnections();
        sourceServer.close();
      }
    },
  },
  {
    n: 3,
    title: "a 58 MB restore body from a fresh sign-up",
    run: async (bystander) => {
      const fresh = await signUp("bulky");
      const { result, around } = await aroundAttack(bystander, () => {
        // Streamed without Content-Length, as the probe sent it: the server must stop reading by itself.
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"format":"taproom-export","padding":"'));
          },
          pull(controller) {
            if (sent >= 58 * MIB) {
              controller.enqueue(new TextEncoder().encode('"}'));
              return controller.close();
            }
            sent += 256 * 1024;
            controller.enqueue(new Uint8Array(256 * 1024).fill(0x78));
          },
        });
        return call("POST", "/api/v1/import", { as: fresh, body, headers: { "content-type": "application/json" } });
      });
      return { verdict: judgeHugeRestore({ status: result.status }, around, LIMITS), around };
    },
  },
  {
    n: 4,
    title: "CSV import of 14,000 rows",
    run: async (bystander) => {
      const owner = await signUp("csv");
      const menuId = await newMenu(owner, await newLocation(owner, "CSV bar"), "Long list");
      const csv = menuCsv(14_000);
      const { result, around } = await aroundAttack(bystander, () =>
        call("PUT", `/api/v1/menus/${menuId}/import.csv`, { as: owner, body: csv, headers: { "content-type": "text/csv" } }),
      );
      return { verdict: judgeHeavyWork({ statuses: new Map([[result.status, 1]]), setUp: null }, around, LIMITS), around };
    },
  },
  {
    n: 5,
    title: `print of the largest menu the CSV import accepts (${CSV_MAX_ROWS.toLocaleString("en")} items), 4 at once`,
    run: async (bystander) => {
      const owner = await signUp("print");
      const menuId = await newMenu(owner, await newLocation(owner, "Print bar"), "Very long list");
      const filled = await call("PUT", `/api/v1/menus/${menuId}/import.csv`, {
        as: owner,
        body: menuCsv(CSV_MAX_ROWS),
        headers: { "content-type": "text/csv" },
      });
      if (filled.status !== 200 && filled.status !== 201) {
        return {
          verdict: judgeHeavyWork(
            { statuses: new Map(), setUp: `the ${CSV_MAX_ROWS}-item menu could not be made (${filled.status})` },
            { alive: true, rssBeforeMiB: null, rssPeakMiB: null, latencyMs: [] },
          ),
        };
      }
      const { result, around } = await aroundAttack(bystander, () =>
        many(4, 4, () => call("GET", `/api/v1/menus/${menuId}/print.pdf`, { as: owner })),
      );
      return { verdict: judgeHeavyWork({ statuses: result, setUp: null }, around, LIMITS), around };
    },
  },
  {
    n: 6,
    title: "1,100 failed logins from 22 addresses",
    run: async () => {
      const owner = await signUp("sprayed");
      // The owner's own browser signed in before the spray: it is known, and counted on its own (decision 075).
      const browser = { origin: BASE, ...(args.forwarded ? { "x-forwarded-for": "192.0.2.200" } : {}) };
      const before = await call("POST", "/api/session", { json: { email: owner.email, password: PASSWORD }, headers: browser });
      const device = (before.cookies ?? []).map((cookie) => cookie.split(";")[0] ?? "").find((pair) => pair.startsWith("taproom_device="));
      const statuses = await many(1_100, 22, (index) =>
        call("POST", "/api/v1/sessions", {
          json: { email: owner.email, password: `wrong guess ${index}` },
          headers: args.forwarded ? { "x-forwarded-for": `203.0.113.${index % 22}` } : {},
        }),
      );
      const ownLogin = await call("POST", "/api/session", {
        json: { email: owner.email, password: PASSWORD },
        headers: { ...browser, ...(device ? { cookie: device } : {}) },
      });
      const verdict = judgeLoginSpray({ statuses, ownerStatus: typeof ownLogin.status === "number" ? ownLogin.status : 0 });
      if (!args.forwarded) verdict.why += " (all from one address: --forwarded and TRUSTED_PROXY_COUNT=1 for 22)";
      return { verdict };
    },
  },
  {
    n: 7,
    title: "100 invitations, half to emails that have accounts",
    run: async () => {
      const inviter = await signUp("inviter");
      const locationId = await newLocation(inviter, "Inviting bar");
      const existing = [await signUp("member"), await signUp("member")].map((who) => who.email);
      const statuses = await many(100, 4, (index) =>
        call("POST", "/api/v1/team/invitations", {
          as: inviter,
          json: {
            email: index % 2 === 0 ? existing[index % existing.length] : `fresh-${RUN}-${index}@attack.test`,
            role: "manager",
            location_ids: [locationId],
          },
        }),
      );
      return { verdict: judgeInvitations({ statuses }) };
    },
  },
  {
    n: 8,
    title: "password change, then the old token",
    run: async () => {
      const owner = await signUp("changer");
      const change = await call("POST", "/api/v1/current_user/password", {
        as: owner,
        json: { current_password: PASSWORD, new_password: `${PASSWORD} changed` },
      });
      const old = await call("GET", "/api/v1/current_user", { as: owner });
      return {
        verdict: judgeOldToken({
          changeStatus: typeof change.status === "number" ? change.status : 0,
          oldTokenStatus: typeof old.status === "number" ? old.status : 0,
        }),
      };
    },
  },
  {
    n: 9,
    title: "600 pairing code guesses",
    run: async () => {
      const owner = await signUp("pairer");
      const locationId = await newLocation(owner, "Pairing bar");
      const menuId = await newMenu(owner, locationId, "Board menu");
      const statuses = await many(600, 8, (index) =>
        call("POST", `/api/v1/locations/${locationId}/boards`, {
          as: owner,
          json: { code: guessCode(index), name: `Guess ${index}`, menu_id: menuId },
        }),
      );
      return { verdict: judgePairingGuesses({ statuses }) };
    },
  },
  {
    n: 10,
    title: "4 sign-ups × 25 unknown-beer lookups, then a fifth business",
    run: async (bystander) => {
      const known = await call("GET", "/api/v4/search/beer?q=ipa", { as: bystander });
      const bid = at<number>(known.body, "response.beers.items.0.beer.bid");
      const spenders = [await signUp("spender"), await signUp("spender"), await signUp("spender"), await signUp("spender")];
      for (const [s, who] of spenders.entries()) {
        await many(25, 5, (index) => call("GET", `/api/v4/beer/info/${7_000_000 + s * 100 + index}`, { as: who }));
      }
      const fifth = await signUp("fifth");
      const answer = await call("GET", `/api/v4/beer/info/${bid}`, { as: fifth });
      return { verdict: judgeV4Budget({ fifthStatus: answer.status }) };
    },
  },
];

async function main() {
  const wanted = new Set(args.rows.split(",").map(Number));
  if (!(await alive())) throw new Error(`no server answers ${BASE}/api/health`);
  console.log(`attack on ${BASE}; server pid ${PID ?? "unknown (RSS not measured: --pid)"}; run ${RUN}`);
  const bystander = await signUp("bystander");
  await newLocation(bystander, "Bystander's bar");
  const tally = { held: 0, broke: 0, inconclusive: 0 };
  for (const row of ROWS.filter((r) => wanted.has(r.n))) {
    let line: string;
    try {
      const { verdict, around } = await row.run(bystander);
      tally[verdict.verdict] += 1;
      const figures = around
        ? `; RSS ${around.rssBeforeMiB ?? "?"} → peak ${around.rssPeakMiB ?? "?"} MiB; other business p50 ${Math.round(percentile(around.latencyMs, 50) ?? 0)} ms, p99 ${Math.round(percentile(around.latencyMs, 99) ?? 0)} ms (${around.latencyMs.length} reads)`
        : "";
      line = `${verdict.verdict.toUpperCase().padEnd(12)} ${verdict.why}${figures}`;
    } catch (error) {
      tally.inconclusive += 1;
      line = `INCONCLUSIVE could not run: ${(error as Error).message}`;
    }
    console.log(`row ${String(row.n).padStart(2)} ${row.title}\n       ${line}`);
  }
  console.log(`held ${tally.held}, broke ${tally.broke}, inconclusive ${tally.inconclusive}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
