// Runs once when the server starts, before the first request: open and migrate the database, and
// give an empty embedded one the demo data.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("@/lib/db/client");
  const { seedEmbeddedIfEmpty } = await import("@/lib/demo/seed");
  await seedEmbeddedIfEmpty(await getDatabase());
}
