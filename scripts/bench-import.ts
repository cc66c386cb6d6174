// npm run bench -- import [-- --no-build] [-- --dist .next-e2e]: how long an import from the service venues
// move from takes (venue-operations §6) for a menu of 550 items (the benchmarks' 20 × 25 × 3 menu and a
// 50-item section) with the demo location's other menus, events and hours. Two production servers, each
// on its own embedded database: the source (demo data plus the large menu) and the target (a new
// business). Prints the dry run, the first import and a run against the unchanged source, each timed
// from the request to the answer, and the source reads each made.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type AppServer, build, freePort, startServer, stopServer } from "./app-process";
import { buildFixtures, getJson } from "./bench-fixtures";

const { values: args } = parseArgs({
  options: { "no-build": { type: "boolean", default: false }, dist: { type: "string", default: ".next-bench" } },
});

const basic = (email: string, token: string) => `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;

async function main() {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: args.dist, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
  if (!args["no-build"]) await build(env);
  const dirs = [mkdtempSync(path.join(os.tmpdir(), "taproom-bench-source-")), mkdtempSync(path.join(os.tmpdir(), "taproom-bench-target-"))];
  const servers: AppServer[] = [];
  try {
    const source = await startServer({ ...env, DATA_DIR: dirs[0] }, await freePort());
    servers.push(source);
    const target = await startServer({ ...env, DATA_DIR: dirs[1], DEMO_DATA: "false", WEBHOOK_ALLOW_PRIVATE: "true" }, await freePort());
    servers.push(target);
    const json = { "content-type": "application/json" };

    const { user } = await getJson<{ user: { email: string; auth_token: string; auth_token_read_only: string } }>(
      `${source.base}/api/v1/sessions`,
      {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "owner@demo.test", password: "demo-owner-pass" }),
      },
    );
    const sourceAuth = basic(user.email, user.auth_token);
    const { locations } = await getJson<{ locations: { id: number; time_zone: string; currency: string }[] }>(
      `${source.base}/api/v1/locations`,
      {
        headers: { authorization: sourceAuth },
      },
    );
    const sourceLocation = locations[0]!;
    const fixtures = await buildFixtures(source.base, sourceAuth, sourceLocation.id);

    const signup = await getJson<{ user: { email: string; auth_token: string } }>(`${target.base}/api/v1/signup`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ business_name: "Bench Tap", name: "Ben Ch", email: "ben@bench.test", password: "a long and quiet harbour" }),
    });
    const targetAuth = basic(signup.user.email, signup.user.auth_token);
    const { location } = await getJson<{ location: { id: number } }>(`${target.base}/api/v1/locations`, {
      method: "POST",
      headers: { ...json, authorization: targetAuth },
      body: JSON.stringify({ location: { name: "Bench Tap", time_zone: sourceLocation.time_zone, currency: sourceLocation.currency } }),
    });

    const run = async (dryRun: boolean) => {
      const started = performance.now();
      const answer = await getJson<{
        plan?: { counts: Record<string, Record<string, number>> };
        import?: { counts: Record<string, Record<string, number>>; progress: { total: number } };
      }>(`${target.base}/api/v1/locations/${location.id}/imports`, {
        method: "POST",
        headers: { ...json, authorization: targetAuth },
        body: JSON.stringify({
          base_url: source.base,
          email: user.email,
          token: user.auth_token_read_only,
          source_location_id: sourceLocation.id,
          dry_run: dryRun,
        }),
      });
      const ms = performance.now() - started;
      const counts = (answer.plan ?? answer.import)!.counts;
      const sum = (key: string) => Object.values(counts).reduce((total, tally) => total + tally[key]!, 0);
      return {
        ms,
        created: sum("create"),
        updated: sum("update"),
        removed: sum("remove"),
        items: ["create", "unchanged", "update"].reduce((total, key) => total + (counts.items?.[key] ?? 0), 0),
      };
    };

    const rows = [
      ["dry run (plan only)", await run(true)],
      ["first import", await run(false)],
      ["again, source unchanged", await run(false)],
    ] as const;
    console.log(`\nImport of the demo location plus a ${fixtures.itemIds.length}-item menu (both servers: embedded PGlite, one machine)\n`);
    console.log(
      `${"run".padEnd(26)}${"ms".padStart(9)}${"items".padStart(8)}${"created".padStart(9)}${"changed".padStart(9)}${"removed".padStart(9)}`,
    );
    for (const [label, row] of rows) {
      console.log(
        `${label.padEnd(26)}${row.ms.toFixed(0).padStart(9)}${String(row.items).padStart(8)}${String(row.created).padStart(9)}${String(row.updated).padStart(9)}${String(row.removed).padStart(9)}`,
      );
    }
  } finally {
    for (const server of servers) await stopServer(server);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
