// npm run db:seed — migrate the configured database (DATABASE_URL, or the embedded one under DATA_DIR)
// and insert whatever of the demo data is missing, with months of activity for the insight charts.
// Safe to run again. Stop the app first when it uses the embedded database: PGlite allows one
// process per data folder.
import { openConfiguredDatabase } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed";
import { seedDemoActivity } from "@/lib/demo/activity/generate";

const database = await openConfiguredDatabase();
try {
  await seedDemo(database.db);
  // Activity is added only where a demo location has none, so running this again adds nothing.
  await seedDemoActivity(database.db);
  console.log(`Demo data is in place (${database.kind}).`);
} finally {
  await database.close();
}
