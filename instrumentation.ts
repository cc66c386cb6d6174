// Runs once when the server starts, before the first request: open and migrate the database, give an
// empty embedded one the demo data, and start the periodic prune of expired rows, the sweeper that
// records expired 86s as restored, and the webhook worker (lib/webhooks/worker.ts); then hand the full
// menu's fast path to server.mjs (lib/api/fast-path.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase, getDb } = await import("@/lib/db/client");
  const { seedEmbeddedIfEmpty } = await import("@/lib/demo/seed");
  const { startPruning } = await import("@/lib/maintenance/prune");
  const { startEightySixSweeper } = await import("@/lib/maintenance/eighty-six-sweeper");
  const { startWebhookWorker } = await import("@/lib/webhooks/worker");
  const { flushMenuViewsAtExit } = await import("@/lib/analytics/menu-views");
  const { passContentEncoding } = await import("@/lib/read-model/content-encoding");
  // Full menus go out compressed once by the read model, not again by Next.js (lib/read-model/content-encoding.ts).
  passContentEncoding();
  try {
    await seedEmbeddedIfEmpty(await getDatabase());
  } catch (error) {
    // A database that is down at start-up must not keep the server from starting: requests answer 503
    // with Retry-After, and the first one after the database is back opens and migrates it.
    const { errorFields, log } = await import("@/lib/log");
    log().error(errorFields(error), "The database is not reachable at start-up; requests answer 503 until it is");
  }
  startPruning(getDb);
  startEightySixSweeper(getDb);
  startWebhookWorker(getDatabase);
  flushMenuViewsAtExit();
  if (process.env.NODE_ENV !== "production") return; // `next dev` serves everything itself
  const { installFastPath } = await import("@/lib/api/fast-path");
  const { nodeRoute } = await import("@/lib/api/node-route");
  const menu = await import("@/app/api/v1/menus/[id]/route");
  // What pages/api/node/menus/[id].ts serves, for the same requests (next.config.ts's rewrite).
  if (!installFastPath(nodeRoute(menu, "/api/v1/menus/", ["id"]))) {
    const { log } = await import("@/lib/log");
    log().warn("The build's routes-manifest.json could not be read: Next.js serves the full menu too");
  }
}
