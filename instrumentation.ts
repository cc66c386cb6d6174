// Runs once when the server starts, before the first request: open and migrate the database, give an
// empty embedded one the demo data, and start this instance's background jobs. This is the one list of
// them (lib/server/jobs.ts runs them, safe on every instance, and stops them on SIGTERM/SIGINT).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A configuration it cannot serve stops the server at once, with the reason, instead of answering 500
  // to every request (issue 31 row 9): the settings are read and checked before anything else.
  const { env } = await import("@/lib/server/env");
  try {
    env();
  } catch (error) {
    console.error(`Taproom cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(78); // EX_CONFIG
  }
  const { getDatabase } = await import("@/lib/db/client");
  const { seedEmbeddedIfEmpty } = await import("@/lib/demo/seed");
  const { startJobs } = await import("@/lib/server/jobs");
  const { pruneJob } = await import("@/lib/live/prune");
  const { eightySixSweepJob } = await import("@/lib/menus/eighty-six-sweeper");
  const { scheduleBoundaryJob } = await import("@/lib/schedules/boundaries");
  const { webhookDeliveryJob } = await import("@/lib/webhooks/worker");
  const { menuViewFlushJob } = await import("@/lib/insights/menu-views");
  const { boardWatchJob } = await import("@/lib/boards/watch");
  try {
    await seedEmbeddedIfEmpty(await getDatabase());
  } catch (error) {
    // A database that is down at start-up must not keep the server from starting: requests answer 503
    // with Retry-After, and the first one after the database is back opens and migrates it.
    const { errorFields, log } = await import("@/lib/server/log");
    log().error(errorFields(error), "The database is not reachable at start-up; requests answer 503 until it is");
  }
  startJobs([pruneJob, eightySixSweepJob, scheduleBoundaryJob, webhookDeliveryJob, menuViewFlushJob, boardWatchJob], getDatabase, {
    onSignals: true,
  });
}
