// Runs once when the server starts: migrate (and seed an empty embedded database) before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getDatabase } = await import("@/lib/db/client");
    await getDatabase();
  }
}
