/**
 * The one entry to the benchmarks and measurements: `npm run bench -- <name> [args]` runs the script the
 * table below names, with the rest of the arguments as its own. With no name (or only options),
 * `npm run bench` runs the reads bench (scripts/bench-reads.ts), as it always has. `npm run bench -- list`
 * prints the names. Figures only: no bench is a test (decision 046).
 *
 *   npm run bench                          # the reads bench
 *   npm run bench -- --no-build --rounds 5 # the reads bench, with its options
 *   npm run bench -- boards --boards 1000  # scripts/bench-boards.ts --boards 1000
 *   npm run bench -- list
 *
 * A new bench is one line in BENCHES (its file in scripts/ and what it measures).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

type Bench = { file: string; about: string };

const BENCHES: Record<string, Bench> = {
  reads: { file: "bench-reads.ts", about: "every endpoint under load beside the floor, board bursts, v4 lookups (the default)" },
  profile: { file: "bench-profile.ts", about: "a CPU profile of one read under load: where its time goes" },
  live: { file: "bench-cross-instance.ts", about: "two instances on PostgreSQL: a change through A seen on B (read and stream)" },
  boards: { file: "bench-boards.ts", about: "5,000 paired TVs on one instance: RSS, heartbeats, change to the last TV" },
  history: { file: "bench-history.ts", about: "revert 200 versions back, history bytes per edit, version reads" },
  insights: { file: "bench-insights.ts", about: "every insight on PostgreSQL at 1M and 10M check-ins, with plans" },
  failover: { file: "bench-failover.ts", about: "three instances behind HAProxy: kill -9, a PostgreSQL restart, a rolling restart" },
  pos: { file: "bench-pos.ts", about: "Square's sandbox: 2,100 variations reconciled, 50 till webhooks a second for a minute" },
  sensors: { file: "bench-sensors.ts", about: "1,000 MQTT pour readings a second for a minute: none lost, none doubled, p99, RSS" },
  pours: { file: "bench-pours.ts", about: "pours per second on PostgreSQL, on one tap or spread over many" },
  csv: { file: "bench-csv.ts", about: "a 2,000-row menu CSV exported, dry-run and imported" },
  import: { file: "bench-import.ts", about: "an import from the service we replace: dry run, first run, unchanged run" },
  portability: { file: "bench-portability.ts", about: "the whole-business export and restore; an embedded backup and restore" },
  print: { file: "bench-print.ts", about: "the printed menu of 500 and 2,000 items, each layout and paper" },
  restart: { file: "bench-restart.mjs", about: "`npm start` from launch to ready when nothing changed" },
  "restore-heap": { file: "measure-restore-heap.ts", about: "how large a restore body the small-server heap holds" },
  "phone-menu": { file: "perf-phone-menu.ts", about: "the phone menu on a throttled phone: bytes and first paint" },
  phone: { file: "perf-phone.ts", about: "the dashboard on a throttled phone: LCP, TBT and bytes per page" },
};

const [first, ...rest] = process.argv.slice(2);

if (first === "list" || first === "help" || first === "--help") {
  const width = Math.max(...Object.keys(BENCHES).map((name) => name.length));
  for (const [name, bench] of Object.entries(BENCHES)) console.log(`${name.padEnd(width)}  ${bench.about}`);
  console.log("\nnpm run bench -- <name> [args]; no name runs reads. Each script's header lists its options.");
} else {
  const named = first !== undefined && !first.startsWith("-");
  const name = named ? first : "reads";
  const bench = BENCHES[name];
  if (!bench) {
    console.error(`No bench named "${name}". npm run bench -- list names them.`);
    process.exit(2);
  }
  const file = path.join(import.meta.dirname, bench.file);
  // The bench runs in this process, as if started itself: its parseArgs reads process.argv.
  process.argv = [process.argv[0]!, file, ...(named ? rest : process.argv.slice(2))];
  await import(pathToFileURL(file).href);
}
