// Runs once when the server starts, before the first request: open and migrate the database, give an
// empty embedded one the demo data, and start the periodic prune of expired rows.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase, getDb } = await import("@/lib/db/client");
  const { seedEmbeddedIfEmpty } = await import("@/lib/demo/seed");
  const { startPruning } = await import("@/lib/maintenance/prune");
  await seedEmbeddedIfEmpty(await getDatabase());
  startPruning(getDb);
}
