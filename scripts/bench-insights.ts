/**
 * Insight benchmark on PostgreSQL. For each size it creates a fresh database next to
 * BENCH_DATABASE_URL's (taproom_bench_<n>), migrates it, seeds the demo data, generates <n> check-ins
 * over 365 days across 500 "Benchmark Group" locations (lib/demo/activity/generate.ts: busiest ~7× the
 * average, a quarter of the check-ins at other venues nearby, subscriptions, menu views for 185 days),
 * runs VACUUM (ANALYZE), then calls each insight (the lib functions the routes call) at num_days 7,
 * 90 and 180 on --calls locations (the busiest five and a seeded random sample of the rest; one
 * unmeasured warm-up call first) and prints p50/p95/max, the EXPLAIN (ANALYZE, BUFFERS) plan of each
 * insight's main query at num_days 180 on the busiest location, table sizes, generation times, and
 * how soon a new check-in shows in the answers. Results also go to bench-results/insights-<ts>.json.
 * The bench databases are dropped at the end unless --keep.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- insights
 *   BENCH_DATABASE_URL=… npm run bench -- insights --sizes 1000000 --calls 30 --keep
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openPostgres, type Database, type Db } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed";
import { ensureBenchmarkLocations, GENERATED, generatedBeers } from "@/lib/demo/activity/world";
import { generateActivity, vacuumInsightTables } from "@/lib/demo/activity/generate";
import { checkinsOverTime, explainInsight, insightStats, menuViewsOverTime, subscribesOverTime, topBeers } from "@/lib/insights/queries";
import { recordCheckins } from "@/lib/insights/record";
import { seededRandom } from "@/sandbox/seed/random";
import type { Location } from "@/lib/locations/locations";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000000,10000000" },
    locations: { type: "string", default: "500" },
    calls: { type: "string", default: "30" },
    seed: { type: "string", default: "1" },
    keep: { type: "boolean", default: false },
  },
});

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl || !/^postgres(ql)?:\/\//.test(serverUrl)) {
  console.error(
    "The insights bench runs on PostgreSQL only: set BENCH_DATABASE_URL=postgres://user@host:port/db (the bench databases are created next to it).",
  );
  process.exit(2);
}
const sizes = args.sizes.split(",").map((part) => Number(part.trim().replace(/_/g, "")));
if (sizes.some((n) => !Number.isInteger(n) || n < 1000)) {
  console.error(`--sizes takes whole numbers ≥ 1000, comma-separated (got ${args.sizes})`);
  process.exit(2);
}
const locationCount = Number(args.locations);
const callCount = Number(args.calls);
const seed = Number(args.seed);
if (!(locationCount >= 10) || !(callCount >= 5) || !Number.isInteger(seed)) {
  console.error("--locations ≥ 10, --calls ≥ 5 and --seed a whole number");
  process.exit(2);
}

const NUM_DAYS = [7, 90, 180] as const;
const TARGET_MS = 100;

type Call = (db: Db, location: Location, numDays: number) => Promise<unknown>;
const ENDPOINTS: { name: string; plans: string[]; perDays: boolean; call: Call }[] = [
  {
    name: "checkins_over_time?group_by=checkins",
    plans: ["checkins"],
    perDays: true,
    call: (db, location, numDays) => checkinsOverTime(db, { location, numDays, groupBy: "checkins" }),
  },
  {
    name: "checkins_over_time?group_by=gender",
    plans: ["gender"],
    perDays: true,
    call: (db, location, numDays) => checkinsOverTime(db, { location, numDays, groupBy: "gender" }),
  },
  {
    name: "checkins_over_time?group_by=ages",
    plans: ["ages"],
    perDays: true,
    call: (db, location, numDays) => checkinsOverTime(db, { location, numDays, groupBy: "ages" }),
  },
  {
    name: "checkins_over_time?group_by=daily",
    plans: ["daily"],
    perDays: true,
    call: (db, location, numDays) => checkinsOverTime(db, { location, numDays, groupBy: "daily" }),
  },
  {
    name: "menu_views_over_time",
    plans: ["menu_views"],
    perDays: true,
    call: (db, location, numDays) => menuViewsOverTime(db, { location, numDays }),
  },
  {
    name: "subscribes_over_time",
    plans: ["subscribes"],
    perDays: true,
    call: (db, location, numDays) => subscribesOverTime(db, { location, numDays }),
  },
  {
    name: "top_beers",
    plans: ["top_beers", "top_nearby_beers", "top_nearby_users"],
    perDays: true,
    call: (db, location, numDays) => topBeers(db, { location, numDays }),
  },
  { name: "stats", plans: ["stats"], perDays: false, call: (db, location) => insightStats(db, { location }) },
];
type PlanName = Parameters<typeof explainInsight>[1];

type Latency = { endpoint: string; numDays: number | null; calls: number; p50: number; p95: number; max: number; mean: number };
type TableSize = {
  table: string;
  rows: number;
  heapMb: number;
  indexesMb: number;
  totalMb: number;
  indexes: { name: string; mb: number }[];
};
type SizeResult = {
  checkins: number;
  database: string;
  generation: {
    seedDemoMs: number;
    locationsMs: number;
    checkinsMs: number;
    subscriptionsMs: number;
    menuViewsMs: number;
    vacuumAnalyzeMs: number;
    totalMs: number;
    checkinsPerSecond: number;
  };
  generated: { checkins: number; subscriptions: number; menuViewRows: number };
  busiest: { locationId: number; name: string; checkins: number }[];
  medianLocationCheckins: number;
  tables: TableSize[];
  latencies: Latency[];
  plans: Record<string, { text: string; summary: string }>;
  freshness: { visibleAfterMs: number | null };
};

const round = (ms: number) => Math.round(ms * 10) / 10;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function databaseUrl(name: string) {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tableSizes(db: Db): Promise<TableSize[]> {
  const tables = ["checkins", "venue_beer_days", "menu_view_counts", "subscriptions", "checkin_venues", "catalogue_beers"];
  const result: TableSize[] = [];
  for (const table of tables) {
    const [size] = await rows<{ rows: string; heap: string; indexes: string; total: string }>(
      db,
      sql`select (select count(*) from ${sql.identifier(table)})::text as rows, pg_relation_size(${table}::regclass)::text as heap,
                 pg_indexes_size(${table}::regclass)::text as indexes, pg_total_relation_size(${table}::regclass)::text as total`,
    );
    const indexes = await rows<{ name: string; bytes: string }>(
      db,
      sql`select c.relname as name, pg_relation_size(c.oid)::text as bytes from pg_index i join pg_class c on c.oid = i.indexrelid
          where i.indrelid = ${table}::regclass order by c.relname`,
    );
    result.push({
      table,
      rows: Number(size!.rows),
      heapMb: mb(Number(size!.heap)),
      indexesMb: mb(Number(size!.indexes)),
      totalMb: mb(Number(size!.total)),
      indexes: indexes.map((index) => ({ name: index.name, mb: mb(Number(index.bytes)) })),
    });
  }
  return result;
}

/** "Execution Time: 12.3 ms; Index Only Scan using …; Heap Fetches: 0; shared hit=… read=…" */
function summarisePlan(text: string): string {
  const lines = text.split("\n");
  const execution = lines.find((line) => line.includes("Execution Time"))?.trim() ?? "";
  const scans = [
    ...new Set(
      lines
        .map((line) =>
          /(Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan|Seq Scan) (?:Backward )?(?:using (\S+) )?on (\S+)/.exec(line),
        )
        .filter(Boolean)
        .map((m) => `${m![1]}${m![2] ? ` ${m![2]}` : ""} on ${m![3]}`),
    ),
  ];
  const heapFetches = lines
    .map((line) => /Heap Fetches: (\d+)/.exec(line)?.[1])
    .filter(Boolean)
    .map(Number);
  const buffers = lines.find((line) => line.trim().startsWith("Buffers:"))?.trim() ?? "";
  return [execution, scans.join(", "), heapFetches.length ? `Heap Fetches: ${heapFetches.join("+")}` : "", buffers]
    .filter(Boolean)
    .join("; ");
}

