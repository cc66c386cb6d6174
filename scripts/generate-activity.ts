// npm run db:generate-activity -- --checkins N [--location ID[,ID…] | --locations COUNT] [--days 365]
//                                   [--seed S] [--nearby-share 0.25] [--skew S] [--mode auto|record|bulk]
//
// Fills locations with realistic activity for demos and benchmarks: N check-ins in all (at the
// locations' venues and, --nearby-share of them, at other venues near them), subscriptions and menu
// views in proportion, over the last --days days. Targets: --location (ids), --locations COUNT (that
// many "Benchmark Group" locations over ~20 cities, created when missing, busiest ~7× the average), or
// by default the demo locations. Running it again adds more activity with new ids.
//
// Up to 50 000 check-ins go through the check-in write path (recordCheckins); more are drawn in SQL
// (INSERT … SELECT, 500 000 a transaction) and, on PostgreSQL, followed by VACUUM (ANALYZE).
import { parseArgs } from "node:util";
import { inArray } from "drizzle-orm";
import { seedEmbeddedIfEmpty } from "@/lib/demo/seed";
import { openConfiguredDatabase } from "@/lib/db/client";
import { locations } from "@/lib/db/schema";
import { demoLocations, ensureBenchmarkLocations } from "@/lib/demo/activity/world";
import { generateActivity, vacuumInsightTables } from "@/lib/demo/activity/generate";

const { values: args } = parseArgs({
  options: {
    checkins: { type: "string" },
    location: { type: "string" },
    locations: { type: "string" },
    days: { type: "string", default: "365" },
    seed: { type: "string" },
    "nearby-share": { type: "string", default: "0.25" },
    skew: { type: "string" },
    mode: { type: "string", default: "auto" },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
const whole = (name: string, value: string | undefined, min = 1) => {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < min)
    fail(`--${name} takes a whole number ≥ ${min}, not ${JSON.stringify(value)}`);
  return Number(value);
};
const fraction = (name: string, value: string | undefined, max: number) => {
  const n = Number(value);
  if (value === undefined || value.trim() === "" || !Number.isFinite(n) || n < 0 || n > max)
    fail(`--${name} takes a number between 0 and ${max}`);
  return n;
};

if (args.checkins === undefined) fail("--checkins N is required (how many check-ins to add)");
const total = whole("checkins", args.checkins, 0);
const days = whole("days", args.days);
if (days > 3650) fail("--days is at most 3650");
const seed = args.seed === undefined ? undefined : whole("seed", args.seed, 0);
const nearbyShare = fraction("nearby-share", args["nearby-share"], 0.9);
if (!["auto", "record", "bulk"].includes(args.mode!)) fail("--mode is auto, record or bulk");
if (args.location !== undefined && args.locations !== undefined) fail("give --location or --locations, not both");
const ids = args.location?.split(",").map((part) => whole("location", part.trim()));

const database = await openConfiguredDatabase();
await seedEmbeddedIfEmpty(database);
try {
  const started = performance.now();
  let targets: (typeof locations.$inferSelect)[];
  if (ids) {
    const found = await database.db.select().from(locations).where(inArray(locations.id, ids));
    targets = found;
    const missing = ids.filter((id) => !found.some((location) => location.id === id));
    if (missing.length > 0) fail(`no location ${missing.join(", ")}`);
    const noVenue = targets.filter((location) => location.untappdVenueId === null);
    if (noVenue.length > 0) fail(`location ${noVenue.map((l) => l.id).join(", ")} has no untappd_venue_id: check-ins need a venue`);
  } else if (args.locations !== undefined) {
    targets = await ensureBenchmarkLocations(database.db, whole("locations", args.locations));
  } else {
    targets = await demoLocations(database.db);
    if (targets.length === 0) fail("no demo locations: run npm run db:seed first, or name --location");
  }
  const skew = args.skew !== undefined ? fraction("skew", args.skew, 3) : args.locations !== undefined ? 0.4 : 0;
  const result = await generateActivity(database.db, {
    checkins: total,
    locations: targets,
    days,
    seed,
    nearbyShare,
    skew,
    mode: args.mode as "auto" | "record" | "bulk",
    log: (line) => console.log(line),
  });
  let vacuum = 0;
  if (result.mode === "bulk" && database.kind === "postgres") {
    const mark = performance.now();
    await vacuumInsightTables(database.db);
    vacuum = performance.now() - mark;
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    [
      `Added to ${result.locations} location(s) (${database.kind}, ${result.mode}):`,
      `  check-ins      ${result.checkins.toLocaleString("en-US")}${result.firstId !== null ? ` (ids ${result.firstId}–${result.lastId})` : ""} in ${s(result.ms.checkins)}`,
      `  subscriptions  ${result.subscriptions.toLocaleString("en-US")} in ${s(result.ms.subscriptions)}`,
      `  menu views     ${result.menuViewRows.toLocaleString("en-US")} quarter-hour rows in ${s(result.ms.menuViews)}`,
      ...(vacuum > 0 ? [`  vacuum/analyze ${s(vacuum)}`] : []),
      `  total          ${s(performance.now() - started)}`,
    ].join("\n"),
  );
} finally {
  await database.close();
}
