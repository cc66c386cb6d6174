// npm run sync:checkins [-- --location ID] [--max-calls N]
//
// Imports new check-ins of each location's venue (every location with an untappd_venue_id, or the one
// given) from the beer platform's venue feed, through the v4 client and the app's hourly budget (shared
// with the forwarder, counted in the database). Safe to run again and again (cron): a run imports only
// what is newer than the last one, and a run that stopped (spent budget, --max-calls, crash) continues
// where it stopped. Without V4_API_URL the upstream is the built-in sandbox, answering from the same
// database. Stop the app first when it uses the embedded database: PGlite allows one process per folder.
//
// Exit status: 0 when every location is in sync or the run stopped on the budget (it says when to run
// again), 1 when a location failed.
import { parseArgs } from "node:util";
import { upstreamConfig } from "@/lib/beer-platform/config";
import { seedEmbeddedIfEmpty } from "@/lib/demo/seed";
import { openConfiguredDatabase, installDatabase } from "@/lib/db/client";
import { syncCheckins, syncTargets } from "@/lib/insights/sync";

const { values: args } = parseArgs({
  options: {
    location: { type: "string" },
    "max-calls": { type: "string" },
  },
});

const wholeNumber = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) {
    console.error(`--${name} takes a positive whole number, not ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return Number(value);
};
const locationId = wholeNumber("location", args.location);
const maxCalls = wholeNumber("max-calls", args["max-calls"]);

const database = await openConfiguredDatabase();
await seedEmbeddedIfEmpty(database);
// The sandbox upstream reads the database through getDb(): the one this script opened.
installDatabase(database);
try {
  const config = upstreamConfig();
  const targets = await syncTargets(database.db, locationId);
  console.log(
    `Syncing venue check-ins of ${targets.length} location(s) from ${config.sandbox ? "the built-in sandbox" : config.apiUrl} ` +
      `(budget ${config.hourlyLimit} calls/hour${maxCalls ? `, at most ${maxCalls} calls this run` : ""}).`,
  );
  const run = await syncCheckins(database.db, targets, { maxCalls, log: (line) => console.log(line) });
  console.log(`Imported ${run.imported} new check-in(s) in ${run.calls} call(s).`);
  const untouched = targets.length - run.locations.length;
  if (run.resumeAt) {
    const minutes = Math.max(1, Math.ceil((run.resumeAt.getTime() - Date.now()) / 60_000));
    console.log(
      `Stopped: the hourly budget of calls to the beer platform is spent. Run again after ${run.resumeAt.toISOString()} ` +
        `(in about ${minutes} min); it continues where it stopped${untouched > 0 ? ` (${untouched} location(s) not reached)` : ""}.`,
    );
  } else if (run.locations.some((outcome) => outcome.status === "max_calls")) {
    console.log(
      `Stopped after --max-calls ${maxCalls}; run again to continue${untouched > 0 ? ` (${untouched} location(s) not reached)` : ""}.`,
    );
  }
  const failed = run.locations.filter((outcome) => outcome.status === "failed");
  for (const outcome of failed) console.error(`Location ${outcome.locationId} failed: ${outcome.error}`);
  if (failed.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
