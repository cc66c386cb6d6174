// Runs once when the server starts, before the first request: open and migrate the database, give an
// empty embedded one the demo data, and start this instance's background jobs. This is the one list of
// them (lib/server/jobs.ts runs them, safe on every instance, and stops them on SIGTERM/SIGINT).
import type { Database } from "@/lib/db/client";
import type { LiveEvent } from "@/lib/live/bus";

export async function register() {
  // Everything inside one `if` on NEXT_RUNTIME (Next.js's documented form), not after an early return:
  // the build compiles this file for the Edge runtime too, drops the block there as dead code, and so no
  // longer warns about process.exit ("Ecmascript file had an error" on a good build, issue 49 row 10).
  if (process.env.NEXT_RUNTIME === "nodejs") {
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
    const { subscribe } = await import("@/lib/live/bus");
    const { pruneJob } = await import("@/lib/retention/prune");
    const { eightySixSweepJob } = await import("@/lib/menus/eighty-six-sweeper");
    const { scheduleBoundaryJob } = await import("@/lib/menus/schedule-boundaries");
    const { webhookDeliveryJob } = await import("@/lib/webhooks/worker");
    const { menuViewFlushJob } = await import("@/lib/insights/menu-views");
    const { boardWatchJob } = await import("@/lib/boards/watch");
    const { subscribeToSandbox } = await import("@/lib/pos/webhook");
    const { posOutboundJob } = await import("@/lib/pos/outbound");
    const { posReconcileJob } = await import("@/lib/pos/reconcile");
    const { lineWatchJob } = await import("@/lib/taps/sensors/lines");
    const { mqttSensorJob } = await import("@/lib/taps/sensors/mqtt");
    const { kegtronPollJob } = await import("@/lib/taps/sensors/kegtron");
    try {
      await seedEmbeddedIfEmpty(await getDatabase());
    } catch (error) {
      // A database that is down at start-up must not keep the server from starting: requests answer 503
      // with Retry-After, and the first one after the database is back opens and migrates it.
      const { errorFields, log } = await import("@/lib/server/log");
      log().error(errorFields(error), "The database is not reachable at start-up; requests answer 503 until it is");
    }
    // The built-in Square sandbox's webhooks reach this instance's receiver (pos.md §1).
    subscribeToSandbox(async () => (await getDatabase()).db);
    startJobs<Database, LiveEvent>(
      [
        pruneJob,
        eightySixSweepJob,
        scheduleBoundaryJob,
        webhookDeliveryJob,
        menuViewFlushJob,
        boardWatchJob,
        lineWatchJob,
        mqttSensorJob,
        kegtronPollJob,
        posOutboundJob,
        posReconcileJob,
      ],
      getDatabase,
      // The workers among them wake on the live events they name: the one list of background subscribers.
      { onSignals: true, listen: subscribe },
    );
  }
}