async function measure(db: Db, sample: Location[]): Promise<Latency[]> {
  const latencies: Latency[] = [];
  const r = seededRandom(seed + 17);
  for (const endpoint of ENDPOINTS) {
    for (const numDays of endpoint.perDays ? NUM_DAYS : [null]) {
      await endpoint.call(db, sample[sample.length - 1]!, numDays ?? 7); // warm-up, not measured
      const times: number[] = [];
      for (const location of r.sample(sample, sample.length)) {
        const started = performance.now();
        await endpoint.call(db, location, numDays ?? 7);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      latencies.push({
        endpoint: endpoint.name,
        numDays,
        calls: times.length,
        p50: round(quantile(times, 0.5)),
        p95: round(quantile(times, 0.95)),
        max: round(times.at(-1)!),
        mean: round(times.reduce((sum, t) => sum + t, 0) / times.length),
      });
      const last = latencies.at(-1)!;
      console.log(
        `  ${endpoint.name.padEnd(38)} ${String(numDays ?? "-").padStart(4)}  p50 ${last.p50} ms  p95 ${last.p95} ms  max ${last.max} ms`,
      );
    }
  }
  return latencies;
}

/** How long until a check-in recorded now shows in checkins_over_time (answers are computed live: ~0). */
async function freshness(db: Db, location: Location): Promise<number | null> {
  const today = async () => {
    const answer = (await checkinsOverTime(db, { location, numDays: 7, groupBy: "checkins" })) as {
      insights: { checkins: { count: number } };
    };
    return answer.insights.checkins.count;
  };
  const before = await today();
  const [{ next }] = (await rows<{ next: string }>(
    db,
    sql`select (coalesce(max(id), ${GENERATED.checkinBase}) + 1)::text as next from checkins`,
  )) as [{ next: string }];
  const beer = generatedBeers()[0]!;
  const started = performance.now();
  await recordCheckins(db, [
    {
      id: Number(next),
      venue: {
        id: location.untappdVenueId!,
        name: location.name,
        latitude: Number(location.latitude),
        longitude: Number(location.longitude),
      },
      locationId: location.id,
      user: { id: GENERATED.userBase + 99_999, gender: null, birthYear: null },
      beer: { bid: beer.bid, name: beer.name, brewery: beer.brewery, style: beer.style },
      checkinAt: new Date(),
    },
  ]);
  while (performance.now() - started < 70_000) {
    if ((await today()) > before) return round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

async function runSize(n: number): Promise<SizeResult> {
  const name = `taproom_bench_${n}`;
  console.log(`\n=== ${n.toLocaleString("en-US")} check-ins → database ${name} ===`);
  await admin(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  let database: Database | undefined;
  try {
    database = await openPostgres(databaseUrl(name), 4);
    const { db } = database;
    const started = performance.now();
    let mark = performance.now();
    await seedDemo(db);
    const seedDemoMs = performance.now() - mark;
    mark = performance.now();
    const locations = await ensureBenchmarkLocations(db, locationCount);
    const locationsMs = performance.now() - mark;
    const generated = await generateActivity(db, {
      checkins: n,
      locations,
      days: 365,
      menuViewDays: 185,
      seed,
      skew: 0.4,
      mode: "bulk",
      log: (line) => console.log(line),
    });
    mark = performance.now();
    console.log("  vacuum (analyze) …");
    await vacuumInsightTables(db);
    const vacuumAnalyzeMs = performance.now() - mark;
    const totalMs = performance.now() - started;
    const generation = {
      seedDemoMs: round(seedDemoMs),
      locationsMs: round(locationsMs),
      checkinsMs: round(generated.ms.checkins),
      subscriptionsMs: round(generated.ms.subscriptions),
      menuViewsMs: round(generated.ms.menuViews),
      vacuumAnalyzeMs: round(vacuumAnalyzeMs),
      totalMs: round(totalMs),
      checkinsPerSecond: Math.round(n / (generated.ms.checkins / 1000)),
    };
    console.log(
      `  generated in ${seconds(totalMs)}: check-ins ${seconds(generation.checkinsMs)} (${generation.checkinsPerSecond.toLocaleString("en-US")}/s), ` +
        `subscriptions ${seconds(generation.subscriptionsMs)}, menu views ${seconds(generation.menuViewsMs)}, vacuum/analyze ${seconds(vacuumAnalyzeMs)}`,
    );

    const tables = await tableSizes(db);
    for (const table of tables) {
      console.log(
        `  ${table.table.padEnd(17)} ${table.rows.toLocaleString("en-US").padStart(12)} rows  heap ${table.heapMb} MB  indexes ${table.indexesMb} MB (${table.indexes.map((index) => `${index.name} ${index.mb}`).join(", ")})`,
      );
    }

    // The locations measured: the busiest five, and a seeded sample of the others.
    const ranked = await rows<{ location_id: number; n: string }>(
      db,
      sql`select location_id, count(*)::text as n from checkins where location_id is not null group by 1 order by count(*) desc, location_id`,
    );
    const byId = new Map(locations.map((location) => [location.id, location]));
    const benchRanked = ranked.filter((row) => byId.has(row.location_id));
    const busiest = benchRanked.slice(0, 5).map((row) => byId.get(row.location_id)!);
    const others = seededRandom(seed).sample(
      benchRanked.slice(5).map((row) => byId.get(row.location_id)!),
      Math.max(0, callCount - busiest.length),
    );
    const sample = [...busiest, ...others];
    const median = Number(benchRanked[Math.floor(benchRanked.length / 2)]?.n ?? 0);
    console.log(
      `  busiest: ${benchRanked
        .slice(0, 5)
        .map((row) => `#${row.location_id} ${Number(row.n).toLocaleString("en-US")}`)
        .join(", ")}; median location ${median.toLocaleString("en-US")} check-ins`,
    );
    console.log(`  latency over ${sample.length} locations per row (wall time of the lib call, warm cache):`);
    const latencies = await measure(db, sample);

    const plans: SizeResult["plans"] = {};
    for (const planName of ENDPOINTS.flatMap((endpoint) => endpoint.plans)) {
      try {
        const text = await explainInsight(db, planName as PlanName, { location: busiest[0]!, numDays: 180 });
        plans[planName] = { text, summary: summarisePlan(text) };
      } catch (error) {
        plans[planName] = { text: `EXPLAIN failed: ${error instanceof Error ? error.message : error}`, summary: "EXPLAIN failed" };
      }
    }
    console.log(
      `\n  Plans at num_days 180 on the busiest location (#${busiest[0]!.id}, ${Number(benchRanked[0]!.n).toLocaleString("en-US")} check-ins):`,
    );
    for (const [planName, plan] of Object.entries(plans)) {
      console.log(`\n  --- ${planName}: ${plan.summary}`);
      console.log(
        plan.text
          .split("\n")
          .map((line) => `    ${line}`)
          .join("\n"),
      );
    }

    const visibleAfterMs = await freshness(db, busiest[0]!);
    console.log(
      `\n  a new check-in shows in checkins_over_time after ${visibleAfterMs === null ? "more than 70 s" : `${visibleAfterMs} ms`}`,
    );

    return {
      checkins: n,
      database: name,
      generation,
      generated: { checkins: generated.checkins, subscriptions: generated.subscriptions, menuViewRows: generated.menuViewRows },
      busiest: benchRanked
        .slice(0, 5)
        .map((row) => ({ locationId: row.location_id, name: byId.get(row.location_id)!.name, checkins: Number(row.n) })),
      medianLocationCheckins: median,
      tables,
      latencies,
      plans,
      freshness: { visibleAfterMs },
    };
  } finally {
    await database?.close();
    if (!args.keep) await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

function printTable(results: SizeResult[]) {
  const header = ["endpoint", "num_days", ...results.flatMap((result) => [`${short(result.checkins)} p50`, "p95", "max"])];
  const body: string[][] = [];
  for (const endpoint of ENDPOINTS) {
    for (const numDays of endpoint.perDays ? NUM_DAYS : [null]) {
      const cells = results.flatMap((result) => {
        const row = result.latencies.find((latency) => latency.endpoint === endpoint.name && latency.numDays === numDays)!;
        return [row.p50, row.p95, row.max].map((value) => `${value}${value >= TARGET_MS ? "!" : ""}`);
      });
      body.push([endpoint.name, String(numDays ?? "-"), ...cells]);
    }
  }
  const widths = header.map((_, column) => Math.max(header[column]!.length, ...body.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log(`\nLatency in ms (wall time per call; "!" marks ≥ ${TARGET_MS} ms):`);
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of body) console.log(line(row));
}

function short(n: number) {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
}

const startedAt = new Date();
const server = await admin(async (client) => {
  const settings = await client.query(
    "select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'max_parallel_workers_per_gather', 'random_page_cost', 'jit')",
  );
  const version = await client.query("show server_version");
  return {
    version: version.rows[0].server_version as string,
    settings: Object.fromEntries(settings.rows.map((row) => [row.name, `${row.setting}${row.unit ?? ""}`])),
  };
});
console.log(
  `PostgreSQL ${server.version} (${Object.entries(server.settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(", ")})`,
);

const results: SizeResult[] = [];
for (const n of sizes) results.push(await runSize(n));

printTable(results);
console.log("\nGeneration:");
for (const result of results) {
  const g = result.generation;
  const checkinTable = result.tables.find((table) => table.table === "checkins")!;
  console.log(
    `  ${short(result.checkins)}: ${seconds(g.totalMs)} in all — check-ins ${seconds(g.checkinsMs)} (${g.checkinsPerSecond.toLocaleString("en-US")}/s), subscriptions ${seconds(g.subscriptionsMs)}, ` +
      `menu views ${seconds(g.menuViewsMs)} (${result.generated.menuViewRows.toLocaleString("en-US")} rows), vacuum/analyze ${seconds(g.vacuumAnalyzeMs)}; ` +
      `checkins table ${checkinTable.totalMb} MB (heap ${checkinTable.heapMb}, indexes ${checkinTable.indexesMb})`,
  );
}
console.log("\nClosing note:");
for (const result of results) {
  const measured = result.latencies;
  const worst = measured.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const over = measured.filter((latency) => latency.max >= TARGET_MS);
  console.log(
    `  ${short(result.checkins)} check-ins (busiest location ${result.busiest[0]!.checkins.toLocaleString("en-US")}, median ${result.medianLocationCheckins.toLocaleString("en-US")}): ` +
      `worst p95 ${worst.p95} ms (${worst.endpoint}, num_days ${worst.numDays ?? "-"}); ` +
      (over.length === 0
        ? `every call under ${TARGET_MS} ms`
        : `${over.length} row(s) with a call ≥ ${TARGET_MS} ms: ${over.map((l) => `${l.endpoint}@${l.numDays ?? "-"} (max ${l.max})`).join(", ")}`) +
      `; a new check-in is visible after ${result.freshness.visibleAfterMs ?? "> 70 000"} ms.`,
  );
}

const file = path.resolve(import.meta.dirname, "..", "bench-results", `insights-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(
  file,
  `${JSON.stringify({ startedAt: startedAt.toISOString(), server, options: { sizes, locations: locationCount, calls: callCount, seed }, results }, null, 2)}\n`,
);
console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
