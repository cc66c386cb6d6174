// npm run check — the app's integrity checks (lib/backup/integrity.ts: sibling positions, versions
// against the change records, foreign keys) on the configured database. Stop the app first when it
// uses the embedded database (PGlite allows one process per directory). Exits 1 on any problem.
import { runningApp } from "@/lib/backup/embedded";
import { checkIntegrity } from "@/lib/backup/integrity";
import { embeddedDataDir, openConfiguredDatabase } from "@/lib/db/client";
import { env } from "@/lib/server/env";

const app = env().DATABASE_URL ? null : runningApp(embeddedDataDir());
if (app) {
  console.error(
    `An app is running on ${embeddedDataDir()} (pid ${app.pid}): stop it, or check a backup of it after npm run restore elsewhere.`,
  );
  process.exit(1);
}
const database = await openConfiguredDatabase();
try {
  const report = await checkIntegrity(database.db);
  if (report.ok) console.log(`The ${database.kind} database passes the integrity checks.`);
  else console.error(`The ${database.kind} database fails the integrity checks:\n- ${report.problems.join("\n- ")}`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
