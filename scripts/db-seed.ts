// npm run db:seed — migrate the configured database (DATABASE_URL, or the embedded one under DATA_DIR)
// and insert whatever of the demo data is missing. Safe to run again. Stop the app first when it uses
// the embedded database: PGlite allows one process per data folder.
import { openConfiguredDatabase } from "@/lib/db/client";
import { seedDemo } from "@/lib/db/seed";

const database = await openConfiguredDatabase();
try {
  await seedDemo(database.db);
  console.log(`Demo data is in place (${database.kind}).`);
} finally {
  await database.close();
}
