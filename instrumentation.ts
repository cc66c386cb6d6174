// Runs once when the server starts, before the first request: open and migrate the database, give an
// empty embedded one the demo data, and start the periodic prune of expired rows.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase, getDb } = await import("@/lib/db/client");
  const { seedEmbeddedIfEmpty } = await import("@/lib/demo/seed");
  const { startPruning } = await import("@/lib/maintenance/prune");
  try {
    await seedEmbeddedIfEmpty(await getDatabase());
  } catch (error) {
    // A database that is down at start-up must not keep the server from starting: requests answer 503
    // with Retry-After, and the first one after the database is back opens and migrates it.
    console.error(`The database is not reachable at start-up: ${error instanceof Error ? error.message : String(error)}`);
  }
  startPruning(getDb);
}
